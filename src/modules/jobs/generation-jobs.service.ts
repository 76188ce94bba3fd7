import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { type Job, type Queue, UnrecoverableError } from 'bullmq';
import { currentRequestId, requestIdOfJob, withRequestId } from '../../common/request-id/request-id';
import { DEFAULT_JOB_OPTIONS, type QueueName } from '../../queues/queues';
import type { GenerationJobStatus } from './entities';
import {
  type GenerationJobRecord,
  GenerationJobsRepository,
  type JobPageQuery,
  type NewGenerationJob,
} from './generation-jobs.repository';
import { JobCancellationService } from './job-cancellation.service';

/** How often a running job's progress is written to its row, at most. */
const PROGRESS_WRITE_MS = 500;

/** How the worker keeps a kind of job's row in step (part of the kind's JobKind). */
export interface TrackHooks<P, R> {
  /** how far the job is (0..1), from what it last reported; by default `{done, total}` progress */
  fraction?(progress: unknown, data: P): number;
  /** the subject the finished job produced or changed; by default the one it worked on */
  resultSubjectId?(result: R, data: P): string | null;
  /** a run that returned early because it was cancelled (speech and video runs return, marked so) */
  cancelled?(result: R): boolean;
}

/** done / total of a `{done, total}` progress report (0 before the first one). */
export function doneOverTotal(progress: unknown): number {
  const p = progress as { done?: unknown; total?: unknown } | null;
  return p && typeof p.done === 'number' && typeof p.total === 'number' && p.total > 0 ? p.done / p.total : 0;
}

export interface JobContext {
  /** fires when Studio cancels the job, in whichever worker runs it */
  signal: AbortSignal;
  /** the job's own progress (kept by BullMQ, replayed to viewers); the row gets its fraction */
  report(progress: object): Promise<void>;
  /** what the job reported before this attempt (a retried run resumes after it) */
  previous: unknown;
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

function describe(job: Job): NewGenerationJob {
  const data = (job.data ?? {}) as Record<string, unknown>;
  return {
    id: job.id!,
    kind: job.name,
    queue: job.queueName,
    subjectId: typeof data.subjectId === 'string' ? data.subjectId : null,
    input: data,
    requestedBy: typeof data.requestedBy === 'string' ? data.requestedBy : null,
    requestId: requestIdOfJob(data) ?? null,
  };
}

/**
 * Generation jobs: every long job (content migration, crawl, bulk speech, video rendering) is a row that
 * the API writes when it enqueues the job and the worker keeps in step while it runs (never polled from
 * the API). The row keeps the job's input, so Studio's Retry can run it again even after BullMQ has
 * dropped the job.
 */
@Injectable()
export class GenerationJobsService {
  private readonly logger = new Logger('GenerationJobs');

  constructor(
    private readonly repo: GenerationJobsRepository,
    private readonly cancellation: JobCancellationService,
  ) {}

  /**
   * Records the job, then adds it to its queue under the same id. An id already used (by any kind of job)
   * is a 409; when Redis refuses the job, the row says so (failed) and the error goes to the caller.
   */
  async enqueue<T extends object>(
    queue: Queue<T>,
    name: string,
    payload: T,
    meta: { jobId: string; subjectId: string | null; requestedBy?: string | null },
  ): Promise<Job<T>> {
    const queueName = queue.name as QueueName;
    // the request that asked for it, in the job's data (the worker logs it) and on its row
    payload = withRequestId(payload);
    const created = await this.repo.insert({
      id: meta.jobId,
      kind: name,
      queue: queueName,
      subjectId: meta.subjectId,
      input: payload as Record<string, unknown>,
      requestedBy: meta.requestedBy ?? null,
      requestId: requestIdOfJob(payload) ?? null,
    });
    if (!created) throw new ConflictException(`The job id ${meta.jobId} is taken by another job`);
    await this.cancellation.clear(meta.jobId);
    try {
      return (await queue.add(name as never, payload as never, {
        ...DEFAULT_JOB_OPTIONS[queueName],
        jobId: meta.jobId,
      })) as Job<T>;
    } catch (err) {
      await this.repo.finished(meta.jobId, { status: 'failed', error: `Could not queue: ${(err as Error).message}` }, [
        'queued',
      ]);
      throw err;
    }
  }

  /**
   * Runs a job's work in the worker with the row kept in step: `running` when it starts, its progress
   * while it runs (at most every 500 ms), then `completed`, `cancelled` or `failed` (or back to `queued`
   * with the error when BullMQ will try again). A cancelled job is never retried by BullMQ.
   */
  async track<P, R>(job: Job<P>, hooks: TrackHooks<P, R>, run: (ctx: JobContext) => Promise<R>): Promise<R> {
    const id = job.id!;
    const fraction = hooks.fraction ?? doneOverTotal;
    const watch = this.cancellation.watch(id);
    try {
      await watch.ready;
      // attemptsStarted counts this start, and a start after a crashed worker's stall too
      const row = describe(job);
      const going = await this.repo.started(row, job.attemptsStarted || job.attemptsMade + 1);
      if (!going) {
        // Cancelled (or ended) while it waited, and the API could not take it off the queue in time.
        throw new UnrecoverableError('The job was cancelled before it started');
      }
      let lastWrite = 0;
      const previous = job.progress;
      const report = async (progress: object) => {
        await job.updateProgress(progress);
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        await this.repo.progress(id, clamp01(fraction(progress, job.data)));
      };
      let result: R;
      try {
        result = await run({ signal: watch.signal, report, previous });
      } catch (err) {
        await this.failed(job, err as Error, watch.signal.aborted);
        if (watch.signal.aborted && !(err instanceof UnrecoverableError))
          throw new UnrecoverableError('The job was cancelled');
        throw err;
      }
      const cancelled = watch.signal.aborted || (hooks.cancelled?.(result) ?? false);
      await this.repo.finished(id, {
        status: cancelled ? 'cancelled' : 'completed',
        progress: cancelled ? undefined : 1,
        result,
        resultSubjectId: cancelled
          ? null
          : hooks.resultSubjectId
            ? hooks.resultSubjectId(result, job.data)
            : row.subjectId,
      });
      return result;
    } finally {
      watch.stop();
    }
  }

  private async failed(job: Job, err: Error, cancelled: boolean): Promise<void> {
    const final = cancelled || err instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const status: GenerationJobStatus = cancelled ? 'cancelled' : final ? 'failed' : 'queued';
    const message = err.message || String(err);
    await this.repo.finished(job.id!, {
      status,
      error: cancelled ? null : final ? message : `Attempt ${job.attemptsMade + 1} failed (trying again): ${message}`,
    });
  }

  /**
   * BullMQ failed the job outside its processor (it stalled more often than allowed, after worker
   * crashes): a row still `running` ends as failed. Rows the processor already ended are left alone.
   */
  async failedOutside(job: Job | undefined, err: Error): Promise<void> {
    if (!job?.id) return;
    const retrying = job.attemptsMade < (job.opts.attempts ?? 1) && !(err instanceof UnrecoverableError);
    if (retrying) return;
    try {
      await this.repo.finished(job.id, { status: 'failed', error: err.message || 'failed' }, ['running']);
    } catch (e) {
      this.logger.error({ err: e, jobId: job.id }, 'could not record a failed job');
    }
  }

  list(query: JobPageQuery): Promise<{ rows: GenerationJobRecord[]; total: number }> {
    return this.repo.page(query);
  }

  get(id: string): Promise<GenerationJobRecord | null> {
    return this.repo.find(id);
  }

  activeTwin(job: GenerationJobRecord): Promise<string | null> {
    return this.repo.activeTwin(job.id, job.kind, job.subjectId);
  }

  /** false when the job is not failed or cancelled (any more) */
  requeue(id: string): Promise<boolean> {
    return this.repo.requeue(id, currentRequestId() ?? null);
  }

  /** A queued job taken off its queue by Studio's Cancel. */
  cancelledWhileQueued(id: string): Promise<boolean> {
    return this.repo.finished(id, { status: 'cancelled' }, ['queued']);
  }

  /** Retry could not put the job back on its queue: it stays failed, with why. */
  requeueFailed(id: string, message: string): Promise<boolean> {
    return this.repo.finished(id, { status: 'failed', error: message }, ['queued']);
  }

  requestCancel(id: string): Promise<void> {
    return this.cancellation.request(id);
  }

  clearCancel(id: string): Promise<void> {
    return this.cancellation.clear(id);
  }
}
