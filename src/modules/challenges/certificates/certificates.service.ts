import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { UserDataService } from '../../auth/user-data/user-data.service';
import { CatalogService } from '../../catalog/catalog.service';
import { TopicReader } from '../../graph/structure/topic-reader.service';
import type { CertificateSnapshot } from '../entities/certificate.entity';
import { CertificatePageQuery, CertificateRecord, CertificatesRepository } from './certificates.repository';
import { ISSUER_NAME, openBadgeCredential, STATUS_LIST_ID } from './credential';
import { CredentialSigner, IssuerPublicJwk } from './credential-signer';
import type { CertificateVerification } from './dto/certificates.dto';
import { StatusListService } from './status-list.service';

/** 128 random bits, base64url: 22 characters. */
const CERTIFICATE_ID = /^[A-Za-z0-9_-]{22}$/;

export const CERTIFICATE_NOT_FOUND = 'Certificate not found';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The payload of a stored VC-JWT of ours, read without checking it (for display; the check is separate). */
function payloadOf(jwt: string): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return isObject(payload) ? payload : {};
  } catch {
    return {};
  }
}

/**
 * Certificates of completed challenges (docs/challenges-api.md): issued once per learner and challenge,
 * a snapshot of what they certify, signed as an Open Badges 3.0 credential, revocable through a status list.
 */
@Injectable()
export class CertificatesService {
  constructor(
    private readonly repo: CertificatesRepository,
    private readonly signer: CredentialSigner,
    private readonly statusList: StatusListService,
    private readonly users: UserDataService,
    private readonly catalog: CatalogService,
    private readonly structure: TopicReader,
  ) {}

  /**
   * Issues the learner's certificate for the challenge unless one exists (exactly one per learner and
   * challenge, also under concurrent calls); the caller has checked that every day is passed.
   *
   * A certificate names its learner publicly by the display name they chose (PUT /api/me/profile), never by
   * anything derived from their e-mail: anyone with the link sees it. Without a name nothing is issued (null), and
   * the challenge's progress asks for one (`certificateNeedsName`); reading the progress again then issues it. The
   * credential also carries a salted hash of the full address, so someone who knows it can check the certificate
   * names that person.
   */
  async issueIfNotIssued(
    userId: string,
    challengeId: string,
    /** when the learner's first passed day unlocked and their last was passed (the challenges module knows) */
    activity?: { startDate: string; endDate: string },
  ): Promise<{ id: string } | null> {
    const existing = await this.repo.idFor(userId, challengeId);
    if (existing) return { id: existing };
    const challenge = await this.repo.findChallenge(challengeId);
    if (!challenge) throw new NotFoundException('Challenge not found');
    const identity = await this.users.identity(userId);
    if (!identity) throw new NotFoundException('User not found');
    const { email, displayName } = identity;
    if (!displayName) return null;
    const [subject, contentVersion] = await Promise.all([
      this.catalog.subjectSummary(challenge.subjectId),
      this.structure.publishedVersion(challenge.subjectId),
    ]);
    const issuedAt = new Date();
    const snapshot: CertificateSnapshot = {
      learnerName: displayName,
      challengeId: challenge.id,
      challengeName: challenge.name,
      subjectId: challenge.subjectId,
      subjectTitle: subject?.title ?? challenge.subjectId,
      days: challenge.daysCount,
      issuedAt: issuedAt.toISOString(),
      contentVersion,
      ...(activity ? { activityStartDate: activity.startDate, activityEndDate: activity.endDate } : {}),
    };
    const id = randomBytes(16).toString('base64url');
    const statusIndex = await this.repo.nextStatusIndex();
    const credentialJwt = await this.signer.sign(
      openBadgeCredential({
        urls: this.signer.urls,
        certificateId: id,
        snapshot,
        email,
        salt: randomBytes(16).toString('hex'),
        statusIndex,
      }),
    );
    const stored = await this.repo.insertIfAbsent({
      id,
      userId,
      challengeId,
      subjectId: challenge.subjectId,
      snapshot,
      credentialJwt,
      statusIndex,
      issuedAt,
    });
    if (stored) return { id };
    // a concurrent call stored the learner's certificate first (its status index stays unused: a 0 bit)
    const winner = await this.repo.idFor(userId, challengeId);
    if (!winner) throw new Error(`certificate of ${userId} for ${challengeId}: neither stored nor found`);
    return { id: winner };
  }

  /** The id of the learner's certificate for the challenge, or null. */
  idFor(userId: string, challengeId: string): Promise<string | null> {
    return this.repo.idFor(userId, challengeId);
  }

  /** Certificates issued per challenge id (revoked ones included). */
  async countsByChallenge(): Promise<Map<string, number>> {
    const rows = await this.repo.countsByChallenge();
    return new Map(rows.map((r) => [r.challengeId, r.count]));
  }

  /** The issuer profile with the public key that verifies every credential. */
  issuer(): { id: string; type: ['Profile']; name: string; url: string; publicKeyJwk: IssuerPublicJwk } {
    const { issuerId, publicUrl } = this.signer.urls;
    return { id: issuerId, type: ['Profile'], name: ISSUER_NAME, url: publicUrl, publicKeyJwk: this.signer.publicJwk };
  }

  private async require(id: string): Promise<CertificateRecord> {
    const found = CERTIFICATE_ID.test(id) ? await this.repo.findById(id) : null;
    if (!found) throw new NotFoundException(CERTIFICATE_NOT_FOUND);
    return found;
  }

  /** The public page's certificate: its snapshot, its credential, and the same check anyone can run. */
  async publicCertificate(
    id: string,
  ): Promise<{ certificate: CertificateRecord; credential: Record<string, unknown>; check: CertificateVerification }> {
    const certificate = await this.require(id);
    const check = await this.verify(certificate.credentialJwt);
    return { certificate, credential: payloadOf(certificate.credentialJwt), check };
  }

  /** The signed credential as stored (a VC-JWT). */
  async credentialJwt(id: string): Promise<string> {
    return (await this.require(id)).credentialJwt;
  }

  /**
   * Checks a VC-JWT as any verifier would: the signature against the issuer key, then, in the signed
   * payload, that it is an OpenBadgeCredential of this issuer with an entry in its revocation list, and
   * that entry's bit.
   */
  async verify(jwt: string): Promise<CertificateVerification> {
    const signed = await this.signer.verify(jwt);
    if (!signed.ok) return { signatureValid: false, revoked: false, errors: [signed.error], credential: null };
    const credential = isObject(signed.payload) ? signed.payload : {};
    const errors: string[] = [];
    const types = credential.type;
    if (!Array.isArray(types) || !types.includes('OpenBadgeCredential')) {
      errors.push('The credential is not an OpenBadgeCredential');
    }
    const issuer = credential.issuer;
    const issuerId = isObject(issuer) ? issuer.id : issuer;
    if (issuerId !== this.signer.urls.issuerId)
      errors.push(`The credential's issuer is not ${this.signer.urls.issuerId}`);
    let revoked = false;
    const status = credential.credentialStatus;
    if (
      !isObject(status) ||
      status.type !== 'BitstringStatusListEntry' ||
      status.statusPurpose !== 'revocation' ||
      status.statusListCredential !== this.signer.urls.statusListUrl ||
      typeof status.statusListIndex !== 'string' ||
      !/^\d{1,9}$/.test(status.statusListIndex)
    ) {
      errors.push(`The credential has no revocation entry in status list ${STATUS_LIST_ID} of this issuer`);
    } else {
      try {
        revoked = await this.statusList.isSet(Number(status.statusListIndex));
      } catch {
        errors.push("The credential's status list index is outside the status list");
      }
    }
    return { signatureValid: true, revoked, errors, credential };
  }

  async list(
    query: CertificatePageQuery,
  ): Promise<{ rows: { c: CertificateRecord; email: string | null }[]; total: number }> {
    const { rows, total } = await this.repo.list(query);
    const emails = await Promise.all(rows.map((c) => this.users.email(c.userId)));
    return { rows: rows.map((c, i) => ({ c, email: emails[i] })), total };
  }

  /** Revokes a certificate: its status list bit is set from now on (409 when it already is). */
  async revoke(id: string, reason: string, adminId: string): Promise<CertificateRecord> {
    const found = CERTIFICATE_ID.test(id) ? await this.repo.revoke(id, reason, adminId) : null;
    if (found) return found;
    await this.require(id);
    throw new ConflictException('This certificate is already revoked');
  }
}
