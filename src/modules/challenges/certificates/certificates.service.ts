import { EntityManager } from '@mikro-orm/postgresql';
import {
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
  ServiceUnavailableException,
} from '@nestjs/common';
import { randomBytes, randomInt } from 'node:crypto';
import { ByteBoundedMemo } from '../../../common/cache/byte-bounded-memo';
import { AuditService } from '../../audit/audit.service';
import { UserDataService } from '../../auth/user-data/user-data.service';
import { CatalogService } from '../../catalog/catalog.service';
import { TopicReader } from '../../graph/structure/topic-reader.service';
import type { CertificateSnapshot } from '../entities/certificate.entity';
import { renderCertificatePdf } from './certificate-pdf';
import { CertificatePageQuery, CertificateRecord, CertificatesRepository } from './certificates.repository';
import { CREDENTIAL_FORMAT, ISSUER_NAME, openBadgeCredential, STATUS_LIST_ID } from './credential';
import { CredentialSigner, IssuerPublicJwk, type PublicEd25519 } from './credential-signer';
import type { CertificateVerification } from './dto/certificates.dto';
import { drawStatusIndex, StatusIndexExhaustedError, statusIndexPool } from './status-list';
import { StatusListService } from './status-list.service';

/** 128 random bits, base64url: 22 characters. */
const CERTIFICATE_ID = /^[A-Za-z0-9_-]{22}$/;

export const CERTIFICATE_NOT_FOUND = 'Certificate not found';

/**
 * The name a re-issued certificate shows when its learner never chose one: the certificates issued before display
 * names existed named them by their e-mail's local part, which no longer appears anywhere public.
 */
export const UNNAMED_LEARNER = `${ISSUER_NAME} learner`;

/**
 * Printed certificates by what they show (id, credential signature, revoked): rendering one takes ~80 ms of CPU, so a
 * shared link opened many times renders once per process. A cache only: every process may keep its own.
 */
const PDF_CACHE_BYTES = 16 * 1024 * 1024;

/** How many outdated certificates one re-issue step reads at a time. */
const REISSUE_BATCH = 50;

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
export class CertificatesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(CertificatesService.name);
  /** The current key's record in certificate_signing_keys, made once per process before it first signs. */
  private keyRecorded: Promise<void> | null = null;
  private readonly pdfs = new ByteBoundedMemo(PDF_CACHE_BYTES);

  constructor(
    private readonly repo: CertificatesRepository,
    private readonly signer: CredentialSigner,
    private readonly statusList: StatusListService,
    private readonly users: UserDataService,
    private readonly catalog: CatalogService,
    private readonly structure: TopicReader,
    private readonly em: EntityManager,
    private readonly audit: AuditService,
  ) {}

  /**
   * Issues the learner's certificate for the challenge unless one exists (exactly one per learner and
   * challenge, also under concurrent calls); the caller has checked that every day is passed.
   *
   * A certificate names its learner publicly by the display name they chose (PUT /api/me/profile), never by
   * anything derived from their e-mail: anyone with the link sees it. Without a name nothing is issued (null), and
   * the challenge's progress asks for one (`certificateNeedsName`); reading the progress again then issues it. The
   * credential carries no e-mail identity hash (issue 27 §6). Its status list index is drawn at random over the list.
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
    const { displayName } = identity;
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
    await this.recordSigningKey();
    const pool = statusIndexPool(await this.repo.count());
    let stored: { id: string };
    try {
      stored = await drawStatusIndex(
        pool,
        async (statusIndex) => {
          const credentialJwt = await this.signer.sign(
            openBadgeCredential({ urls: this.signer.urls, certificateId: id, snapshot, statusIndex }),
          );
          const row = { id, userId, challengeId, subjectId: challenge.subjectId, snapshot, credentialJwt, statusIndex };
          if (await this.repo.insertIfAbsent({ ...row, issuedAt }, CREDENTIAL_FORMAT)) return { id };
          // a concurrent call stored the learner's certificate first, or the drawn index is taken (then draw again)
          const winner = await this.repo.idFor(userId, challengeId);
          return winner ? { id: winner } : false;
        },
        randomInt,
      );
    } catch (err) {
      if (err instanceof StatusIndexExhaustedError) throw new ServiceUnavailableException('Try again in a moment');
      throw err;
    }
    return stored;
  }

  /** Records the current signing key by kid (once per process; idempotent across processes). */
  recordSigningKey(): Promise<void> {
    this.keyRecorded ??= this.repo.recordSigningKey(this.signer.kid, this.signer.publicJwk.x).catch((err) => {
      this.keyRecorded = null;
      throw err;
    });
    return this.keyRecorded;
  }

  /**
   * At boot, before the API listens: records the signing key, then re-signs the certificates issued under older rules
   * (every instance may run it at once: each certificate is replaced once, the others find it done).
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.recordSigningKey();
    try {
      const reissued = await this.reissueOutdated();
      if (reissued > 0) this.logger.log({ reissued }, 'Re-signed certificates issued under older rules');
    } catch (err) {
      // The API still starts: every public read re-issues an outdated certificate before showing it (require()),
      // and the next boot tries the rest again.
      this.logger.error({ err }, 'Could not re-sign the certificates issued under older rules');
    }
  }

  /**
   * Re-issues every certificate whose credential was made under older rules (issue 27 §6): same id, same status
   * index, same issue date, re-signed with the current key; the learner is named by their display name (or
   * UNNAMED_LEARNER), never by anything from their e-mail, and the e-mail identity hash and its salt are gone.
   * Returns how many this call replaced.
   */
  async reissueOutdated(): Promise<number> {
    let replaced = 0;
    for (;;) {
      const batch = await this.repo.outdated(CREDENTIAL_FORMAT, REISSUE_BATCH);
      if (!batch.length) return replaced;
      for (const c of batch) if (await this.reissue(c)) replaced++;
    }
  }

  private async reissue(c: CertificateRecord): Promise<boolean> {
    await this.recordSigningKey();
    const identity = await this.users.identity(c.userId);
    const snapshot: CertificateSnapshot = {
      ...c.snapshot,
      learnerName: identity?.displayName || UNNAMED_LEARNER,
      issuedAt: c.snapshot.issuedAt ?? new Date(c.issuedAt).toISOString(),
    };
    const credentialJwt = await this.signer.sign(
      openBadgeCredential({ urls: this.signer.urls, certificateId: c.id, snapshot, statusIndex: c.statusIndex }),
    );
    return this.repo.replaceCredential(c.id, snapshot, credentialJwt, CREDENTIAL_FORMAT);
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

  /**
   * The issuer profile: the key that signs now (`publicKeyJwk`) and every key it has signed with (`keys`, a JWKS), so
   * certificates signed before a key rotation stay verifiable by anyone.
   */
  async issuer(): Promise<{
    id: string;
    type: ['Profile'];
    name: string;
    url: string;
    publicKeyJwk: IssuerPublicJwk;
    keys: IssuerPublicJwk[];
  }> {
    const { issuerId, publicUrl } = this.signer.urls;
    return {
      id: issuerId,
      type: ['Profile'],
      name: ISSUER_NAME,
      url: publicUrl,
      publicKeyJwk: this.signer.publicJwk,
      keys: await this.jwks(),
    };
  }

  /** Every public key the issuer has signed with (the current one first), as a JWKS's `keys`. */
  async jwks(): Promise<IssuerPublicJwk[]> {
    await this.recordSigningKey();
    const recorded = await this.repo.signingKeys();
    return [
      this.signer.publicJwk,
      ...recorded
        .filter((k) => k.kid !== this.signer.kid)
        .map((k): IssuerPublicJwk => ({ kty: 'OKP', crv: 'Ed25519', x: k.x, kid: k.kid, alg: 'EdDSA', use: 'sig' })),
    ];
  }

  /** A key this issuer signed with, by kid (for credentials signed before a rotation). */
  private readonly keyByKid = async (kid: string): Promise<PublicEd25519 | null> => {
    const found = await this.repo.signingKey(kid);
    return found ? { x: found.x } : null;
  };

  /**
   * A certificate by id, as it may be shown publicly: one still made under older rules (the boot re-issue has not
   * reached it yet, or failed) is re-issued first, so nothing derived from an e-mail is ever served.
   */
  private async require(id: string): Promise<CertificateRecord> {
    const found = CERTIFICATE_ID.test(id) ? await this.repo.findById(id) : null;
    if (!found) throw new NotFoundException(CERTIFICATE_NOT_FOUND);
    if (found.credentialFormat >= CREDENTIAL_FORMAT) return found;
    await this.reissue(found);
    const current = await this.repo.findById(id);
    if (!current) throw new NotFoundException(CERTIFICATE_NOT_FOUND);
    return current;
  }

  /** The public record of a certificate (snapshot, dates, status) without its verification. */
  async publicRecord(id: string): Promise<CertificateRecord> {
    return this.require(id);
  }

  /** The learner's own certificates, newest first, each with its current status (from the status list). */
  async mine(userId: string): Promise<{ certificate: CertificateRecord; revoked: boolean }[]> {
    const rows = await this.repo.listForUser(userId);
    const current = await Promise.all(
      rows.map((c) => (c.credentialFormat >= CREDENTIAL_FORMAT ? c : this.require(c.id))),
    );
    return Promise.all(
      current.map(async (certificate) => ({
        certificate,
        revoked: await this.statusList.isSet(certificate.statusIndex),
      })),
    );
  }

  /** Checks a stored certificate again, server side: its signature and its bit in the status list as served. */
  async verifyStored(id: string): Promise<CertificateVerification> {
    return this.verify((await this.require(id)).credentialJwt);
  }

  /** The public page's certificate: its snapshot, its credential, and the same check anyone can run. */
  async publicCertificate(
    id: string,
  ): Promise<{ certificate: CertificateRecord; credential: Record<string, unknown>; check: CertificateVerification }> {
    const certificate = await this.require(id);
    const check = await this.verify(certificate.credentialJwt);
    return { certificate, credential: payloadOf(certificate.credentialJwt), check };
  }

  /** The issuer's public origin and name, for the certificate's links. */
  issuerInfo(): { publicUrl: string; name: string } {
    return { publicUrl: this.signer.urls.publicUrl, name: ISSUER_NAME };
  }

  /** The printable certificate (PDF), marked when revoked. */
  async pdf(id: string): Promise<Buffer> {
    const c = await this.require(id);
    const s = c.snapshot;
    const revoked = await this.statusList.isSet(c.statusIndex);
    // the signature changes whenever the certificate is re-signed (a new name, a new key), the bit when revoked
    const key = `${c.id}|${c.credentialJwt.slice(c.credentialJwt.lastIndexOf('.') + 1)}|${revoked}`;
    const cached = this.pdfs.get(key);
    if (cached !== undefined) return Buffer.from(cached, 'base64');
    const pdf = await renderCertificatePdf({
      id: c.id,
      learnerName: s.learnerName,
      challengeName: s.challengeName,
      subjectTitle: s.subjectTitle,
      days: s.days,
      issuedAt: s.issuedAt,
      issuerName: ISSUER_NAME,
      pageUrl: `${this.signer.urls.publicUrl}/certificates/${encodeURIComponent(c.id)}`,
      revoked,
    });
    this.pdfs.set(key, pdf.toString('base64'));
    return pdf;
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
    const signed = await this.signer.verify(jwt, this.keyByKid);
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

  /** The Studio list; holders' e-mail addresses only for admins (`withEmail`), never for the studio role. */
  async list(
    query: CertificatePageQuery,
    withEmail: boolean,
  ): Promise<{ rows: { c: CertificateRecord; email: string | null }[]; total: number }> {
    const { rows, total } = await this.repo.list(query);
    const emails = withEmail ? await Promise.all(rows.map((c) => this.users.email(c.userId))) : rows.map(() => null);
    return { rows: rows.map((c, i) => ({ c, email: emails[i] })), total };
  }

  /** Revokes a certificate: its status list bit is set from now on (409 when it already is); audited with it. */
  async revoke(id: string, reason: string, adminId: string): Promise<CertificateRecord> {
    const found = CERTIFICATE_ID.test(id)
      ? await this.em.transactional(async (tx) => {
          const revoked = await this.repo.revoke(tx, id, reason, adminId);
          if (revoked)
            await this.audit.record(
              {
                actorId: adminId,
                action: 'certificate.revoke',
                target: { type: 'certificate', id },
                details: { reason, challengeId: revoked.challengeId, userId: revoked.userId },
              },
              tx,
            );
          return revoked;
        })
      : null;
    if (found) return found;
    await this.require(id);
    throw new ConflictException('This certificate is already revoked');
  }
}
