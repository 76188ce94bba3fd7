import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../../queues/queues';
import { CatalogModule } from '../../catalog/catalog.module';
import { GenerationJobsModule } from '../../studio/jobs/generation-jobs.module';
import { MediaModule } from '../media.module';
import { SpeechModule } from '../speech/speech.module';
import { TtsJobsService } from './tts-jobs.service';
import { TtsOverridesService } from './tts-overrides.service';
import { TtsSynthesisService } from './tts-synthesis.service';
import { TtsController } from './tts.controller';
import { TtsRepository } from './tts.repository';

/**
 * Text-to-speech of lecture sections: the Studio calls (they enqueue on the `tts` queue and follow the
 * job) and the job's logic, which the worker's processor calls.
 */
@Module({
  imports: [
    BullModule.registerQueue({ name: QUEUES.tts }),
    CatalogModule,
    MediaModule,
    SpeechModule,
    GenerationJobsModule,
  ],
  controllers: [TtsController],
  providers: [TtsRepository, TtsJobsService, TtsOverridesService, TtsSynthesisService],
  exports: [TtsSynthesisService, TtsRepository, GenerationJobsModule],
})
export class TtsModule {}
