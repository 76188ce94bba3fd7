import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { CrawlResult, CrawlService } from '../../src/modules/graph/sources/crawl.service';
import { CrawlPayload, QUEUES } from '../../src/queues/queues';

// Pages are fetched one after another inside a job; two jobs may run side by side.
@Processor(QUEUES.crawl, { concurrency: 2 })
export class CrawlProcessor extends WorkerHost {
  constructor(private readonly crawls: CrawlService) {
    super();
  }

  process(job: Job<CrawlPayload>): Promise<CrawlResult> {
    return this.crawls.crawl(job.data, (p) => job.updateProgress(p));
  }
}
