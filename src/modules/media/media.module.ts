import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CourseStructureModule } from '../graph/structure/course-structure.module';
import { LectureContentRepository } from './lecture-content.repository';
import { LectureContentService } from './lecture-content.service';
import { MediaController, TtsScriptsController } from './media.controller';
import { MediaDeliveryService } from './media-delivery.service';
import { MediaLibraryRepository } from './media-library.repository';
import { MediaLibraryService } from './media-library.service';
import { MediaSweeper } from './media-sweeper.service';
import { MediaUrlSigner } from './media-url-signer';
import { createMediaStorage } from './storage/create-media-storage';
import { withStoreErrors } from './storage/store-full';
import { MEDIA_STORAGE } from './storage/media-storage';
import { OrphanSweeper } from './storage/orphan-sweeper';

@Module({
  imports: [CatalogModule, CourseStructureModule],
  controllers: [MediaController, TtsScriptsController],
  providers: [
    LectureContentRepository,
    LectureContentService,
    MediaLibraryRepository,
    MediaLibraryService,
    MediaUrlSigner,
    MediaDeliveryService,
    MediaSweeper,
    OrphanSweeper,
    // with a bucket, an async factory: a missing or unreachable bucket stops the boot here
    {
      provide: MEDIA_STORAGE,
      inject: [APP_CONFIG],
      // a full store reported clearly (and, in the fault drills only, a store made full on purpose)
      useFactory: async (c: AppConfig) => withStoreErrors(await createMediaStorage(c.media), c.media.faultEnospcFile),
    },
  ],
  exports: [LectureContentService, MediaLibraryService, MEDIA_STORAGE],
})
export class MediaModule {}
