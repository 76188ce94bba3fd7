import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { JobsModule } from '../jobs/jobs.module';
import { CoursesController } from './courses.controller';
import { MigrationRunsService } from './migration-runs.service';
import { StudioController } from './studio.controller';

@Module({
  imports: [CatalogModule, JobsModule],
  controllers: [StudioController, CoursesController],
  providers: [MigrationRunsService],
})
export class StudioModule {}
