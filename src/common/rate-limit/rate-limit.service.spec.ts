import { HttpStatus } from '@nestjs/common';
import Redis from 'ioredis';
import { createServer, type AddressInfo } from 'node:net';
import type { AppConfig } from '../../config/config';
import { DependencyUnavailableException } from '../http/dependency-unavailable';
import { SHARED_CLIENT_OPTIONS } from '../redis/redis.module';
import { RateLimitService } from './rate-limit.service';

const config = { redis: { prefix: 'rl-spec' } } as AppConfig;
const rule = { name: 'login:ip', key: '10.0.0.1', max: 3, windowSeconds: 60 };

/** A stand-in for ioredis: its connection state and what its commands answer. */
function fakeRedis(status: string, answer: () => Promise<unknown>) {
  const calls: string[] = [];
  const cmd =
    (name: string) =>
    (..._args: unknown[]) => {
      calls.push(name);
      return answer();
    };
  const redis = { status, eval: cmd('eval'), get: cmd('get'), pttl: cmd('pttl') } as unknown as Redis;
  return { redis, calls };
}

async function refusal(p: Promise<unknown>): Promise<DependencyUnavailableException> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DependencyUnavailableException);
  return err as DependencyUnavailableException;
}

describe('RateLimitService while Redis is away (fails closed)', () => {
  it.each(['reconnecting', 'close', 'end'])(
    'refuses every call with 503 and Retry-After without sending a command when the connection is %s',
    async (status) => {
      const { redis, calls } = fakeRedis(status, () => Promise.resolve([1, 60_000]));
      const limits = new RateLimitService(redis, config);
      for (const p of [
        limits.consume(rule),
        limits.allows(rule),
        limits.record(rule),
        limits.blockedFor(rule),
        limits.count(rule),
      ]) {
        const err = await refusal(p);
        expect(err.getStatus()).toBe(HttpStatus.SERVICE_UNAVAILABLE);
        expect(err.retryAfterSeconds).toBe(5);
        expect(err.message).toMatch(/unavailable for a moment/);
      }
      expect(calls).toEqual([]);
    },
  );

  it('refuses with 503 when a command fails (never lets an uncounted attempt through)', async () => {
    const { redis } = fakeRedis('ready', () => Promise.reject(new Error('Command timed out')));
    const limits = new RateLimitService(redis, config);
    await refusal(limits.consume(rule));
    await refusal(limits.allows(rule));
    await refusal(limits.blockedFor(rule));
  });

  it('counts as before while Redis answers', async () => {
    const { redis } = fakeRedis('ready', () => Promise.resolve([4, 30_000]));
    const limits = new RateLimitService(redis, config);
    await expect(limits.allows(rule)).resolves.toBe(false);
    const { redis: under } = fakeRedis('ready', () => Promise.resolve([1, 60_000]));
    await expect(new RateLimitService(under, config).consume(rule)).resolves.toBeUndefined();
  });

  it('with the real shared client on a port where Redis has gone, refuses with 503 instead of waiting for it', async () => {
    // A port that was free a moment ago: nothing answers there.
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const redis = new Redis(`redis://127.0.0.1:${port}`, SHARED_CLIENT_OPTIONS);
    redis.on('error', () => {});
    try {
      const limits = new RateLimitService(redis, config);
      // The first call may wait in the offline queue for the connect (as at boot); the command timeout bounds it.
      await refusal(limits.consume(rule));
      await refusal(limits.consume(rule));
    } finally {
      redis.disconnect();
    }
  });
});
