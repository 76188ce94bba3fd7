import { Module } from '@nestjs/common';
import { GraphCache } from '../graph-cache.service';
import { GraphContentRepository } from './graph-content.repository';
import { GraphContentService } from './graph-content.service';

/**
 * Importing topic nodes, modules and prerequisite edges, alone: what the content migration (the worker's job
 * and the first-start CLI) needs of the graph, without its API. GraphCache only bumps the subject's generation
 * in Redis after an import, which every API process's cache reads, so this instance needs no state of its own.
 */
@Module({
  providers: [GraphContentRepository, GraphContentService, GraphCache],
  exports: [GraphContentService],
})
export class GraphContentModule {}
