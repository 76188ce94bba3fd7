import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { CatalogModule } from '../catalog/catalog.module';
import { LectureContentRepository } from './lecture-content.repository';
import { LectureContentService } from './lecture-content.service';
import { MediaController, TtsScriptsController } from './media.controller';
import { MediaDeliveryService } from './media-delivery.service';
import { MediaLibraryRepository } from './media-library.repository';
import { MediaLibraryService } from './media-library.service';
import { MediaUrlSigner } from './media-url-signer';
import { LocalDiskStorage, MEDIA_STORAGE } from './storage/media-storage';

@Module({
  imports: [CatalogModule],
  controllers: [MediaController, TtsScriptsController],
  providers: [
    LectureContentRepository,
    LectureContentService,
    MediaLibraryRepository,
    MediaLibraryService,
    MediaUrlSigner,
    MediaDeliveryService,
    { provide: MEDIA_STORAGE, inject: [APP_CONFIG], useFactory: (c: AppConfig) => new LocalDiskStorage(c.media.dir) },
  ],
  exports: [LectureContentService, MediaLibraryService, MEDIA_STORAGE],
})
export class MediaModule {}
