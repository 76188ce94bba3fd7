import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { ContentMigrationService, MigrationSummary } from '../../src/modules/studio/content-migration/content-migration.service';
import { ContentMigrationPayload, QUEUES } from '../../src/queues/queues';

// One migration at a time: two concurrent imports of the same subject would only wait on each other's locks.
@Processor(QUEUES.contentMigration, { concurrency: 1 })
export class ContentMigrationProcessor extends WorkerHost {
  constructor(private readonly migration: ContentMigrationService) {
    super();
  }

  async process(job: Job<ContentMigrationPayload>): Promise<MigrationSummary> {
    const { source } = job.data;
    const spec = source.kind === 'rest' ? source : { kind: 'bundled' as const, dir: this.migration.bundledDir() };
    return this.migration.run(spec, (p) => job.updateProgress(p));
  }
}
