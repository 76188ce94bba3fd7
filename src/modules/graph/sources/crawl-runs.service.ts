import { Injectable, NotFoundException } from '@nestjs/common';
import { type CrawlPayload, JOBS, QUEUES } from '../../../queues/queues';
import { CatalogService } from '../../catalog/catalog.service';
import type { JobKind, JobRun } from '../../jobs/job-run';
import { JobRuns } from '../../jobs/job-runs.service';
import type { CrawlResult } from './crawl.service';
import type { CrawlDto, CrawlResponse } from './dto/crawl.dto';

/** Fetching and indexing a subject's pages, a generation job; re-crawling is idempotent (keyed by subject and URL). */
export const CRAWL_RUN: JobKind<CrawlPayload, CrawlResult> = {
  queue: QUEUES.crawl,
  name: JOBS.crawlSources,
  idPrefix: 'crawl',
  words: {
    run: 'crawl',
    running: 'The crawl is still running',
    cancelled: 'The crawl was cancelled',
    failed: 'Failed to crawl',
  },
};

/** API side of a crawl: a run for the worker, answered once it has ended. */
@Injectable()
export class CrawlRunsService {
  private readonly crawls: JobRun<CrawlPayload, CrawlResult>;

  constructor(
    runs: JobRuns,
    private readonly catalog: CatalogService,
  ) {
    this.crawls = runs.define(CRAWL_RUN);
  }

  async crawl(dto: CrawlDto, userId: string): Promise<CrawlResponse> {
    if (!(await this.catalog.subjectSummary(dto.subjectId))) throw new NotFoundException('Subject not found');
    // answered within JOB_WAIT_MS, else a 504 that names the job (it goes on; Studio → Jobs follows it)
    const { jobId, result } = await this.crawls.run({
      subjectId: dto.subjectId,
      requestedBy: userId,
      payload: () => ({ subjectId: dto.subjectId, urls: dto.urls, requestedBy: userId }),
    });
    return {
      jobId,
      indexed: result.indexed,
      passages: result.passages,
      failed: result.failed.map((f) => ({ url: f.url, reason: f.reason })),
    };
  }
}
