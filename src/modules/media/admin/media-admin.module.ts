import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module';
import { CatalogModule } from '../../catalog/catalog.module';
import { MediaModule } from '../media.module';
import { MediaAdminController } from './media-admin.controller';
import { MediaAdminService } from './media-admin.service';

/**
 * Studio's Media Manager: the subject's videos (a react-admin list) and uploads. Attaching a video to a topic
 * writes the graph's draft overlay, so graph/versions serves it (graph → media, never back).
 */
@Module({
  imports: [CatalogModule, MediaModule, AuditModule],
  controllers: [MediaAdminController],
  providers: [MediaAdminService],
})
export class MediaAdminModule {}
