import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { RequestIdInterceptor } from './common/request-id/request-id.interceptor';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { JwtAuthGuard } from './common/guards/jwt-auth.guard';
import { RolesGuard } from './common/guards/roles.guard';
import { createValidationPipe } from './common/http/validation';
import { createLoggerModule } from './common/logging';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { RedisModule } from './common/redis/redis.module';
import { AccessViewModule } from './common/guards/access-view.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AuthModule } from './modules/auth/auth.module';
import { HealthModule } from './modules/health/health.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { StudioModule } from './modules/studio/studio.module';
import { CatalogModule } from './modules/catalog/catalog.module';
import { ResumablePurchaseModule } from './modules/catalog/resumable-purchase/resumable-purchase.module';
import { AssessmentModule } from './modules/assessment/assessment.module';
import { PracticeModule } from './modules/practice/practice.module';
import { GraphModule } from './modules/graph/graph.module';
import { SourcesModule } from './modules/graph/sources/sources.module';
import { TutorModule } from './modules/graph/tutor/tutor.module';
import { VersionsModule } from './modules/graph/versions/versions.module';
import { MediaModule } from './modules/media/media.module';
import { EntitlementGuard } from './common/guards/entitlement.guard';
import { QueuesModule } from './queues/queues.module';
import { TtsModule } from './modules/media/tts/tts.module';
import { MediaAdminModule } from './modules/media/admin/media-admin.module';
import { VideoModule } from './modules/media/video/video.module';
import { ChallengesModule } from './modules/challenges/challenges.module';
import { OwnerDashboardModule } from './modules/owner-dashboard/owner-dashboard.module';

@Module({
  imports: [
    ConfigModule,
    createLoggerModule('api'),
    DatabaseModule,
    RedisModule,
    AccessViewModule,
    RateLimitModule,
    QueuesModule,
    HealthModule,
    AuthModule,
    CatalogModule,
    ResumablePurchaseModule,
    GraphModule,
    VersionsModule,
    TutorModule,
    SourcesModule,
    AssessmentModule,
    PracticeModule,
    MediaModule,
    JobsModule,
    StudioModule,
    TtsModule,
    VideoModule,
    MediaAdminModule,
    ChallengesModule,
    OwnerDashboardModule,
  ],
  providers: [
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
    // services called by a handler read its request id (jobs they enqueue carry it)
    { provide: APP_INTERCEPTOR, useClass: RequestIdInterceptor },
    // Order matters: authenticate first, then check roles, then course ownership.
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    { provide: APP_GUARD, useClass: EntitlementGuard },
  ],
})
export class AppModule {}
