import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis } from '../../common/redis/redis.module';
import { type AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { LazyQueueEvents } from './follow-job';
import { GenerationJobsService } from './generation-jobs.service';
import { JobQueues } from './job-queues';
import { type JobKind, JobRun } from './job-run';

/**
 * The one run helper: a feature configures a kind of job once (`define`) and gets start-or-join, cancel,
 * follow and wait for its runs. Every kind of a queue shares one QueueEvents connection, opened on first use.
 */
@Injectable()
export class JobRuns implements OnModuleDestroy {
  private readonly events = new Map<string, LazyQueueEvents>();

  constructor(
    private readonly jobs: GenerationJobsService,
    private readonly queues: JobQueues,
    @InjectRedis() private readonly redis: Redis,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  define<P extends object, R, E = never>(kind: JobKind<P, R, E>): JobRun<P, R, E> {
    const queue = this.queues.get(kind.queue);
    if (!queue) throw new Error(`No generation jobs run on the ${kind.queue} queue`);
    return new JobRun(queue, kind, {
      jobs: this.jobs,
      redis: this.redis,
      redisPrefix: this.config.redis.prefix,
      waitMs: this.config.jobWaitMs,
      events: () => this.eventsOf(kind.queue),
    });
  }

  private eventsOf(queue: string) {
    let events = this.events.get(queue);
    if (!events) this.events.set(queue, (events = new LazyQueueEvents(queue, this.config.redis)));
    return events.get();
  }

  async onModuleDestroy() {
    await Promise.all([...this.events.values()].map((e) => e.close()));
  }
}
