import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { LazyQueueEvents, valueOrHttpError, waitForJob } from '../../queues/follow-job';
import { ContentMigrationPayload, JOBS, QUEUES } from '../../queues/queues';
import type { MigrationSummary } from './content-migration/content-migration.service';
import { MigrateDto, MigrateResponse } from './dto/migrate.dto';
import { GenerationJobsService } from './jobs/generation-jobs.service';

/** API side of Studio → Migrate: enqueues the job for the worker and waits for its result. */
@Injectable()
export class StudioMigrationService implements OnModuleDestroy {
  private readonly events: LazyQueueEvents;
  private readonly waitMs: number;

  constructor(
    @InjectQueue(QUEUES.contentMigration) private readonly queue: Queue<ContentMigrationPayload, MigrationSummary>,
    @InjectConfig() config: AppConfig,
    private readonly jobs: GenerationJobsService,
  ) {
    this.events = new LazyQueueEvents(QUEUES.contentMigration, config.redis);
    this.waitMs = config.jobWaitMs;
  }

  async onModuleDestroy() {
    await this.events.close();
  }

  async migrate(dto: MigrateDto, userId: string): Promise<MigrateResponse> {
    const source: ContentMigrationPayload['source'] =
      dto.source === 'rest' ? { kind: 'rest', baseUrl: dto.baseUrl! } : { kind: 'bundled' };
    const events = await this.events.get();
    const jobId = `migrate-${randomUUID()}`;
    await this.jobs.enqueue(
      this.queue,
      JOBS.migrateContent,
      { source, requestedBy: userId },
      { jobId, subjectId: null, requestedBy: userId },
    );
    const summary = valueOrHttpError(
      await waitForJob<MigrationSummary>(this.queue, events, jobId, this.waitMs),
      jobId,
      {
        running: 'The migration is still running',
        cancelled: 'The migration was cancelled',
        failed: 'Failed to migrate content',
      },
    );
    return { jobId, ...summary };
  }
}
