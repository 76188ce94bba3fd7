import { Module } from '@nestjs/common';
import { type AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.module';
import { SectionSynthesizer } from './section-synthesizer';
import { mediaTimeLimits } from './time-limit';

/** Text to speech: the local engines and ElevenLabs, sentence by sentence into mp3 + WebVTT. */
@Module({
  providers: [
    {
      provide: SectionSynthesizer,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new SectionSynthesizer({
          ffmpegPath: config.ffmpegPath,
          elevenLabs: config.speech.elevenLabs,
          limits: mediaTimeLimits(config.mediaTimeLimits),
        }),
    },
  ],
  exports: [SectionSynthesizer],
})
export class SpeechModule {}
