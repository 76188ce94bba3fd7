import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../queues/queues';
import { MailQueueService } from './mail-queue.service';
import { MailSenderService } from './mail-sender.service';

/** Producer side, used by the API. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.email })],
  providers: [MailQueueService],
  exports: [MailQueueService],
})
export class MailModule {}

/** Sender side, used by the worker. */
@Module({ providers: [MailSenderService], exports: [MailSenderService] })
export class MailSenderModule {}
