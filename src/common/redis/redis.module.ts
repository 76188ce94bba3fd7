import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';

export const REDIS = Symbol('REDIS');
export const InjectRedis = () => Inject(REDIS);

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@InjectRedis() private readonly redis: Redis) {}
  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * Queues must never lose a job to eviction: `npm start`'s Redis and compose's run with
 * `maxmemory-policy noeviction`; an external Redis with another policy gets a warning at boot.
 */
@Injectable()
export class RedisPolicyCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('Redis');
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async onApplicationBootstrap() {
    const policy = await redisEvictionPolicy(this.redis);
    if (policy && policy !== 'noeviction')
      this.logger.warn(
        `Redis maxmemory-policy is ${policy}: under memory pressure it may evict queued jobs. Set it to noeviction.`,
      );
  }
}

/** Redis's maxmemory-policy, or null when it cannot be read (a managed Redis may refuse CONFIG). */
export async function redisEvictionPolicy(redis: Redis): Promise<string | null> {
  try {
    const reply = (await redis.config('GET', 'maxmemory-policy')) as string[];
    return reply?.[1] ?? null;
  } catch {
    return null;
  }
}

// ioredis's states in which a command would only wait in the offline queue for a Redis that is away.
const AWAY = new Set(['reconnecting', 'close', 'end']);

/** Whether the client has lost Redis (it is reconnecting, or gave up): a command now would only wait and fail. */
export function redisAway(redis: Pick<Redis, 'status'>): boolean {
  return AWAY.has(redis.status);
}

/**
 * The shared client's options. While Redis is away no request may hang on it: a command waits in the offline
 * queue (which covers the first connect at boot) for at most `commandTimeout`, then fails, and the callers
 * decide: rate limits refuse with 503, caches (AccessView, GraphCache) fall back to PostgreSQL.
 */
export const SHARED_CLIENT_OPTIONS = {
  maxRetriesPerRequest: 2,
  enableOfflineQueue: true,
  lazyConnect: false,
  commandTimeout: 2000,
} as const;

/** One shared ioredis connection for rate limits and health checks (BullMQ keeps its own). */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new Redis(config.redis.url, SHARED_CLIENT_OPTIONS),
    },
    RedisCloser,
    RedisPolicyCheck,
  ],
  exports: [REDIS],
})
export class RedisModule {}
