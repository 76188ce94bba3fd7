import { Module } from '@nestjs/common';
import { CatalogModule } from '../../catalog/catalog.module';
import { VersionsModule } from '../../graph/versions/versions.module';
import { MediaModule } from '../media.module';
import { MediaAdminController } from './media-admin.controller';
import { MediaAdminService } from './media-admin.service';

/**
 * Studio's Media Manager: the subject's videos (a react-admin list), attaching one to a topic, uploads.
 * Attaching writes the graph's draft overlay through VersionsService (graph → media, never back).
 */
@Module({
  imports: [CatalogModule, MediaModule, VersionsModule],
  controllers: [MediaAdminController],
  providers: [MediaAdminService],
})
export class MediaAdminModule {}
