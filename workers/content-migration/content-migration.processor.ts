import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { type AppConfig, queueWorkerOptions } from '../../src/config/config';
import { InjectConfig } from '../../src/config/config.module';
import {
  ContentMigrationService,
  MigrationSummary,
} from '../../src/modules/studio/content-migration/content-migration.service';
import { GenerationJobsService } from '../../src/modules/jobs/generation-jobs.service';
import { MIGRATION_RUN } from '../../src/modules/studio/migration-runs.service';
import { ContentMigrationPayload, QUEUES } from '../../src/queues/queues';
import { TrackedWorkerHost } from '../tracked-worker-host';

// One migration at a time: two concurrent imports of the same subject would only wait on each other's locks.
@Processor(QUEUES.contentMigration, { concurrency: 1, ...queueWorkerOptions() })
export class ContentMigrationProcessor extends TrackedWorkerHost {
  constructor(
    private readonly migration: ContentMigrationService,
    @InjectConfig() private readonly config: AppConfig,
    jobs: GenerationJobsService,
  ) {
    super(jobs);
  }

  protected handle(job: Job<ContentMigrationPayload>): Promise<MigrationSummary> {
    const { source, takePack } = job.data;
    const spec = source.kind === 'rest' ? source : { kind: 'bundled' as const, dir: this.migration.bundledDir() };
    // Tests only (0, and always 0 in production): holds the job between subjects, so the scale test
    // can kill this worker in the middle of a migration and watch another one finish it.
    const pause = this.config.contentMigrationTestDelayMs;
    return this.jobs.track(job, MIGRATION_RUN, ({ signal, report }) =>
      this.migration.run(
        spec,
        async (p) => {
          await report(p);
          if (pause > 0) await new Promise((r) => setTimeout(r, pause));
        },
        signal,
        { takePack: takePack ?? [] },
      ),
    );
  }
}
