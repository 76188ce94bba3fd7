import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../../queues/queues';
import { CatalogModule } from '../../catalog/catalog.module';
import { GenerationJobsModule } from '../../studio/jobs/generation-jobs.module';
import { CrawlApiService } from './crawl-api.service';
import { CrawlService } from './crawl.service';
import { PassageSearchService } from './passage-search.service';
import { SourcesController } from './sources.controller';
import { SourcesRepository } from './sources.repository';

/**
 * Crawled web sources: the crawl API (enqueues and waits), the crawl job's logic (run by
 * the worker) and the full-text passage index the tutor searches.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.crawl }), CatalogModule, GenerationJobsModule],
  controllers: [SourcesController],
  providers: [SourcesRepository, CrawlService, CrawlApiService, PassageSearchService],
  exports: [CrawlService, PassageSearchService, GenerationJobsModule],
})
export class SourcesModule {}
