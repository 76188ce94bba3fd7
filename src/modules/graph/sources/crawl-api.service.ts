import { InjectQueue } from '@nestjs/bullmq';
import {
  GatewayTimeoutException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
  OnModuleDestroy,
} from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { AppConfig } from '../../../config/config';
import { InjectConfig } from '../../../config/config.module';
import { CrawlPayload, DEFAULT_JOB_OPTIONS, JOBS, QUEUES } from '../../../queues/queues';
import { redisConnection } from '../../../queues/queues.module';
import type { CrawlResult } from './crawl.service';
import { CrawlDto, CrawlResponse } from './dto/crawl.dto';
import { CatalogService } from '../../catalog/catalog.service';

const WAIT_MS = 5 * 60 * 1000;

/** API side of a crawl: enqueues the job for the worker and waits for its result. */
@Injectable()
export class CrawlApiService implements OnModuleDestroy {
  private events?: QueueEvents;

  constructor(
    @InjectQueue(QUEUES.crawl) private readonly queue: Queue<CrawlPayload, CrawlResult>,
    @InjectConfig() private readonly config: AppConfig,
    private readonly catalog: CatalogService,
  ) {}

  private queueEvents(): QueueEvents {
    this.events ??= new QueueEvents(QUEUES.crawl, {
      connection: redisConnection(this.config.redis.url),
      prefix: `${this.config.redis.prefix}:q`,
    });
    return this.events;
  }

  async onModuleDestroy() {
    await this.events?.close();
  }

  async crawl(dto: CrawlDto, userId: string): Promise<CrawlResponse> {
    if (!(await this.catalog.subjectSummary(dto.subjectId))) throw new NotFoundException('Subject not found');
    const events = this.queueEvents();
    await events.waitUntilReady();
    const job = await this.queue.add(
      JOBS.crawlSources,
      { subjectId: dto.subjectId, urls: dto.urls, requestedBy: userId },
      DEFAULT_JOB_OPTIONS[QUEUES.crawl],
    );
    let result: CrawlResult;
    try {
      result = await job.waitUntilFinished(events, WAIT_MS);
    } catch (err) {
      const message = (err as Error).message ?? '';
      if (/timed out/i.test(message))
        throw new GatewayTimeoutException(`The crawl is still running (job ${job.id}); see Studio → Jobs.`);
      throw new HttpException(`Failed to crawl: ${message}`, HttpStatus.BAD_GATEWAY);
    }
    return {
      jobId: String(job.id),
      indexed: result.indexed,
      passages: result.passages,
      failed: result.failed.map((f) => ({ url: f.url, reason: f.reason })),
    };
  }
}
