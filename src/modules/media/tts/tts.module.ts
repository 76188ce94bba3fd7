import { Module } from '@nestjs/common';
import { CatalogModule } from '../../catalog/catalog.module';
import { JobsModule } from '../../jobs/jobs.module';
import { MediaModule } from '../media.module';
import { SpeechModule } from '../speech/speech.module';
import { TtsOverridesService } from './tts-overrides.service';
import { TtsRunsService } from './tts-runs.service';
import { TtsSynthesisService } from './tts-synthesis.service';
import { TtsController } from './tts.controller';
import { TtsRepository } from './tts.repository';

/**
 * Text-to-speech of lecture sections: the Studio calls (runs of the `tts` queue through the jobs room's
 * run helper) and the job's logic, which the worker's processor calls.
 */
@Module({
  imports: [CatalogModule, MediaModule, SpeechModule, JobsModule],
  controllers: [TtsController],
  providers: [TtsRepository, TtsRunsService, TtsOverridesService, TtsSynthesisService],
  exports: [TtsSynthesisService, TtsRepository],
})
export class TtsModule {}
