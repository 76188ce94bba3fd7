import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { createLoggerModule } from '../src/common/logging';
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
import { QUEUES } from '../src/queues/queues';
import { QueuesModule } from '../src/queues/queues.module';
import { ContentMigrationProcessor } from './content-migration/content-migration.processor';
import { CrawlProcessor } from './crawl/crawl.processor';
import { EmailProcessor } from './email/email.processor';
import { TtsProcessor } from './tts/tts.processor';
import { VideoProcessor } from './video/video.processor';

/** The worker process: queue processors only, no HTTP. */
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
  providers: [EmailProcessor, ContentMigrationProcessor, CrawlProcessor, TtsProcessor, VideoProcessor],
})
export class WorkerModule {}
