import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../queues/queues';
import { CatalogModule } from '../catalog/catalog.module';
import { CoursesController } from './courses.controller';
import { StudioController } from './studio.controller';
import { StudioMigrationService } from './studio-migration.service';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.contentMigration }), CatalogModule],
  controllers: [StudioController, CoursesController],
  providers: [StudioMigrationService],
})
export class StudioModule {}
