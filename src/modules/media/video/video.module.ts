import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../../queues/queues';
import { CatalogModule } from '../../catalog/catalog.module';
import { MediaModule } from '../media.module';
import { TtsModule } from '../tts/tts.module';
import { VideoController } from './video.controller';
import { VideoJobsService } from './video-jobs.service';
import { VideoRenderService } from './video-render.service';

/**
 * Lecture videos: the Studio calls (they enqueue render runs on the `video` queue and follow them) and
 * the render itself, which the worker's processor calls.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.video }), CatalogModule, MediaModule, TtsModule],
  controllers: [VideoController],
  providers: [VideoJobsService, VideoRenderService],
  exports: [VideoRenderService],
})
export class VideoModule {}
