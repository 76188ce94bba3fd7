import { Module } from '@nestjs/common';
import { AssessmentModule } from '../../assessment/assessment.module';
import { AuditModule } from '../../audit/audit.module';
import { CatalogModule } from '../../catalog/catalog.module';
import { MediaModule } from '../../media/media.module';
import { GraphCache } from '../graph-cache.service';
import { DraftsService } from './drafts.service';
import { OverlayReader } from './overlay-reader';
import {
  NodeVideoController,
  PublishDraftController,
  StudioNodesController,
  StudioOutlineController,
  StudioVersionsController,
} from './versions.controller';
import { VersionsRepository } from './versions.repository';
import { VersionsService } from './versions.service';

/** Studio versions and the draft overlay (the node editor's saves, the Media Manager's attach, publishing). */
@Module({
  imports: [CatalogModule, MediaModule, AssessmentModule, AuditModule],
  controllers: [
    StudioNodesController,
    StudioOutlineController,
    StudioVersionsController,
    PublishDraftController,
    NodeVideoController,
  ],
  providers: [DraftsService, OverlayReader, VersionsRepository, VersionsService, GraphCache],
  exports: [OverlayReader, VersionsService, GraphCache],
})
export class VersionsModule {}
