import { randomUUID } from 'node:crypto';
import { ConflictException } from '@nestjs/common';
import type Redis from 'ioredis';

/**
 * Runs `fn` holding a short Redis lock (across API processes), e.g. "is a run of this subject going? if
 * not, add one". Waits up to ~5 s for the lock, then answers 409 with `busyMessage`. The lock expires
 * by itself after 10 s should its holder die.
 */
export async function withRedisLock<T>(
  redis: Redis,
  key: string,
  busyMessage: string,
  fn: () => Promise<T>,
): Promise<T> {
  const token = randomUUID();
  for (let i = 0; ; i++) {
    if ((await redis.set(key, token, 'PX', 10_000, 'NX')) === 'OK') break;
    if (i > 200) throw new ConflictException(busyMessage);
    await new Promise((r) => setTimeout(r, 25));
  }
  try {
    return await fn();
  } finally {
    if ((await redis.get(key)) === token) await redis.del(key);
  }
}
