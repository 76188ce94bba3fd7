import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { type RaListQuery } from '../../common/http/ra-list';
import { withRequestId } from '../../common/request-id/request-id';
import { DEFAULT_JOB_OPTIONS, type QueueName } from '../../queues/queues';
import { AuditService } from '../audit/audit.service';
import { JOB_KINDS, JOB_LIST, JOB_STATUSES, type JobSortField } from './dto/jobs.dto';
import type { GenerationJobRecord } from './generation-jobs.repository';
import { GenerationJobsService } from './generation-jobs.service';
import { JobQueues } from './job-queues';

const WAITING = new Set(['waiting', 'delayed', 'prioritized', 'paused', 'waiting-children']);

type JobListQuery = RaListQuery<JobSortField, (typeof JOB_LIST)['filters']>;

/**
 * Studio → Jobs: lists generation jobs and steers them through their queues. Cancel takes a waiting job
 * off its queue, or raises the cancel flag the worker running it turns into an abort signal. Retry runs a
 * failed or cancelled job again with the same input, under the same id. Both go into the audit trail.
 */
@Injectable()
export class JobControlService {
  constructor(
    private readonly jobs: GenerationJobsService,
    private readonly queues: JobQueues,
    private readonly audit: AuditService,
  ) {}

  list({ sort, range, filter }: JobListQuery): Promise<{ rows: GenerationJobRecord[]; total: number }> {
    if (filter.status !== undefined && !(JOB_STATUSES as readonly string[]).includes(filter.status))
      throw new BadRequestException(`filter.status must be one of: ${JOB_STATUSES.join(', ')}`);
    if (filter.kind !== undefined && !(JOB_KINDS as readonly string[]).includes(filter.kind))
      throw new BadRequestException(`filter.kind must be one of: ${JOB_KINDS.join(', ')}`);
    if (filter.subject !== undefined && filter.subjectId !== undefined && filter.subject !== filter.subjectId)
      throw new BadRequestException('filter.subject and filter.subjectId name different subjects');
    return this.jobs.list({
      sort: sort.field,
      order: sort.order,
      offset: range.start,
      limit: range.limit,
      status: filter.status,
      kind: filter.kind,
      subjectId: filter.subjectId ?? filter.subject,
      ids: filter.id,
    });
  }

  async get(id: string): Promise<GenerationJobRecord> {
    const job = await this.jobs.get(id);
    if (!job) throw new NotFoundException('Job not found');
    return job;
  }

  private queueOf(job: GenerationJobRecord): Queue {
    const queue = this.queues.get(job.queue);
    if (!queue) throw new ConflictException(`Jobs of the ${job.queue} queue cannot be steered from Studio`);
    return queue;
  }

  async cancel(id: string, actorId: string): Promise<GenerationJobRecord> {
    const row = await this.get(id);
    if (row.status !== 'queued' && row.status !== 'running')
      throw new ConflictException(`The job has already ended (${row.status})`);
    // The flag first: whichever worker takes the job from here on sees it, even if it wins the race below.
    await this.jobs.requestCancel(id);
    const job = (await this.queueOf(row).getJob(id)) as Job | undefined;
    if (!job) {
      await this.jobs.cancelledWhileQueued(id);
    } else if (WAITING.has(await job.getState())) {
      try {
        await job.remove();
        await this.jobs.cancelledWhileQueued(id);
      } catch {
        // A worker took it meanwhile (it is locked): the worker stops on the flag and marks it cancelled.
      }
    }
    const after = await this.get(id);
    await this.recordAction('job.cancel', row, actorId);
    return after;
  }

  async retry(id: string, actorId: string): Promise<GenerationJobRecord> {
    const row = await this.get(id);
    if (row.status !== 'failed' && row.status !== 'cancelled')
      throw new ConflictException(
        row.status === 'completed'
          ? 'The job has completed; only a failed or cancelled job can be retried'
          : `The job is ${row.status}; only a failed or cancelled job can be retried`,
      );
    const twin = await this.jobs.activeTwin(row);
    if (twin) throw new ConflictException(`Another ${row.kind} job for this subject is running (job ${twin})`);
    const queue = this.queueOf(row);
    if (!(await this.jobs.requeue(id))) throw new ConflictException('The job changed meanwhile; reload and try again');
    // the row as Retry left it: once back on its queue, an idle worker may take it at once
    const queued = await this.get(id);
    await this.jobs.clearCancel(id);
    try {
      const job = (await queue.getJob(id)) as Job | undefined;
      const state = job ? await job.getState() : 'unknown';
      if (job && (state === 'failed' || state === 'completed')) {
        // The same BullMQ job: a speech or video run resumes after the sections its progress lists.
        // Its data names the retry's request from now on, as the row does.
        await job.updateData(withRequestId(job.data as object));
        await job.retry(state, { resetAttemptsMade: true, resetAttemptsStarted: true });
      } else if (!job || state === 'unknown') {
        // BullMQ has dropped it (kept for a limited time): the row's input runs again under the same id.
        await queue.add(row.kind, withRequestId(row.input), {
          ...DEFAULT_JOB_OPTIONS[queue.name as QueueName],
          jobId: id,
        });
      }
      // Any other state: the job is on its queue already (a retry that raced this one).
    } catch (err) {
      await this.jobs.requeueFailed(id, `Retry failed: ${(err as Error).message}`);
      throw new ConflictException(`The job could not be queued again: ${(err as Error).message}`);
    }
    await this.recordAction('job.retry', row, actorId);
    return queued;
  }

  /** `status` is the job's state when the action was taken. */
  private recordAction(action: 'job.cancel' | 'job.retry', row: GenerationJobRecord, actorId: string) {
    return this.audit.record({
      actorId,
      action,
      target: { jobId: row.id },
      details: { kind: row.kind, subjectId: row.subjectId, status: row.status },
    });
  }
}
