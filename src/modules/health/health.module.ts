import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { QUEUES } from '../../queues/queues';
import { HealthController } from './health.controller';

@Module({
  imports: [
    TerminusModule.forRoot({ logger: false }),
    BullModule.registerQueue(...Object.values(QUEUES).map((name) => ({ name }))),
  ],
  controllers: [HealthController],
})
export class HealthModule {}
