import { OnWorkerEvent } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { GenerationJobsService } from '../src/modules/jobs/generation-jobs.service';
import { ObservedWorkerHost } from './observed-worker-host';

/**
 * A processor of generation jobs. Its `process` runs the work through `GenerationJobsService.track`;
 * this catches what never reaches `process`: BullMQ failing a job that stalled too often (its workers
 * kept crashing), so the job's row does not stay `running`.
 */
export abstract class TrackedWorkerHost extends ObservedWorkerHost {
  protected constructor(protected readonly jobs: GenerationJobsService) {
    super();
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, err: Error): void {
    void this.jobs.failedOutside(job, err);
  }
}
