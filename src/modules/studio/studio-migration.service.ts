import { InjectQueue } from '@nestjs/bullmq';
import { GatewayTimeoutException, HttpException, HttpStatus, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { ContentMigrationPayload, DEFAULT_JOB_OPTIONS, JOBS, QUEUES } from '../../queues/queues';
import { redisConnection } from '../../queues/queues.module';
import type { MigrationSummary } from './content-migration/content-migration.service';
import { MigrateDto, MigrateResponse } from './dto/migrate.dto';

const WAIT_MS = 5 * 60 * 1000;

/** API side of Studio → Migrate: enqueues the job for the worker and waits for its result. */
@Injectable()
export class StudioMigrationService implements OnModuleDestroy {
  private events?: QueueEvents;

  constructor(
    @InjectQueue(QUEUES.contentMigration) private readonly queue: Queue<ContentMigrationPayload, MigrationSummary>,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  private queueEvents(): QueueEvents {
    this.events ??= new QueueEvents(QUEUES.contentMigration, {
      connection: redisConnection(this.config.redis.url),
      prefix: `${this.config.redis.prefix}:q`,
    });
    return this.events;
  }

  async onModuleDestroy() {
    await this.events?.close();
  }

  async migrate(dto: MigrateDto, userId: string): Promise<MigrateResponse> {
    const source: ContentMigrationPayload['source'] =
      dto.source === 'rest' ? { kind: 'rest', baseUrl: dto.baseUrl! } : { kind: 'bundled' };
    const events = this.queueEvents();
    await events.waitUntilReady();
    const job = await this.queue.add(
      JOBS.migrateContent,
      { source, requestedBy: userId },
      DEFAULT_JOB_OPTIONS[QUEUES.contentMigration],
    );
    let summary: MigrationSummary;
    try {
      summary = await job.waitUntilFinished(events, WAIT_MS);
    } catch (err) {
      const message = (err as Error).message ?? '';
      if (/timed out/i.test(message))
        throw new GatewayTimeoutException(`The migration is still running (job ${job.id}); see Studio → Jobs.`);
      throw new HttpException(`Failed to migrate content: ${message}`, HttpStatus.BAD_GATEWAY);
    }
    return { jobId: String(job.id), ...summary };
  }
}
