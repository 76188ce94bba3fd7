import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { JobStatsRepository } from './job-stats.repository';
import { JobStatsService } from './job-stats.service';
import { AuditModule } from '../audit/audit.module';
import { GenerationJobsRepository } from './generation-jobs.repository';
import { GenerationJobsService } from './generation-jobs.service';
import { JobCancellationService } from './job-cancellation.service';
import { JOB_QUEUES, JobQueues } from './job-queues';
import { JobControlService } from './job-control.service';
import { JobRuns } from './job-runs.service';
import { JobsController } from './jobs.controller';

/**
 * Background jobs in one room: the `generation_jobs` rows, cancellation, following a run as events, the
 * start lock and the run helper (JobRuns) that speech, video, crawl and migration configure; and Studio →
 * Jobs. It imports no feature module (the architecture test says so), so every feature and the worker
 * may use it.
 */
@Module({
  imports: [BullModule.registerQueue(...JOB_QUEUES.map((name) => ({ name }))), AuditModule],
  controllers: [JobsController],
  providers: [
    GenerationJobsRepository,
    GenerationJobsService,
    JobCancellationService,
    JobQueues,
    JobRuns,
    JobControlService,
    JobStatsRepository,
    JobStatsService,
  ],
  exports: [GenerationJobsService, JobRuns, JobStatsService],
})
export class JobsModule {}
