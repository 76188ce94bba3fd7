import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis } from '../../../common/redis/redis.module';
import { type AppConfig } from '../../../config/config';
import { InjectConfig } from '../../../config/config.module';

const KEEP_SECONDS = 24 * 3600;
const POLL_MS = 250;

export interface CancelWatch {
  signal: AbortSignal;
  /** settles after the first look at the flag (a run cancelled while it waited starts nothing) */
  ready: Promise<void>;
  stop(): void;
}

/**
 * Studio's Cancel reaches a run in whichever worker process holds it: the API sets a flag in Redis
 * and the processor polls it, turning it into the AbortSignal that reaches the speech engines.
 * (BullMQ's own Worker.cancelJob only reaches jobs of the process it is called in.)
 */
@Injectable()
export class TtsCancellationService {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  private key(jobId: string) {
    return `${this.config.redis.prefix}:tts:cancel:${jobId}`;
  }

  async request(jobId: string): Promise<void> {
    await this.redis.set(this.key(jobId), '1', 'EX', KEEP_SECONDS);
  }

  /** A new run under a job id used before (and since removed) must not inherit its cancel. */
  async clear(jobId: string): Promise<void> {
    await this.redis.del(this.key(jobId));
  }

  async requested(jobId: string): Promise<boolean> {
    return (await this.redis.exists(this.key(jobId))) === 1;
  }

  /** An AbortSignal that fires once the run is cancelled; `stop()` ends the polling. */
  watch(jobId: string, pollMs = POLL_MS): CancelWatch {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const check = async () => {
      try {
        if (await this.requested(jobId)) {
          controller.abort(new DOMException('The run was cancelled', 'AbortError'));
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
