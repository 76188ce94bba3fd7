import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, NotFoundException, OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '../../../config/config';
import { InjectConfig } from '../../../config/config.module';
import { LazyQueueEvents, valueOrHttpError, waitForJob } from '../../../queues/follow-job';
import { CrawlPayload, JOBS, QUEUES } from '../../../queues/queues';
import { CatalogService } from '../../catalog/catalog.service';
import { GenerationJobsService } from '../../studio/jobs/generation-jobs.service';
import type { CrawlResult } from './crawl.service';
import { CrawlDto, CrawlResponse } from './dto/crawl.dto';

/** API side of a crawl: enqueues the job for the worker and waits for its result. */
@Injectable()
export class CrawlApiService implements OnModuleDestroy {
  private readonly events: LazyQueueEvents;
  private readonly waitMs: number;

  constructor(
    @InjectQueue(QUEUES.crawl) private readonly queue: Queue<CrawlPayload, CrawlResult>,
    @InjectConfig() config: AppConfig,
    private readonly catalog: CatalogService,
    private readonly jobs: GenerationJobsService,
  ) {
    this.events = new LazyQueueEvents(QUEUES.crawl, config.redis);
    this.waitMs = config.jobWaitMs;
  }

  async onModuleDestroy() {
    await this.events.close();
  }

  async crawl(dto: CrawlDto, userId: string): Promise<CrawlResponse> {
    if (!(await this.catalog.subjectSummary(dto.subjectId))) throw new NotFoundException('Subject not found');
    const events = await this.events.get();
    const jobId = `crawl-${randomUUID()}`;
    await this.jobs.enqueue(
      this.queue,
      JOBS.crawlSources,
      { subjectId: dto.subjectId, urls: dto.urls, requestedBy: userId },
      { jobId, subjectId: dto.subjectId, requestedBy: userId },
    );
    const result = valueOrHttpError(await waitForJob<CrawlResult>(this.queue, events, jobId, this.waitMs), jobId, {
      running: 'The crawl is still running',
      cancelled: 'The crawl was cancelled',
      failed: 'Failed to crawl',
    });
    return {
      jobId,
      indexed: result.indexed,
      passages: result.passages,
      failed: result.failed.map((f) => ({ url: f.url, reason: f.reason })),
    };
  }
}
