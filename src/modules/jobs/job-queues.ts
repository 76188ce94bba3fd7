import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QUEUES, type QueueName } from '../../queues/queues';

/** The queues generation jobs run on (mail is not one), by name. */
export const JOB_QUEUES = [QUEUES.contentMigration, QUEUES.crawl, QUEUES.tts, QUEUES.video] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];

@Injectable()
export class JobQueues {
  private readonly byName: Record<string, Queue>;

  constructor(
    @InjectQueue(QUEUES.contentMigration) migration: Queue,
    @InjectQueue(QUEUES.crawl) crawl: Queue,
    @InjectQueue(QUEUES.tts) tts: Queue,
    @InjectQueue(QUEUES.video) video: Queue,
  ) {
    this.byName = {
      [QUEUES.contentMigration]: migration,
      [QUEUES.crawl]: crawl,
      [QUEUES.tts]: tts,
      [QUEUES.video]: video,
    };
  }

  /** The queue, or undefined for one no generation job runs on. */
  get(name: QueueName | string): Queue | undefined {
    return this.byName[name];
  }
}
