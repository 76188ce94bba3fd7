import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../queues/queues';
import { CatalogModule } from '../catalog/catalog.module';
import { CoursesController } from './courses.controller';
import { JobControlService } from './job-control.service';
import { JobsController } from './jobs.controller';
import { GenerationJobsModule } from './jobs/generation-jobs.module';
import { StudioController } from './studio.controller';
import { StudioMigrationService } from './studio-migration.service';

@Module({
  imports: [
    BullModule.registerQueue(
      { name: QUEUES.contentMigration },
      { name: QUEUES.crawl },
      { name: QUEUES.tts },
      { name: QUEUES.video },
    ),
    CatalogModule,
    GenerationJobsModule,
  ],
  controllers: [StudioController, CoursesController, JobsController],
  providers: [StudioMigrationService, JobControlService],
})
export class StudioModule {}
