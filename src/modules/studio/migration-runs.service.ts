import { Injectable } from '@nestjs/common';
import { type AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { type ContentMigrationPayload, JOBS, QUEUES } from '../../queues/queues';
import type { JobKind, JobRun } from '../jobs/job-run';
import { JobRuns } from '../jobs/job-runs.service';
import type { MigrationSummary } from './content-migration/content-migration.service';
import type { MigrateDto, MigrateResponse } from './dto/migrate.dto';

/** A content migration over every subject, a generation job; it is idempotent (every write is an upsert). */
export const MIGRATION_RUN: JobKind<ContentMigrationPayload, MigrationSummary> = {
  queue: QUEUES.contentMigration,
  name: JOBS.migrateContent,
  idPrefix: 'migrate',
  subjectOf: () => null,
  words: {
    run: 'migration',
    running: 'The migration is still running',
    cancelled: 'The migration was cancelled',
    failed: 'Failed to migrate content',
  },
  // the one subject a migration wrote, when it wrote one
  resultSubjectId: (summary) => (summary.subjects.length === 1 ? summary.subjects[0].id : null),
};

/** API side of Studio → Migrate: a run for the worker, answered once it has ended. */
@Injectable()
export class MigrationRunsService {
  private readonly migrations: JobRun<ContentMigrationPayload, MigrationSummary>;

  constructor(
    runs: JobRuns,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    this.migrations = runs.define(MIGRATION_RUN);
  }

  async migrate(dto: MigrateDto, userId: string): Promise<MigrateResponse> {
    const source: ContentMigrationPayload['source'] =
      dto.source === 'rest' ? { kind: 'rest', baseUrl: dto.baseUrl! } : { kind: 'bundled' };
    const { jobId, result } = await this.migrations.run(
      { subjectId: null, requestedBy: userId, payload: () => ({ source, requestedBy: userId }) },
      this.config.jobWaitMs,
    );
    return { jobId, ...result };
  }
}
