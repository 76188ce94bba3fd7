import { Injectable } from '@nestjs/common';
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

  constructor(runs: JobRuns) {
    this.migrations = runs.define(MIGRATION_RUN);
  }

  async migrate(dto: MigrateDto, userId: string): Promise<MigrateResponse> {
    const source: ContentMigrationPayload['source'] =
      dto.source === 'rest' ? { kind: 'rest', baseUrl: dto.baseUrl! } : { kind: 'bundled' };
    // answered within JOB_WAIT_MS, else a 504 that names the job (it goes on; Studio → Jobs follows it)
    const { jobId, result } = await this.migrations.run({
      subjectId: null,
      requestedBy: userId,
      payload: () => ({
        source,
        requestedBy: userId,
        ...(dto.takePack?.length
          ? { takePack: dto.takePack.map((t) => ({ subjectId: t.subjectId, nodeId: t.nodeId })) }
          : {}),
      }),
    });
    return { jobId, ...result };
  }
}
