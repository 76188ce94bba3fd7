import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Role } from '../../common/decorators/roles.decorator';
import { AuthSession, OneTimeToken, OneTimeTokenKind, RefreshToken, User } from './entities';

export interface UserWithRoles {
  id: string;
  email: string;
  passwordHash: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  roles: Role[];
  /** the name on certificates; null when the learner gave none */
  displayName: string | null;
}

/** The purchase a new account was registered for (users.pending_checkout). */
export interface PendingCheckout {
  subjectId: string;
  priceId: string | null;
  /** when it was stored, ISO 8601 */
  at: string;
}

/** Raw queries return timestamps as the driver gives them (strings): make them Dates. */
const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(v as string));
const toDateOrNull = (v: unknown): Date | null => (v == null ? null : toDate(v));

export interface LockedRefreshToken {
  id: string;
  usedAt: Date | null;
  expiresAt: Date;
  sessionId: string;
  userId: string;
  sessionExpiresAt: Date;
  sessionRevoked: boolean;
}

export type RotateOutcome =
  | { kind: 'rotated'; sessionId: string; userId: string; sessionExpiresAt: Date }
  | { kind: 'invalid' }
  | { kind: 'reused'; sessionId: string; userId: string };

/** Every query of the auth module. Writes that belong together take the service's transaction `em`. */
@Injectable()
export class AuthRepository {
  constructor(private readonly em: EntityManager) {}

  async findUserByEmail(email: string): Promise<UserWithRoles | null> {
    const rows = await this.em.execute<Record<string, unknown>[]>(
      `select u.id, u.email, u.password_hash, u.email_verified_at, u.created_at, u.display_name,
              coalesce(array_agg(r.role order by r.role) filter (where r.role is not null), '{}') as roles
         from users u left join user_roles r on r.user_id = u.id
        where u.email = ? group by u.id`,
      [email],
    );
    return rows[0] ? this.toUser(rows[0]) : null;
  }

  async findUserById(id: string): Promise<UserWithRoles | null> {
    const rows = await this.em.execute<Record<string, unknown>[]>(
      `select u.id, u.email, u.password_hash, u.email_verified_at, u.created_at, u.display_name,
              coalesce(array_agg(r.role order by r.role) filter (where r.role is not null), '{}') as roles
         from users u left join user_roles r on r.user_id = u.id
        where u.id = ? group by u.id`,
      [id],
    );
    return rows[0] ? this.toUser(rows[0]) : null;
  }

  private toUser(row: Record<string, unknown>): UserWithRoles {
    return {
      id: row.id as string,
      email: row.email as string,
      passwordHash: row.password_hash as string,
      emailVerifiedAt: toDateOrNull(row.email_verified_at),
      createdAt: toDate(row.created_at),
      roles: row.roles as Role[],
      displayName: (row.display_name as string | null) ?? null,
    };
  }

  /**
   * Creates the user with the learner role; null when the e-mail is taken (unique constraint), and then nothing of
   * this registration (name, pending purchase) touches the existing account.
   */
  async createUser(
    em: EntityManager,
    email: string,
    passwordHash: string,
    extra: { displayName?: string | null; pendingCheckout?: PendingCheckout | null } = {},
  ): Promise<string | null> {
    const inserted = await em.execute<{ id: string }[]>(
      `insert into users (id, email, password_hash, display_name, pending_checkout, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, ?::jsonb, now(), now()) on conflict (email) do nothing returning id`,
      [
        email,
        passwordHash,
        extra.displayName ?? null,
        extra.pendingCheckout ? JSON.stringify(extra.pendingCheckout) : null,
      ],
    );
    if (!inserted[0]) return null;
    await em.execute(`insert into user_roles (user_id, role, created_at) values (?, 'learner', now())`, [
      inserted[0].id,
    ]);
    return inserted[0].id;
  }

  async createSession(
    em: EntityManager,
    input: {
      userId: string;
      expiresAt: Date;
      refreshHash: string;
      refreshExpiresAt: Date;
      userAgent?: string;
      ip?: string;
    },
  ): Promise<string> {
    const session = em.create(AuthSession, {
      user: em.getReference(User, input.userId),
      expiresAt: input.expiresAt,
      lastUsedAt: new Date(),
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      ip: input.ip ?? null,
    });
    em.create(RefreshToken, { session, tokenHash: input.refreshHash, expiresAt: input.refreshExpiresAt });
    await em.flush();
    return session.id;
  }

  /** The refresh token row and its session, both locked until the transaction ends; null when unknown. */
  async lockRefreshToken(em: EntityManager, tokenHash: string): Promise<LockedRefreshToken | null> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `select t.id, t.used_at, t.expires_at, s.id as session_id, s.user_id, s.expires_at as session_expires_at, s.revoked_at
         from refresh_tokens t join auth_sessions s on s.id = t.session_id
        where t.token_hash = ? for update of t, s`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id as string,
      usedAt: toDateOrNull(row.used_at),
      expiresAt: toDate(row.expires_at),
      sessionId: row.session_id as string,
      userId: row.user_id as string,
      sessionExpiresAt: toDate(row.session_expires_at),
      sessionRevoked: row.revoked_at != null,
    };
  }

  async markRefreshTokenUsed(em: EntityManager, id: string): Promise<void> {
    await em.execute(`update refresh_tokens set used_at = now() where id = ?`, [id]);
  }

  /** A new refresh token of the session, which counts as the session's last use. */
  async addRefreshToken(em: EntityManager, sessionId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await em.execute(
      `insert into refresh_tokens (id, session_id, token_hash, created_at, expires_at) values (gen_random_uuid(), ?, ?, now(), ?)`,
      [sessionId, tokenHash, expiresAt],
    );
    await em.execute(`update auth_sessions set last_used_at = now() where id = ?`, [sessionId]);
  }

  async revokeSessionIn(em: EntityManager, sessionId: string, reason: string): Promise<void> {
    await em.execute(`update auth_sessions set revoked_at = now(), revoke_reason = ? where id = ?`, [
      reason,
      sessionId,
    ]);
  }

  async findSessionIdByRefreshHash(tokenHash: string): Promise<string | null> {
    const rows = await this.em.execute<{ session_id: string }[]>(
      `select session_id from refresh_tokens where token_hash = ?`,
      [tokenHash],
    );
    return rows[0]?.session_id ?? null;
  }

  /** The live session behind an access token, with the user's current roles; null when revoked or expired. */
  async findActiveSession(sessionId: string, userId: string): Promise<{ roles: Role[]; expiresAt: number } | null> {
    const rows = await this.em.execute<{ roles: Role[]; expires_at: unknown }[]>(
      `select coalesce(array_agg(r.role order by r.role) filter (where r.role is not null), '{}') as roles, s.expires_at
         from auth_sessions s left join user_roles r on r.user_id = s.user_id
        where s.id = ? and s.user_id = ? and s.revoked_at is null and s.expires_at > now()
        group by s.id`,
      [sessionId, userId],
    );
    return rows[0] ? { roles: rows[0].roles, expiresAt: toDate(rows[0].expires_at).getTime() } : null;
  }

  /** Revokes a live session; returns its user (null when unknown or already revoked). */
  async revokeSession(sessionId: string, reason: string): Promise<string | null> {
    const rows = await this.em.execute<{ user_id: string }[]>(
      `update auth_sessions set revoked_at = now(), revoke_reason = ? where id = ? and revoked_at is null returning user_id`,
      [reason, sessionId],
    );
    return rows[0]?.user_id ?? null;
  }

  async revokeAllSessions(userId: string, reason: string): Promise<void> {
    await this.em.execute(
      `update auth_sessions set revoked_at = now(), revoke_reason = ? where user_id = ? and revoked_at is null`,
      [reason, userId],
    );
  }

  /** Issues a one-time token; earlier unused tokens of the same kind stop working. */
  async createOneTimeToken(
    em: EntityManager,
    userId: string,
    kind: OneTimeTokenKind,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<string> {
    await em.execute(`update one_time_tokens set used_at = now() where user_id = ? and kind = ? and used_at is null`, [
      userId,
      kind,
    ]);
    const token = em.create(OneTimeToken, { user: em.getReference(User, userId), kind, tokenHash, expiresAt });
    await em.flush();
    return token.id;
  }

  /** Marks the token used and returns its user, atomically; null when unknown, used or expired. */
  async consumeOneTimeToken(kind: OneTimeTokenKind, tokenHash: string): Promise<string | null> {
    const rows = await this.em.execute<{ user_id: string }[]>(
      `update one_time_tokens set used_at = now()
        where token_hash = ? and kind = ? and used_at is null and expires_at > now()
        returning user_id`,
      [tokenHash, kind],
    );
    return rows[0]?.user_id ?? null;
  }

  async markEmailVerified(userId: string): Promise<void> {
    await this.em.execute(
      `update users set email_verified_at = coalesce(email_verified_at, now()), updated_at = now() where id = ?`,
      [userId],
    );
  }

  async updatePassword(userId: string, passwordHash: string): Promise<void> {
    await this.em.execute(
      `update users set password_hash = ?, email_verified_at = coalesce(email_verified_at, now()), updated_at = now() where id = ?`,
      [passwordHash, userId],
    );
  }

  /**
   * Reads and clears the pending purchase in one statement, so two sign-ins at once cannot both resume it: the
   * first sign-in after confirming gets it, every later one gets null.
   */
  async takePendingCheckout(userId: string): Promise<PendingCheckout | null> {
    const rows = await this.em.execute<{ pending_checkout: PendingCheckout | null }[]>(
      `with old as (select id, pending_checkout from users where id = ? and pending_checkout is not null for update)
       update users u set pending_checkout = null from old where u.id = old.id returning old.pending_checkout`,
      [userId],
    );
    return rows[0]?.pending_checkout ?? null;
  }

  async findProfile(userId: string): Promise<{ email: string; displayName: string | null } | null> {
    const rows = await this.em.execute<{ email: string; display_name: string | null }[]>(
      `select email, display_name from users where id = ?`,
      [userId],
    );
    return rows[0] ? { email: rows[0].email, displayName: rows[0].display_name } : null;
  }

  async setDisplayName(
    userId: string,
    displayName: string | null,
  ): Promise<{ email: string; displayName: string | null } | null> {
    const rows = await this.em.execute<{ email: string; display_name: string | null }[]>(
      `update users set display_name = ?, updated_at = now() where id = ? returning email, display_name`,
      [displayName, userId],
    );
    return rows[0] ? { email: rows[0].email, displayName: rows[0].display_name } : null;
  }
}
