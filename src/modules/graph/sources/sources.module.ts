import { Module } from '@nestjs/common';
import { CatalogModule } from '../../catalog/catalog.module';
import { JobsModule } from '../../jobs/jobs.module';
import { CrawlRunsService } from './crawl-runs.service';
import { CrawlService } from './crawl.service';
import { PassageSearchService } from './passage-search.service';
import { SourcesController } from './sources.controller';
import { SourcesRepository } from './sources.repository';

/**
 * Crawled web sources: the crawl API (a run of the jobs room's helper), the crawl job's logic (run by
 * the worker) and the full-text passage index the tutor searches.
 */
@Module({
  imports: [CatalogModule, JobsModule],
  controllers: [SourcesController],
  providers: [SourcesRepository, CrawlService, CrawlRunsService, PassageSearchService],
  exports: [CrawlService, PassageSearchService],
})
export class SourcesModule {}
