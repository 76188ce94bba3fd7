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
  @ApiProperty({ type: PublicKeyJwkResponse, description: 'the Ed25519 public key that signs new credentials' })
  publicKeyJwk!: PublicKeyJwkResponse;
  @ApiProperty({
    type: [PublicKeyJwkResponse],
    description:
      "every key the issuer has signed with, the current one first: a credential's header `kid` names the one that verifies it (earlier keys stay after a rotation)",
  })
  keys!: PublicKeyJwkResponse[];
}

/** `GET /api/issuer/jwks`: the same keys as a JSON Web Key Set (RFC 7517). */
export class JwksResponse {
  @ApiProperty({ type: [PublicKeyJwkResponse] }) keys!: PublicKeyJwkResponse[];
}

export class CertificateSnapshotResponse {
  @ApiProperty({ description: 'the learner as the certificate names them: the display name they chose' })
  learnerName!: string;
  @ApiProperty() challengeId!: string;
  @ApiProperty() challengeName!: string;
  @ApiProperty() subjectId!: string;
  @ApiProperty() subjectTitle!: string;
  @ApiProperty({ description: 'the number of days of the challenge' }) days!: number;
  @ApiProperty() issuedAt!: string;
}

export class CertificateVerificationResponse {
  @ApiProperty({ description: "the stored credential's signature checks with the issuer key" })
  signatureValid!: boolean;
  @ApiProperty({ description: "the credential's bit in the revocation status list is set" }) revoked!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'when it was revoked (why is for admins only)' })
  revokedAt!: string | null;
}

/** Where a certificate can be seen, printed, downloaded and added to a LinkedIn profile. */
export class CertificateLinksResponse {
  @ApiProperty({
    description: 'the public page, /certificates/{id}',
    example: 'https://learn.example.com/certificates/x',
  })
  page!: string;
  @ApiProperty({ description: 'the printable PDF (A4 landscape)' }) pdf!: string;
  @ApiProperty({ description: 'the Open Badges 3.0 credential (a VC-JWT), as a download' }) credential!: string;
  @ApiProperty({ description: "LinkedIn's add-to-profile link with the certification's fields filled in" })
  linkedIn!: string;
}

export class CertificateResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ type: CertificateSnapshotResponse }) snapshot!: CertificateSnapshotResponse;
  @ApiProperty({ description: 'the issuer, as the credential names it' }) issuerName!: string;
  @ApiProperty({ type: CertificateLinksResponse }) links!: CertificateLinksResponse;
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

/** `POST /api/certificates/{id}/verify`: the stored certificate checked again, server side. */
export class CertificateCheckResponse {
  @ApiProperty({
    enum: ['verified', 'revoked', 'invalid'],
    description: 'verified: the signature checks and the status list bit is clear; revoked: the bit is set',
  })
  status!: 'verified' | 'revoked' | 'invalid';
  @ApiProperty() signatureValid!: boolean;
  @ApiProperty() revoked!: boolean;
  @ApiProperty({ type: [String], description: 'what is wrong with the credential; empty when nothing is' })
  errors!: string[];
  @ApiProperty({ description: 'when the check ran' }) checkedAt!: string;
}

/** One of the caller's own certificates (`GET /api/me/certificates`). */
export class MyCertificateResponse {
  @ApiProperty() id!: string;
  @ApiProperty() challengeId!: string;
  @ApiProperty() challengeName!: string;
  @ApiProperty() subjectTitle!: string;
  @ApiProperty({ description: 'the name the certificate shows' }) learnerName!: string;
  @ApiProperty() days!: number;
  @ApiProperty() issuedAt!: string;
  @ApiProperty({ description: "the certificate's bit in the revocation status list is set" }) revoked!: boolean;
  @ApiProperty({ type: CertificateLinksResponse }) links!: CertificateLinksResponse;
}

export class MyCertificatesResponse {
  @ApiProperty({ type: [MyCertificateResponse], description: 'newest first' })
  certificates!: MyCertificateResponse[];
}

export class AdminCertificateResponse {
  @ApiProperty() id!: string;
  @ApiProperty() userId!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "the learner's current e-mail address: for admins only (null for the studio role)",
  })
  userEmail!: string | null;
  @ApiProperty() challengeId!: string;
  @ApiProperty() issuedAt!: string;
  @ApiProperty() revoked!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'why it was revoked: for admins only' })
  revokedReason!: string | null;
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

/** The certificate's URLs under the installation's public origin, and its LinkedIn add-to-profile link. */
export function certificateLinks(
  c: CertificateRecord,
  publicUrl: string,
  organizationName: string,
): CertificateLinksResponse {
  const id = encodeURIComponent(c.id);
  const page = `${publicUrl}/certificates/${id}`;
  const issued = new Date(c.snapshot.issuedAt ?? c.issuedAt);
  // https://addtoprofile.linkedin.com/: a plain link, LinkedIn is never called from here
  const linkedIn = new URL('https://www.linkedin.com/profile/add');
  linkedIn.search = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: c.snapshot.challengeName,
    organizationName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: page,
    certId: c.id,
  }).toString();
  return {
    page,
    pdf: `${publicUrl}/api/certificates/${id}/pdf`,
    credential: `${publicUrl}/api/certificates/${id}/credential`,
    linkedIn: linkedIn.toString(),
  };
}

/**
 * The public certificate: the snapshot without the content version, the credential, the verification (revoked and
 * when, never why: the reason is for admins) and where to get it.
 */
export function toCertificateResponse(
  c: CertificateRecord,
  credential: Record<string, unknown>,
  check: CertificateVerification,
  issuer: { publicUrl: string; name: string },
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
    },
    issuerName: issuer.name,
    links: certificateLinks(c, issuer.publicUrl, issuer.name),
    credential,
    verification: {
      signatureValid: check.signatureValid,
      revoked: check.revoked,
      revokedAt: check.revoked && c.revokedAt ? new Date(c.revokedAt).toISOString() : null,
    },
  };
}

export function toCertificateCheckResponse(check: CertificateVerification, at: Date): CertificateCheckResponse {
  const ok = check.signatureValid && check.errors.length === 0;
  return {
    status: !ok ? 'invalid' : check.revoked ? 'revoked' : 'verified',
    signatureValid: check.signatureValid,
    revoked: check.revoked,
    errors: check.errors,
    checkedAt: at.toISOString(),
  };
}

export function toMyCertificateResponse(
  c: CertificateRecord,
  revoked: boolean,
  issuer: { publicUrl: string; name: string },
): MyCertificateResponse {
  const s = c.snapshot;
  return {
    id: c.id,
    challengeId: s.challengeId,
    challengeName: s.challengeName,
    subjectTitle: s.subjectTitle,
    learnerName: s.learnerName,
    days: s.days,
    issuedAt: s.issuedAt,
    revoked,
    links: certificateLinks(c, issuer.publicUrl, issuer.name),
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

/** A row of the Studio list: e-mail and revocation reason only when the caller is an admin (`forAdmin`). */
export function toAdminCertificateResponse(
  c: CertificateRecord,
  userEmail: string | null,
  forAdmin: boolean,
): AdminCertificateResponse {
  return {
    id: c.id,
    userId: c.userId,
    userEmail: forAdmin ? userEmail : null,
    challengeId: c.challengeId,
    issuedAt: new Date(c.issuedAt).toISOString(),
    revoked: c.revokedAt !== null,
    revokedReason: forAdmin ? c.revokedReason : null,
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
