import { randomUUID } from 'node:crypto';
import { ConflictException, NotFoundException } from '@nestjs/common';
import type { Job, Queue, QueueEvents } from 'bullmq';
import type Redis from 'ioredis';
import { withRequestId } from '../../common/request-id/request-id';
import { DEFAULT_JOB_OPTIONS, type QueueName } from '../../queues/queues';
import { followJob, type OutcomeWords, valueOrHttpError, waitForJob } from './follow-job';
import type { GenerationJobsService, TrackHooks } from './generation-jobs.service';
import { withRedisLock } from './start-lock';

const GOING = ['active', 'waiting', 'delayed', 'prioritized', 'paused', 'waiting-children'] as const;

/**
 * How a run's viewers see it: events of the feature's own type, built from what BullMQ keeps of the job
 * (its data, its progress, its return value), so any number of viewers, during or after the run, see the
 * same events from the beginning.
 */
export interface RunEvents<P, R, E> {
  start(jobId: string, data: P): E;
  /** an event for every item finished so far, in order, from the job's progress (or its result once done) */
  items(progressOrResult: unknown): E[];
  /** work in flight (a section rendering now), each under a key: a key's event is sent again when it changes */
  inFlight?(progress: unknown): { key: string; event: E }[];
  end(result: R): E;
  error(message: string): E;
}

/** One kind of job, configured once by the feature that runs it. */
export interface JobKind<P extends object, R = unknown, E = never> extends TrackHooks<P, R> {
  queue: QueueName;
  /** the BullMQ job name (a generation job's kind) */
  name: string;
  /** new runs get the id `<idPrefix>-<uuid>` */
  idPrefix: string;
  /** the subject a run works on; by default its data's `subjectId` (none: a run over every subject) */
  subjectOf?(data: P): string | null;
  /** a generation job, listed (and retried, cancelled) in Studio → Jobs; false for a quick request */
  listed?: boolean;
  /** one run of this kind per subject at a time: starting a second is a 409 that names the first */
  exclusive?: boolean;
  words: OutcomeWords & {
    /** "synthesis run", as in "A synthesis run for vagus-nerve is already running (job …)" */
    run: string;
  };
  events?: RunEvents<P, R, E>;
}

export interface StartRun<P> {
  /** the caller's id for the run (joins the run under it); a new one when absent */
  jobId?: string;
  subjectId: string | null;
  requestedBy: string;
  /** the job's input, built only when a new run is started */
  payload(): P | Promise<P>;
}

/** What a JobRun needs from the jobs room (JobRuns gives it). */
export interface RunDeps {
  jobs: GenerationJobsService;
  redis: Redis;
  redisPrefix: string;
  /** how long `run` waits by default (JOB_WAIT_MS) */
  waitMs: number;
  events(): Promise<QueueEvents>;
}

const REMOVED = 'The run is no longer known (removed)';

const subjectIdOf = (data: unknown): string | null => {
  const id = (data as { subjectId?: unknown } | null)?.subjectId;
  return typeof id === 'string' ? id : null;
};

/**
 * Start-or-join, cancel, follow and wait for the runs of one kind of job. The API only enqueues and reads:
 * the worker runs the job (GenerationJobsService.track), so a closed browser or a timed-out call stops
 * nothing.
 */
export class JobRun<P extends object, R, E = never> {
  constructor(
    private readonly queue: Queue,
    readonly kind: JobKind<P, R, E>,
    private readonly deps: RunDeps,
  ) {}

  private get listed(): boolean {
    return this.kind.listed ?? true;
  }

  private subjectOf(data: P): string | null {
    return this.kind.subjectOf ? this.kind.subjectOf(data) : subjectIdOf(data);
  }

  private async job(jobId: string): Promise<Job<P, R> | undefined> {
    return (await this.queue.getJob(jobId)) as Job<P, R> | undefined;
  }

  /**
   * Starts a run under `jobId` (new when not given), or joins the run already under that id. An id used by
   * another kind of job or another subject is a 409; so is another run of an exclusive kind and subject.
   */
  async start(req: StartRun<P>): Promise<string> {
    const { kind } = this;
    const jobId = req.jobId ?? `${kind.idPrefix}-${randomUUID()}`;
    if (req.jobId) {
      const existing = await this.job(jobId);
      if (existing) {
        if (existing.name !== kind.name || this.subjectOf(existing.data) !== req.subjectId)
          throw new ConflictException(`The job id ${jobId} is taken by another run`);
        return jobId;
      }
    }
    const payload = await req.payload();
    if (!kind.exclusive) {
      await this.enqueue(jobId, payload, req);
      return jobId;
    }
    const subject = req.subjectId ?? 'all subjects';
    const busyMessage = `A ${kind.words.run} for ${subject} is being started`;
    const key = `${this.deps.redisPrefix}:jobs:start-lock:${kind.name}:${subject}`;
    await withRedisLock(this.deps.redis, key, { busyMessage }, async (lost) => {
      const going = (await this.queue.getJobs([...GOING])) as (Job<P, R> | undefined)[];
      const other = going.find(
        (j) => j?.name === kind.name && this.subjectOf(j.data) === req.subjectId && j.id !== jobId,
      );
      if (other) throw new ConflictException(`A ${kind.words.run} for ${subject} is already running (job ${other.id})`);
      // what was checked above holds only while the lock is ours
      lost.throwIfAborted();
      await this.enqueue(jobId, payload, req);
    });
    return jobId;
  }

  private async enqueue(jobId: string, payload: P, req: StartRun<P>): Promise<void> {
    if (this.listed) {
      await this.deps.jobs.enqueue(this.queue, this.kind.name, payload, {
        jobId,
        subjectId: req.subjectId,
        requestedBy: req.requestedBy,
      });
    } else {
      await this.queue.add(this.kind.name, withRequestId(payload), { ...DEFAULT_JOB_OPTIONS[this.kind.queue], jobId });
    }
  }

  /** Asks the run to stop (the worker's abort signal); false when it has ended already. 404 for no such run. */
  async cancel(jobId: string): Promise<{ cancelled: boolean }> {
    const job = await this.job(jobId);
    if (!job || job.name !== this.kind.name) throw new NotFoundException(`No such ${this.kind.words.run}`);
    const state = await job.getState();
    if (state === 'completed' || state === 'failed') return { cancelled: false };
    await this.deps.jobs.requestCancel(jobId);
    return { cancelled: true };
  }

  /**
   * The run's events: `start`, an item event per finished item (and in-flight events while it runs), then
   * the end event, or an error event when the job failed for good or is gone. Replays what happened so
   * far, then follows it live.
   */
  async *follow(jobId: string): AsyncGenerator<E> {
    const events = this.kind.events;
    if (!events) throw new Error(`${this.kind.name} runs are not followed as events`);
    let sent = 0;
    let started = false;
    const inFlight = new Map<string, string>();
    for await (const { state, job } of followJob<P>(this.queue, await this.deps.events(), jobId)) {
      if (!job || state === 'gone') {
        yield events.error(REMOVED);
        return;
      }
      if (!started) {
        yield events.start(jobId, job.data);
        started = true;
      }
      const result = state === 'completed' ? ((job.returnvalue as R | null) ?? null) : null;
      const items = events.items(result ?? job.progress);
      for (; sent < items.length; sent++) yield items[sent];
      if (result) {
        yield events.end(result);
        return;
      }
      for (const { key, event } of events.inFlight?.(job.progress) ?? []) {
        const seen = JSON.stringify(event);
        if (inFlight.get(key) === seen) continue;
        inFlight.set(key, seen);
        yield event;
      }
      if (state === 'failed') {
        yield events.error(`The run failed: ${job.failedReason ?? 'unknown error'}`);
        return;
      }
    }
  }

  /**
   * The run's return value once it has ended, or the HTTP error that says why not: 504 at the deadline (the
   * run goes on), 409 when it was cancelled, 502 when it failed.
   */
  async wait(jobId: string, timeoutMs: number): Promise<R> {
    const outcome = await waitForJob<R>(this.queue, await this.deps.events(), jobId, timeoutMs);
    return valueOrHttpError(outcome, jobId, this.kind.words, this.listed);
  }

  /** Starts (or joins) a run and answers with its value once it has ended (see `wait`). */
  async run(req: StartRun<P>, timeoutMs = this.deps.waitMs): Promise<{ jobId: string; result: R }> {
    // listening before the job exists: its end cannot slip between the start and the wait
    await this.deps.events();
    const jobId = await this.start(req);
    return { jobId, result: await this.wait(jobId, timeoutMs) };
  }
}
