import Redis from 'ioredis';
import { dropByPrefix } from './databases';

/** Drops this run's per-file databases and deletes this run's Redis keys (queues, rate-limit counters). */
export default async function globalTeardown() {
  const template = process.env.E2E_TEMPLATE_DATABASE_URL;
  const dbPrefix = process.env.E2E_DATABASE_PREFIX;
  if (template && dbPrefix) await dropByPrefix(template, dbPrefix);

  const redisPrefix = process.env.E2E_REDIS_PREFIX;
  if (redisPrefix && process.env.REDIS_URL) {
    const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}-*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.unlink(...keys);
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }
}
