import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Role } from '../decorators/roles.decorator';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { REDIS, redisAway } from '../redis/redis.module';

/** What one Redis round trip tells the guards about a signed-in caller. */
export interface AccessSnapshot {
  /** the generation the entries below must carry to count (the user's counter and the global epoch) */
  gen: string;
  /** the session's user, roles and absolute expiry, when cached for this generation */
  session: { roles: Role[]; expiresAt: number } | null;
  /** the subjects the user holds an active entitlement to, when cached for this generation */
  entitled: string[] | null;
}

/** Where the JWT strategy leaves the snapshot for the guards after it. */
export interface AccessViewRequest {
  accessSnapshot?: AccessSnapshot;
}

interface SessionEntry {
  g: string;
  u: string;
  r: Role[];
  x: number;
}

interface EntitledEntry {
  g: string;
  s: string[];
}

// Bounds how long an entry written before an out-of-band change (a hand edit in SQL) can live.
const ENTRY_TTL_SECONDS = 10 * 60;

/**
 * The session + roles + entitlement view every signed-in request needs, held in Redis so the
 * guards spend one round trip (one MGET) instead of several queries, shared by every API process.
 *
 * Invalidation is by generation, not by deleting: each user has a counter, bumped (INCR) after
 * any change to their sessions, roles or entitlements commits (logout, refresh-token reuse,
 * password reset, role change, purchase, refund, dispute). An entry counts only when it carries
 * the counter's current value, and it is tagged with the value read *before* the database was
 * read, so a fill racing with a change can never resurrect the old state. `invalidateAll()` bumps
 * one global epoch for changes made behind the services' back (hand-written SQL).
 *
 * It names no table: the database stays with auth (sessions, roles) and catalog (entitlements),
 * which fill it through their own services. If Redis fails, callers fall back to the database.
 */
@Injectable()
export class AccessView {
  private readonly logger = new Logger('AccessView');
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.redis.prefix}:av`;
  }

  private genKey = (userId: string) => `${this.prefix}:g:${userId}`;
  private sessionKey = (sessionId: string) => `${this.prefix}:s:${sessionId}`;
  private entitledKey = (userId: string) => `${this.prefix}:e:${userId}`;
  private get epochKey() {
    return `${this.prefix}:epoch`;
  }

  /** One MGET: the caller's generation, cached session and entitlements. Null when Redis fails. */
  async read(sessionId: string, userId: string): Promise<AccessSnapshot | null> {
    // Redis is away (a restart): the database at once, rather than after the command timeout on every request.
    if (redisAway(this.redis)) return null;
    let raw: (string | null)[];
    try {
      raw = await this.redis.mget(
        this.genKey(userId),
        this.epochKey,
        this.sessionKey(sessionId),
        this.entitledKey(userId),
      );
    } catch (err) {
      this.logger.warn(`read failed, using the database: ${(err as Error).message}`);
      return null;
    }
    const gen = `${raw[0] ?? '0'}.${raw[1] ?? '0'}`;
    const s = parse<SessionEntry>(raw[2]);
    const e = parse<EntitledEntry>(raw[3]);
    return {
      gen,
      session: s && s.g === gen && s.u === userId ? { roles: s.r, expiresAt: s.x } : null,
      entitled: e && e.g === gen ? e.s : null,
    };
  }

  async putSession(sessionId: string, userId: string, gen: string, roles: Role[], expiresAt: number): Promise<void> {
    const ttl = Math.min(ENTRY_TTL_SECONDS, Math.ceil((expiresAt - Date.now()) / 1000));
    if (ttl <= 0 || redisAway(this.redis)) return;
    const entry: SessionEntry = { g: gen, u: userId, r: roles, x: expiresAt };
    await this.redis.set(this.sessionKey(sessionId), JSON.stringify(entry), 'EX', ttl).catch(() => undefined);
  }

  async putEntitled(userId: string, gen: string, subjects: string[]): Promise<void> {
    if (redisAway(this.redis)) return;
    const entry: EntitledEntry = { g: gen, s: subjects };
    await this.redis
      .set(this.entitledKey(userId), JSON.stringify(entry), 'EX', ENTRY_TTL_SECONDS)
      .catch(() => undefined);
  }

  /**
   * Call after a change to the user's sessions, roles or entitlements has committed: every cached
   * view of the user stops counting at once, in every process.
   */
  async invalidateUser(userId: string): Promise<void> {
    try {
      await this.redis.incr(this.genKey(userId));
    } catch (err) {
      // A view that cannot be invalidated must not be trusted: drop the entries themselves too.
      this.logger.error(`could not invalidate the access view of ${userId}: ${(err as Error).message}`);
      throw err;
    }
  }

  /** Every cached view of every user stops counting (after hand-written SQL on roles, sessions or entitlements). */
  async invalidateAll(): Promise<void> {
    await this.redis.incr(this.epochKey);
  }
}

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
