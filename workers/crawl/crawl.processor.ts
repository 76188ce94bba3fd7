import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { queueWorkerOptions } from '../../src/config/config';
import { CrawlResult, CrawlService } from '../../src/modules/graph/sources/crawl.service';
import { CrawlPayload, QUEUES } from '../../src/queues/queues';

// Pages are fetched one after another inside a job; two jobs may run side by side. This is a
// BullMQ worker of its own (its own concurrency and blocking Redis connection), so mail never
// queues behind crawls; it shares the process's event loop, though, so a crawl's CPU work must
// stay short: robots.txt patterns are matched in linear time (robots.ts), not by regex.
@Processor(QUEUES.crawl, { concurrency: 2, ...queueWorkerOptions() })
export class CrawlProcessor extends WorkerHost {
  constructor(private readonly crawls: CrawlService) {
    super();
  }

  process(job: Job<CrawlPayload>): Promise<CrawlResult> {
    return this.crawls.crawl(job.data, (p) => job.updateProgress(p));
  }
}
