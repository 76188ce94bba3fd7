import { randomUUID } from 'node:crypto';
import { ConflictException } from '@nestjs/common';
import type Redis from 'ioredis';

// Compare-and-delete and compare-and-extend in one atomic step: between a GET and a DEL our lock could
// expire and another holder take it, and the DEL would then remove theirs.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export interface LockOptions {
  /** how long the lock lives without a renewal (its holder may die) */
  ttlMs?: number;
  /** how long to wait for a lock someone else holds before answering 409 */
  waitMs?: number;
  /** the 409's message when the lock stays taken */
  busyMessage: string;
}

/** A Redis lock held under a random token: only the holder whose token is in the key can renew or release it. */
export class RedisLock {
  private constructor(
    private readonly redis: Redis,
    readonly key: string,
    readonly token: string,
    readonly ttlMs: number,
  ) {}

  /** The lock, or null when someone else holds it after `waitMs`. */
  static async acquire(redis: Redis, key: string, ttlMs: number, waitMs = 0): Promise<RedisLock | null> {
    const token = randomUUID();
    const deadline = Date.now() + waitMs;
    for (;;) {
      if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) === 'OK') return new RedisLock(redis, key, token, ttlMs);
      if (Date.now() >= deadline) return null;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Extends the lock to a full `ttlMs` again; false when it is no longer ours (it expired). */
  async renew(): Promise<boolean> {
    return (await this.redis.eval(RENEW, 1, this.key, this.token, String(this.ttlMs))) === 1;
  }

  /** Deletes the lock if it is still ours; false when it had expired (whoever holds it now keeps it). */
  async release(): Promise<boolean> {
    return (await this.redis.eval(RELEASE, 1, this.key, this.token)) === 1;
  }
}

/**
 * Runs `fn` holding a Redis lock (across API processes), e.g. "is a run of this subject going? if not, add
 * one". Waits for the lock up to `waitMs`, then answers 409 with `busyMessage`. The lock is renewed while
 * `fn` runs and expires by itself should its holder die; `fn`'s signal fires when the lock was lost anyway
 * (a renewal found it expired: a stalled process), so it can refuse to act on what it checked.
 */
export async function withRedisLock<T>(
  redis: Redis,
  key: string,
  { ttlMs = 10_000, waitMs = 5_000, busyMessage }: LockOptions,
  fn: (lost: AbortSignal) => Promise<T>,
): Promise<T> {
  const lock = await RedisLock.acquire(redis, key, ttlMs, waitMs);
  if (!lock) throw new ConflictException(busyMessage);
  const lost = new AbortController();
  const renewal = setInterval(
    () =>
      void lock.renew().then(
        (ours) => ours || lost.abort(new ConflictException(busyMessage)),
        () => undefined, // Redis briefly unavailable: the next renewal tries again
      ),
    Math.max(10, Math.floor(ttlMs / 3)),
  );
  try {
    return await fn(lost.signal);
  } finally {
    clearInterval(renewal);
    // a release that fails (Redis gone) leaves the lock to expire: the work itself is done
    await lock.release().catch(() => false);
  }
}
