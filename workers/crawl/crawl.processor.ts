import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { queueWorkerOptions } from '../../src/config/config';
import { CRAWL_RUN } from '../../src/modules/graph/sources/crawl-runs.service';
import { CrawlResult, CrawlService } from '../../src/modules/graph/sources/crawl.service';
import { GenerationJobsService } from '../../src/modules/jobs/generation-jobs.service';
import { CrawlPayload, QUEUES } from '../../src/queues/queues';
import { TrackedWorkerHost } from '../tracked-worker-host';

// Pages are fetched one after another inside a job; two jobs may run side by side. This is a
// BullMQ worker of its own (its own concurrency and blocking Redis connection), so mail never
// queues behind crawls; it shares the process's event loop, though, so a crawl's CPU work must
// stay short: robots.txt patterns are matched in linear time (robots.ts), not by regex.
@Processor(QUEUES.crawl, { concurrency: 2, ...queueWorkerOptions() })
export class CrawlProcessor extends TrackedWorkerHost {
  constructor(
    private readonly crawls: CrawlService,
    jobs: GenerationJobsService,
  ) {
    super(jobs);
  }

  protected handle(job: Job<CrawlPayload>): Promise<CrawlResult> {
    return this.jobs.track(job, CRAWL_RUN, ({ signal, report }) => this.crawls.crawl(job.data, report, signal));
  }
}
