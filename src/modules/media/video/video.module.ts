import { Module } from '@nestjs/common';
import { CatalogModule } from '../../catalog/catalog.module';
import { JobsModule } from '../../jobs/jobs.module';
import { MediaModule } from '../media.module';
import { TtsModule } from '../tts/tts.module';
import { VideoController } from './video.controller';
import { VideoRenderService } from './video-render.service';
import { VideoRunsService } from './video-runs.service';

/**
 * Lecture videos: the Studio calls (render runs of the `video` queue through the jobs room's run helper)
 * and the render itself, which the worker's processor calls.
 */
@Module({
  imports: [CatalogModule, MediaModule, TtsModule, JobsModule],
  controllers: [VideoController],
  providers: [VideoRunsService, VideoRenderService],
  exports: [VideoRenderService],
})
export class VideoModule {}
