import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { createLoggerModule } from '../src/common/logging';
import { ConfigModule } from '../src/config/config.module';
import { MailSenderModule } from '../src/modules/mail/mail.module';
import { QUEUES } from '../src/queues/queues';
import { QueuesModule } from '../src/queues/queues.module';
import { EmailProcessor } from './email/email.processor';

/** The worker process: queue processors only, no HTTP. */
@Module({
  imports: [ConfigModule, createLoggerModule('worker'), QueuesModule, BullModule.registerQueue({ name: QUEUES.email }), MailSenderModule],
  providers: [EmailProcessor],
})
export class WorkerModule {}
