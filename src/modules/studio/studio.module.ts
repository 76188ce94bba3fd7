import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../queues/queues';
import { StudioController } from './studio.controller';
import { StudioMigrationService } from './studio-migration.service';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.contentMigration })],
  controllers: [StudioController],
  providers: [StudioMigrationService],
})
export class StudioModule {}
