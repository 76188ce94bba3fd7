import { Module } from '@nestjs/common';
import { GenerationJobsRepository } from './generation-jobs.repository';
import { GenerationJobsService } from './generation-jobs.service';
import { JobCancellationService } from './job-cancellation.service';

/**
 * The generation jobs' rows and their cancel flags, for the modules that enqueue long jobs (media, graph
 * sources, studio) and the worker that runs them. It imports no feature module, so any of them may use it.
 */
@Module({
  providers: [GenerationJobsRepository, GenerationJobsService, JobCancellationService],
  exports: [GenerationJobsService, JobCancellationService],
})
export class GenerationJobsModule {}
