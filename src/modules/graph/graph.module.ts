import { Module } from '@nestjs/common';
import { GraphContentRepository } from './graph-content.repository';
import { GraphContentService } from './graph-content.service';

@Module({ providers: [GraphContentRepository, GraphContentService], exports: [GraphContentService] })
export class GraphModule {}
