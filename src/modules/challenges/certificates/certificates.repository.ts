import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CertificateSnapshot } from '../entities/certificate.entity';

export interface CertificateRecord {
  id: string;
  userId: string;
  challengeId: string;
  subjectId: string;
  snapshot: CertificateSnapshot;
  credentialJwt: string;
  statusIndex: number;
  issuedAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
  revokedBy: string | null;
  credentialFormat: number;
}

/** An issuer public key as recorded at its first use. */
export interface SigningKeyRecord {
  kid: string;
  x: string;
  firstUsedAt: Date;
}

/** The challenge a certificate certifies, as it is now (the snapshot copies it). */
export interface ChallengeFacts {
  id: string;
  name: string;
  subjectId: string;
  daysCount: number;
}

/** Sortable columns, by the name the API uses. */
export const CERTIFICATE_ORDER = {
  issuedAt: 'issued_at',
  challengeId: 'challenge_id',
  userId: 'user_id',
  id: 'id',
} as const;

export interface CertificatePageQuery {
  sort: keyof typeof CERTIFICATE_ORDER;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  challengeId?: string;
  userId?: string;
  revoked?: boolean;
  ids?: string[];
}

const COLUMNS = `id, user_id as "userId", challenge_id as "challengeId", subject_id as "subjectId", snapshot,
  credential_jwt as "credentialJwt", status_index as "statusIndex", issued_at as "issuedAt", revoked_at as "revokedAt",
  revoked_reason as "revokedReason", revoked_by as "revokedBy", credential_format as "credentialFormat"`;

@Injectable()
export class CertificatesRepository {
  constructor(private readonly em: EntityManager) {}

  async findChallenge(challengeId: string): Promise<ChallengeFacts | null> {
    const rows = await this.em.execute<ChallengeFacts[]>(
      `select id, name, subject_id as "subjectId", days_count as "daysCount" from challenges where id = ?`,
      [challengeId],
    );
    return rows[0] ?? null;
  }

  async idFor(userId: string, challengeId: string): Promise<string | null> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from certificates where user_id = ? and challenge_id = ?`,
      [userId, challengeId],
    );
    return rows[0]?.id ?? null;
  }

  async count(): Promise<number> {
    const rows = await this.em.execute<{ n: number }[]>(`select count(*)::int as n from certificates`);
    return rows[0].n;
  }

  /**
   * Inserts the certificate unless the learner has one for the challenge already or its status index is taken (then
   * nothing changes: the unique keys decide between racing issues); returns whether this one was stored.
   */
  async insertIfAbsent(
    c: Omit<CertificateRecord, 'revokedAt' | 'revokedReason' | 'revokedBy' | 'credentialFormat'>,
    credentialFormat: number,
  ): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into certificates
         (id, user_id, challenge_id, subject_id, snapshot, credential_jwt, status_index, issued_at, credential_format)
       values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)
       on conflict do nothing
       returning id`,
      [
        c.id,
        c.userId,
        c.challengeId,
        c.subjectId,
        JSON.stringify(c.snapshot),
        c.credentialJwt,
        c.statusIndex,
        c.issuedAt,
        credentialFormat,
      ],
    );
    return rows.length > 0;
  }

  /** Certificates whose credential was made under older rules than `format`, oldest first. */
  async outdated(format: number, limit: number): Promise<CertificateRecord[]> {
    return this.em.execute<CertificateRecord[]>(
      `select ${COLUMNS} from certificates where credential_format < ? order by issued_at, id limit ?`,
      [format, limit],
    );
  }

  /**
   * Replaces an outdated certificate's snapshot and credential (same id, same status index); false when another
   * process did it first.
   */
  async replaceCredential(
    id: string,
    snapshot: CertificateRecord['snapshot'],
    credentialJwt: string,
    format: number,
  ): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update certificates set snapshot = ?::jsonb, credential_jwt = ?, credential_format = ?
       where id = ? and credential_format < ? returning id`,
      [JSON.stringify(snapshot), credentialJwt, format, id, format],
    );
    return rows.length > 0;
  }

  /** The learner's own certificates, newest first. */
  async listForUser(userId: string): Promise<CertificateRecord[]> {
    return this.em.execute<CertificateRecord[]>(
      `select ${COLUMNS} from certificates where user_id = ? order by issued_at desc, id`,
      [userId],
    );
  }

  /** Records an issuer public key at its first use (a key already recorded keeps its first date). */
  async recordSigningKey(kid: string, x: string): Promise<void> {
    await this.em.execute(
      `insert into certificate_signing_keys (kid, public_jwk) values (?, ?::jsonb) on conflict (kid) do nothing`,
      [kid, JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x })],
    );
  }

  async signingKey(kid: string): Promise<SigningKeyRecord | null> {
    const rows = await this.em.execute<SigningKeyRecord[]>(
      `select kid, public_jwk->>'x' as x, first_used_at as "firstUsedAt" from certificate_signing_keys where kid = ?`,
      [kid],
    );
    return rows[0] ?? null;
  }

  /** Every key the issuer has signed with, oldest first. */
  async signingKeys(): Promise<SigningKeyRecord[]> {
    return this.em.execute<SigningKeyRecord[]>(
      `select kid, public_jwk->>'x' as x, first_used_at as "firstUsedAt" from certificate_signing_keys
       order by first_used_at, kid`,
    );
  }

  async findById(id: string): Promise<CertificateRecord | null> {
    const rows = await this.em.execute<CertificateRecord[]>(`select ${COLUMNS} from certificates where id = ?`, [id]);
    return rows[0] ?? null;
  }

  /** Revokes a certificate that is not revoked yet; null when there is no such unrevoked certificate. */
  async revoke(em: EntityManager, id: string, reason: string, by: string): Promise<CertificateRecord | null> {
    const rows = await em.execute<CertificateRecord[]>(
      `update certificates set revoked_at = now(), revoked_reason = ?, revoked_by = ?
       where id = ? and revoked_at is null returning ${COLUMNS}`,
      [reason, by, id],
    );
    return rows[0] ?? null;
  }

  /** What the status list is made of: the highest index handed out, and the revoked ones. */
  async statusBits(): Promise<{ highestIndex: number; revoked: number[] }> {
    const rows = await this.em.execute<{ highest: number | null; revoked: number[] }[]>(
      `select max(status_index) as highest,
         coalesce(array_agg(status_index order by status_index) filter (where revoked_at is not null), '{}') as revoked
       from certificates`,
    );
    return { highestIndex: rows[0]?.highest ?? 0, revoked: rows[0]?.revoked ?? [] };
  }

  async countsByChallenge(): Promise<{ challengeId: string; count: number }[]> {
    return this.em.execute<{ challengeId: string; count: number }[]>(
      `select challenge_id as "challengeId", count(*)::int as count from certificates group by challenge_id`,
    );
  }

  async list(query: CertificatePageQuery): Promise<{ rows: CertificateRecord[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.challengeId !== undefined) {
      where.push('challenge_id = ?');
      params.push(query.challengeId);
    }
    if (query.userId !== undefined) {
      // compared as text: a malformed id finds nothing instead of failing the uuid cast
      where.push('user_id::text = ?');
      params.push(query.userId.toLowerCase());
    }
    if (query.revoked !== undefined) where.push(query.revoked ? 'revoked_at is not null' : 'revoked_at is null');
    if (query.ids) {
      if (!query.ids.length) return { rows: [], total: 0 };
      where.push(`id in (${query.ids.map(() => '?').join(', ')})`);
      params.push(...query.ids);
    }
    const whereSql = where.length ? `where ${where.join(' and ')}` : '';
    const order = `${CERTIFICATE_ORDER[query.sort]} ${query.order === 'DESC' ? 'desc' : 'asc'}, issued_at desc, id`;
    const [rows, count] = await Promise.all([
      this.em.execute<CertificateRecord[]>(
        `select ${COLUMNS} from certificates ${whereSql} order by ${order} limit ? offset ?`,
        [...params, query.limit, query.offset],
      ),
      this.em.execute<{ total: string }[]>(`select count(*) as total from certificates ${whereSql}`, params),
    ]);
    return { rows, total: Number(count[0].total) };
  }
}
