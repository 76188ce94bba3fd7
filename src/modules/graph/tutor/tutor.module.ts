import { Module } from '@nestjs/common';
import { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.module';
import { CatalogModule } from '../../catalog/catalog.module';
import { SourcesModule } from '../sources/sources.module';
import { CourseStructureModule } from '../structure/course-structure.module';
import { BuiltinTutorProvider } from './builtin-tutor.provider';
import { OpenAiCompatibleProvider } from './openai-compatible.provider';
import { TUTOR_PROVIDER } from './tutor-provider';
import { TutorController } from './tutor.controller';
import { TutorRepository } from './tutor.repository';
import { TutorService } from './tutor.service';

/** The AI tutor: built-in and OpenAI-compatible providers, answer cache. */
@Module({
  imports: [SourcesModule, CatalogModule, CourseStructureModule],
  controllers: [TutorController],
  providers: [
    TutorRepository,
    TutorService,
    BuiltinTutorProvider,
    OpenAiCompatibleProvider,
    {
      provide: TUTOR_PROVIDER,
      inject: [APP_CONFIG, BuiltinTutorProvider, OpenAiCompatibleProvider],
      useFactory: (config: AppConfig, builtin: BuiltinTutorProvider, llm: OpenAiCompatibleProvider) =>
        config.tutor.llm ? llm : builtin,
    },
  ],
})
export class TutorModule {}
