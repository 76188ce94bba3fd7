import { randomUUID } from 'node:crypto';
import { ConflictException } from '@nestjs/common';
import Redis from 'ioredis';
import { RedisLock, withRedisLock } from '../../src/modules/jobs/start-lock';

/**
 * The jobs room's start lock against the real Redis: only the holder whose token is in the key may renew
 * or release it, in one atomic step, so a holder whose lock expired never frees the next holder's.
 */

let redis: Redis;
const key = () => `${process.env.REDIS_PREFIX}:start-lock-test:${randomUUID()}`;

/**
 * The same connection, but once armed, the first command it sends is followed by `between()` before the
 * command's answer reaches the caller: whatever the caller sends next is sent after `between()` happened.
 */
function interruptible(target: Redis, between: () => Promise<void>) {
  let armed = false;
  const client = new Proxy(target, {
    get(t, prop, receiver) {
      const value: unknown = Reflect.get(t, prop, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const answer: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(t, args);
        if (armed) {
          armed = false;
          await between();
        }
        return answer;
      };
    },
  });
  return { client, arm: () => (armed = true) };
}

/**
 * The same connection, counting the answered renewals (the lock's compare-and-pexpire script):
 * `renewals(n)` resolves once n of them have answered.
 */
function countingRenewals(target: Redis) {
  let answered = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  const client = new Proxy(target, {
    get(t, prop, receiver) {
      const value: unknown = Reflect.get(t, prop, receiver);
      if (prop !== 'eval' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const answer: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(t, args);
        if (String(args[0]).includes("'pexpire'")) {
          answered++;
          for (const w of waiting) if (answered >= w.n) w.resolve();
        }
        return answer;
      };
    },
  });
  const renewals = (n: number) =>
    new Promise<void>((resolve) => (answered >= n ? resolve() : waiting.push({ n, resolve })));
  return { client, renewals };
}

/** The lock's time to live runs out now (what Redis does at its TTL), without waiting for it. */
async function expireNow(k: string) {
  await redis.pexpire(k, 0);
  expect(await redis.exists(k)).toBe(0);
}

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 2 });
});
afterAll(async () => {
  await redis.quit();
});

describe('start lock', () => {
  it("a holder whose lock expires and is taken meanwhile releases nothing: the next holder's lock stays", async () => {
    const k = key();
    let second: RedisLock | null = null;
    // The first holder's release begins; its lock expires and another holder takes it right then.
    const { client, arm } = interruptible(redis, async () => {
      await expireNow(k);
      second = await RedisLock.acquire(redis, k, 10_000);
    });
    const result = await withRedisLock(client, k, { ttlMs: 150, busyMessage: 'busy' }, async () => {
      arm();
      return 'checked and added';
    });
    expect(result).toBe('checked and added');
    expect(second).not.toBeNull();
    expect(await redis.get(k)).toBe(second!.token);
    expect(await redis.pttl(k)).toBeGreaterThan(5_000);
    expect(await second!.release()).toBe(true);
  });

  it('an expired holder can neither renew nor release the lock another holder took', async () => {
    const k = key();
    const first = (await RedisLock.acquire(redis, k, 100))!;
    expect(await redis.get(k)).toBe(first.token);
    await expireNow(k);
    const second = (await RedisLock.acquire(redis, k, 10_000))!;
    expect(await first.renew()).toBe(false);
    expect(await first.release()).toBe(false);
    expect(await redis.get(k)).toBe(second.token);
    expect(await second.renew()).toBe(true);
    expect(await second.release()).toBe(true);
    expect(await redis.exists(k)).toBe(0);
  });

  it('is renewed while the guarded work outlasts its time to live; a second caller waits, then gets a 409', async () => {
    const k = key();
    let release!: () => void;
    const { client, renewals } = countingRenewals(redis);
    const work = withRedisLock(client, k, { ttlMs: 200, busyMessage: 'A run is being started' }, async (lost) => {
      await new Promise<void>((r) => (release = r));
      return lost.aborted;
    });
    // renewals come every ttl/3 at the earliest: after four of them the 200 ms time to live has passed at least once
    await renewals(4);
    expect(await redis.exists(k)).toBe(1);
    const second = withRedisLock(redis, k, { ttlMs: 200, waitMs: 100, busyMessage: 'A run is being started' }, () =>
      Promise.resolve('ran'),
    );
    await expect(second).rejects.toThrow(ConflictException);
    await expect(second).rejects.toThrow('A run is being started');
    release();
    expect(await work).toBe(false);
    expect(await redis.exists(k)).toBe(0);
    expect(await withRedisLock(redis, k, { busyMessage: 'busy' }, () => Promise.resolve('ran'))).toBe('ran');
  });

  it('tells the guarded work when a renewal finds the lock gone (its holder stalled past the time to live)', async () => {
    const k = key();
    const outcome = await withRedisLock(redis, k, { ttlMs: 150, busyMessage: 'busy' }, async (lost) => {
      // as if the process stalled: the lock expires and another holder takes it before the next renewal
      await redis.set(k, 'someone else', 'PX', 10_000);
      await new Promise<void>((r) => lost.addEventListener('abort', () => r(), { once: true }));
      return lost.reason as Error;
    });
    expect(outcome).toBeInstanceOf(ConflictException);
    expect(await redis.get(k)).toBe('someone else');
    await redis.del(k);
  });
});
