import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { requestIdOfJob, runWithRequestContext } from '../src/common/request-id/request-id';
import { observeJob } from '../src/common/metrics/metrics';
import { isTimeLimitError } from '../src/modules/media/speech/time-limit';

/**
 * Every processor: runs its job inside the job's context, so each log line of the job names the job and
 * the request that queued it (X-Request-Id, carried in the job's data), times it for the metrics, and
 * logs how it ended. Stalled jobs (a worker died or blocked its event loop) are logged here too.
 */
export abstract class ObservedWorkerHost extends WorkerHost {
  protected readonly log = new Logger(this.constructor.name);

  /** the job's work; `process` wraps it */
  protected abstract handle(job: Job, token?: string): Promise<unknown>;

  async process(job: Job, token?: string): Promise<unknown> {
    const context = { requestId: requestIdOfJob(job.data), jobId: job.id, queue: job.queueName };
    return runWithRequestContext(context, async () => {
      const t0 = process.hrtime.bigint();
      const seconds = () => Number(process.hrtime.bigint() - t0) / 1e9;
      this.log.log({ job: job.name, attempt: job.attemptsMade + 1 }, 'job started');
      try {
        const result = await this.handle(job, token);
        const took = seconds();
        observeJob(job.queueName, 'completed', took);
        this.log.log({ job: job.name, seconds: took }, 'job completed');
        return result;
      } catch (err) {
        observeJob(job.queueName, 'failed', seconds());
        // an engine run past its time limit would run as long again on a retry, holding a shared slot:
        // the job fails for good, with the limit's message
        if (isTimeLimitError(err)) throw new UnrecoverableError(err.message);
        throw err;
      }
    });
  }

  /** Failed for this attempt or for good, in the processor or by BullMQ (stalled too often). */
  @OnWorkerEvent('failed')
  logFailed(job: Job | undefined, err: Error): void {
    const context = { requestId: requestIdOfJob(job?.data), jobId: job?.id, queue: job?.queueName };
    runWithRequestContext(context, () =>
      this.log.warn(
        { job: job?.name, attemptsMade: job?.attemptsMade, err: err.message },
        `job failed: ${err.message}`,
      ),
    );
  }

  /** BullMQ moved a job whose lock lapsed back to waiting (or failed it): only its id is known here. */
  @OnWorkerEvent('stalled')
  logStalled(jobId: string, previous: string): void {
    void this.logStalledJob(jobId, previous);
  }

  private async logStalledJob(jobId: string, previous: string): Promise<void> {
    const job = await Job.fromId(this.worker, jobId).catch(() => undefined);
    runWithRequestContext({ requestId: requestIdOfJob(job?.data), jobId, queue: this.worker.name }, () =>
      this.log.warn({ previous }, 'job stalled: its worker stopped renewing the lock; it runs again'),
    );
  }
}
