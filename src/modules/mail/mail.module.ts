import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../queues/queues';
import { MailQueueService } from './mail-queue.service';

/** Producer side, used by the API. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.email })],
  providers: [MailQueueService],
  exports: [MailQueueService],
})
export class MailModule {}
