import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { raListQueryDto, type RaListSpec } from '../../../../common/http/ra-list';
import type { CertificateRecord } from '../certificates.repository';
import type { IssuerPublicJwk } from '../credential-signer';

export class CertificateIdParam {
  @ApiProperty({ description: 'a certificate id' })
  // any text up to the cap: a malformed id is simply no certificate (404), as an unknown one
  @IsString()
  @MaxLength(200, { message: 'not a certificate id' })
  id!: string;
}

export class StatusListParam {
  @ApiProperty({ description: 'a status list id', example: '1' })
  @IsString()
  @MaxLength(20, { message: 'not a status list' })
  list!: string;
}

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RevokeCertificateDto {
  @ApiProperty({ description: 'why the certificate is revoked (kept with it; not shown publicly)', maxLength: 500 })
  @Transform(trimmed)
  @IsString({ message: 'reason must be a string' })
  @MinLength(1, { message: 'reason must not be empty' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason!: string;
}

export class VerifyCredentialDto {
  @ApiProperty({ description: 'a certificate as downloaded: the VC-JWT (compact JWS)' })
  @IsString({ message: 'credential must be a string (the VC-JWT)' })
  @MaxLength(65536, { message: 'credential is too large' })
  credential!: string;
}

export const CERTIFICATE_SORT_FIELDS = ['issuedAt', 'challengeId', 'userId', 'id'] as const;
export type CertificateSortField = (typeof CERTIFICATE_SORT_FIELDS)[number];

const CERTIFICATE_FILTERS = { challengeId: 'string', userId: 'string', revoked: 'boolean', id: 'ids' } as const;

/** What `GET /api/admin/certificates` sorts and filters by; newest first. */
export const CERTIFICATE_LIST: RaListSpec<CertificateSortField, typeof CERTIFICATE_FILTERS> = {
  resource: 'certificates',
  sortFields: CERTIFICATE_SORT_FIELDS,
  defaultSort: { field: 'issuedAt', order: 'DESC' },
  filters: CERTIFICATE_FILTERS,
  maxPageSize: 100,
};

export class CertificateListQueryDto extends raListQueryDto({
  sortFields: CERTIFICATE_SORT_FIELDS,
  sortExample: '["issuedAt","DESC"]',
  filter: 'challengeId (a challenge id), userId (a user id), revoked (boolean), id (list of certificate ids)',
  filterExample: '{"challengeId":"vagus-breath-7"}',
  maxPageSize: CERTIFICATE_LIST.maxPageSize,
}) {}

class PublicKeyJwkResponse implements IssuerPublicJwk {
  @ApiProperty({ enum: ['OKP'] }) kty!: 'OKP';
  @ApiProperty({ enum: ['Ed25519'] }) crv!: 'Ed25519';
  @ApiProperty({ description: 'the public key, base64url' }) x!: string;
  @ApiProperty({ description: 'the kid in the header of every credential this key signs' }) kid!: string;
  @ApiProperty({ enum: ['EdDSA'] }) alg!: 'EdDSA';
  @ApiProperty({ enum: ['sig'] }) use!: 'sig';
}

export class IssuerResponse {
  @ApiProperty({ example: 'https://learn.example.com/api/issuer' }) id!: string;
  @ApiProperty({ type: [String], example: ['Profile'] }) type!: string[];
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'https://learn.example.com' }) url!: string;
  @ApiProperty({ type: PublicKeyJwkResponse, description: 'the Ed25519 public key that verifies every credential' })
  publicKeyJwk!: PublicKeyJwkResponse;
}

export class CertificateSnapshotResponse {
  @ApiProperty({ description: 'the learner as the certificate names them (the local part of their e-mail address)' })
  learnerName!: string;
  @ApiProperty() challengeId!: string;
  @ApiProperty() challengeName!: string;
  @ApiProperty() subjectId!: string;
  @ApiProperty() subjectTitle!: string;
  @ApiProperty({ description: 'the number of days of the challenge' }) days!: number;
  @ApiProperty() issuedAt!: string;
  @ApiProperty({
    description: "the subject's latest published content version at issue time (0: as imported, before any publish)",
  })
  contentVersion!: number;
}

export class CertificateVerificationResponse {
  @ApiProperty({ description: "the stored credential's signature checks with the issuer key" })
  signatureValid!: boolean;
  @ApiProperty({ description: "the credential's bit in the revocation status list is set" }) revoked!: boolean;
  @ApiProperty({ type: String, nullable: true }) revokedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
}

export class CertificateResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ type: CertificateSnapshotResponse }) snapshot!: CertificateSnapshotResponse;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'the OpenBadgeCredential JSON (the payload of the signed VC-JWT)',
  })
  credential!: Record<string, unknown>;
  @ApiProperty({ type: CertificateVerificationResponse }) verification!: CertificateVerificationResponse;
}

export class VerifyCredentialResponse {
  @ApiProperty() signatureValid!: boolean;
  @ApiProperty() revoked!: boolean;
  @ApiProperty({ type: [String], description: 'what is wrong with the credential; empty when nothing is' })
  errors!: string[];
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'the credential JSON when the signature checks (null otherwise: an unsigned claim proves nothing)',
  })
  credential!: Record<string, unknown> | null;
}

export class AdminCertificateResponse {
  @ApiProperty() id!: string;
  @ApiProperty() userId!: string;
  @ApiProperty({ type: String, nullable: true, description: "the learner's current e-mail address" })
  userEmail!: string | null;
  @ApiProperty() challengeId!: string;
  @ApiProperty() issuedAt!: string;
  @ApiProperty() revoked!: boolean;
}

export class RevokeCertificateResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: [true] }) revoked!: true;
  @ApiProperty() revokedAt!: string;
  @ApiProperty() reason!: string;
}

export interface CertificateVerification {
  signatureValid: boolean;
  revoked: boolean;
  errors: string[];
  credential: Record<string, unknown> | null;
}

export function toCertificateResponse(
  c: CertificateRecord,
  credential: Record<string, unknown>,
  check: CertificateVerification,
): CertificateResponse {
  const s = c.snapshot;
  return {
    id: c.id,
    snapshot: {
      learnerName: s.learnerName,
      challengeId: s.challengeId,
      challengeName: s.challengeName,
      subjectId: s.subjectId,
      subjectTitle: s.subjectTitle,
      days: s.days,
      issuedAt: s.issuedAt,
      contentVersion: s.contentVersion,
    },
    credential,
    verification: {
      signatureValid: check.signatureValid,
      revoked: check.revoked,
      revokedAt: c.revokedAt ? new Date(c.revokedAt).toISOString() : null,
      reason: c.revokedReason,
    },
  };
}

export function toVerifyCredentialResponse(check: CertificateVerification): VerifyCredentialResponse {
  return {
    signatureValid: check.signatureValid,
    revoked: check.revoked,
    errors: check.errors,
    credential: check.credential,
  };
}

export function toAdminCertificateResponse(c: CertificateRecord, userEmail: string | null): AdminCertificateResponse {
  return {
    id: c.id,
    userId: c.userId,
    userEmail,
    challengeId: c.challengeId,
    issuedAt: new Date(c.issuedAt).toISOString(),
    revoked: c.revokedAt !== null,
  };
}

export function toRevokeCertificateResponse(c: CertificateRecord): RevokeCertificateResponse {
  return {
    id: c.id,
    revoked: true,
    revokedAt: new Date(c.revokedAt!).toISOString(),
    reason: c.revokedReason ?? '',
  };
}
