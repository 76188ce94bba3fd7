import { BullModule } from '@nestjs/bullmq';
import { Module, type Type } from '@nestjs/common';
import { createLoggerModule } from '../src/common/logging';
import { workerQueues } from '../src/config/config';
import { ConfigModule } from '../src/config/config.module';
import { DatabaseModule } from '../src/database/database.module';
import { RateLimitModule } from '../src/common/rate-limit/rate-limit.module';
import { RedisModule } from '../src/common/redis/redis.module';
import { AccessViewModule } from '../src/common/guards/access-view.module';
import { AuthModule } from '../src/modules/auth/auth.module';
import { MailSenderModule } from '../src/modules/mail/sender/mail-sender.module';
import { SourcesModule } from '../src/modules/graph/sources/sources.module';
import { JobsModule } from '../src/modules/jobs/jobs.module';
import { ContentMigrationModule } from '../src/modules/studio/content-migration/content-migration.module';
import { TtsModule } from '../src/modules/media/tts/tts.module';
import { VideoModule } from '../src/modules/media/video/video.module';
import { QUEUES, type QueueName } from '../src/queues/queues';
import { QueuesModule } from '../src/queues/queues.module';
import { ContentMigrationProcessor } from './content-migration/content-migration.processor';
import { CrawlProcessor } from './crawl/crawl.processor';
import { EmailProcessor } from './email/email.processor';
import { TtsProcessor } from './tts/tts.processor';
import { VideoProcessor } from './video/video.processor';

/** Each queue's processor. */
const PROCESSORS: Record<QueueName, Type> = {
  [QUEUES.email]: EmailProcessor,
  [QUEUES.contentMigration]: ContentMigrationProcessor,
  [QUEUES.crawl]: CrawlProcessor,
  [QUEUES.tts]: TtsProcessor,
  [QUEUES.video]: VideoProcessor,
};

/**
 * The worker process: queue processors only (HTTP only for its metrics, workers/main.ts). WORKER_QUEUES
 * picks the queues it runs, so speech and video can scale apart from mail; every queue stays registered,
 * since a job of one queue may enqueue to another.
 */
@Module({
  imports: [
    ConfigModule,
    createLoggerModule('worker'),
    DatabaseModule,
    RedisModule,
    AccessViewModule,
    RateLimitModule,
    AuthModule,
    QueuesModule,
    BullModule.registerQueue(
      { name: QUEUES.email },
      { name: QUEUES.contentMigration },
      { name: QUEUES.crawl },
      { name: QUEUES.tts },
      { name: QUEUES.video },
    ),
    MailSenderModule,
    ContentMigrationModule,
    JobsModule,
    SourcesModule,
    TtsModule,
    VideoModule,
  ],
  providers: workerQueues().map((q) => PROCESSORS[q]),
})
export class WorkerModule {}
