import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis } from '../../common/redis/redis.module';
import { type AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';

const KEEP_SECONDS = 24 * 3600;
const POLL_MS = 250;

export interface CancelWatch {
  signal: AbortSignal;
  /** settles after the first look at the flag (a run cancelled while it waited starts nothing) */
  ready: Promise<void>;
  stop(): void;
}

/**
 * Cancel reaches a job in whichever worker process holds it: the API sets a flag in Redis and the
 * worker polls it, turning it into the AbortSignal that reaches the job's work (speech engines, ffmpeg,
 * the crawler, the migration). BullMQ's own Worker.cancelJob only reaches jobs of the process it is
 * called in. Job ids are unique across queues (they are generation jobs' primary keys), so one key each.
 */
@Injectable()
export class JobCancellationService {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  private key(jobId: string) {
    return `${this.config.redis.prefix}:jobs:cancel:${jobId}`;
  }

  async request(jobId: string): Promise<void> {
    await this.redis.set(this.key(jobId), '1', 'EX', KEEP_SECONDS);
  }

  /** A job run again (Studio's Retry, or a new run under an id used before) must not inherit its cancel. */
  async clear(jobId: string): Promise<void> {
    await this.redis.del(this.key(jobId));
  }

  async requested(jobId: string): Promise<boolean> {
    return (await this.redis.exists(this.key(jobId))) === 1;
  }

  /** An AbortSignal that fires once the job is cancelled; `stop()` ends the polling. */
  watch(jobId: string, pollMs = POLL_MS): CancelWatch {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const check = async () => {
      try {
        if (await this.requested(jobId)) {
          controller.abort(new DOMException('The job was cancelled', 'AbortError'));
          return;
        }
      } catch {
        // Redis briefly unavailable: try again at the next tick
      }
      if (!stopped) timer = setTimeout(() => void check(), pollMs);
    };
    return {
      signal: controller.signal,
      ready: check(),
      stop: () => {
        stopped = true;
        clearTimeout(timer);
      },
    };
  }
}
