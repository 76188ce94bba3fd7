import { Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { InjectRedis, redisAway } from '../redis/redis.module';
import { TooManyRequestsException } from '../http/too-many-requests.exception';
import { DependencyUnavailableException } from '../http/dependency-unavailable';

const UNAVAILABLE =
  'This is unavailable for a moment (its attempt limits cannot be checked). Please try again shortly.';

// INCR and set the expiry on the first hit in one round trip, so a crash between the
// two can never leave a counter that never expires.
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}
`;

export interface RateLimitRule {
  /** what is limited, e.g. 'login:ip' */
  name: string;
  /** who is limited, e.g. the IP address or the lower-cased e-mail */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in Redis, shared by every API process, so limits hold
 * however many instances run behind a load balancer.
 *
 * Fails closed: while Redis is away nothing can be counted, so every call answers 503 with Retry-After
 * (sign-in, registration, password reset and the tutor stop for that time rather than run unlimited),
 * at once when the connection is known to be down, else when the shared client's command timeout lapses.
 */
@Injectable()
export class RateLimitService {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Counts one attempt against every rule; throws 429 when any rule is over its limit. */
  async consume(...rules: RateLimitRule[]): Promise<void> {
    const retryAfter = await this.hit(rules);
    if (retryAfter > 0) throw new TooManyRequestsException(retryAfter);
  }

  /** Counts one attempt; false when over a limit (for work that should be skipped quietly). */
  async allows(...rules: RateLimitRule[]): Promise<boolean> {
    return (await this.hit(rules)) === 0;
  }

  /** Seconds until the rule resets when its count has reached `max` (the next attempt would exceed it); 0 otherwise. Counts nothing. */
  async blockedFor(rule: RateLimitRule): Promise<number> {
    const key = this.key(rule);
    const [count, ttlMs] = await this.redisCall(() => Promise.all([this.redis.get(key), this.redis.pttl(key)]));
    return Number(count ?? 0) >= rule.max ? Math.ceil(Math.max(ttlMs, 1000) / 1000) : 0;
  }

  /** How many attempts the rule has counted in its current window. */
  async count(rule: RateLimitRule): Promise<number> {
    return Number((await this.redisCall(() => this.redis.get(this.key(rule)))) ?? 0);
  }

  /** Counts one attempt against each rule without refusing anything (e.g. a failed password). */
  async record(...rules: RateLimitRule[]): Promise<void> {
    await this.hit(rules);
  }

  /** Runs the Redis commands, or refuses with 503 when Redis is away (never lets the caller through uncounted). */
  private async redisCall<T>(fn: () => Promise<T>): Promise<T> {
    if (redisAway(this.redis)) throw new DependencyUnavailableException('redis', UNAVAILABLE);
    try {
      return await fn();
    } catch (err) {
      throw new DependencyUnavailableException('redis', UNAVAILABLE, { cause: err });
    }
  }

  private key(rule: RateLimitRule): string {
    return `${this.config.redis.prefix}:rl:${rule.name}:${rule.key}`;
  }

  /** Seconds until every exceeded rule resets; 0 when none is exceeded. */
  private async hit(rules: RateLimitRule[]): Promise<number> {
    let retryAfter = 0;
    for (const rule of rules) {
      const [count, ttlMs] = (await this.redisCall(() =>
        this.redis.eval(HIT, 1, this.key(rule), String(rule.windowSeconds * 1000)),
      )) as [number, number];
      if (count > rule.max) retryAfter = Math.max(retryAfter, Math.ceil(Math.max(ttlMs, 1000) / 1000));
    }
    return retryAfter;
  }
}
