import { ConflictException, GatewayTimeoutException, HttpException, HttpStatus } from '@nestjs/common';
import { type Job, type Queue, QueueEvents } from 'bullmq';
import { redisConnection } from '../../queues/queues.module';

/** a viewer re-reads the job at least this often, should a Redis event be missed */
const POLL_MS = 1000;

export type FollowedState = 'waiting' | 'active' | 'completed' | 'failed' | 'gone';

/**
 * Reads a job again each time QueueEvents says something happened to it (or every second), yielding
 * `{state, job}` until it has completed or failed or is gone. The state is read before the job, so a
 * `completed` snapshot carries the result. Callers turn the snapshots into their own events (the job's
 * data, progress and return value), so any number of viewers, during or after the run, see the same.
 */
export async function* followJob<T>(
  queue: Queue,
  events: QueueEvents,
  jobId: string,
): AsyncGenerator<{ state: FollowedState; job: Job<T> | null }> {
  const seen = { event: false, wake: undefined as (() => void) | undefined };
  const onEvent = (e: { jobId: string }) => {
    if (e.jobId !== jobId) return;
    seen.event = true;
    seen.wake?.();
  };
  const names = ['progress', 'completed', 'failed', 'waiting', 'active', 'removed'] as const;
  for (const n of names) events.on(n, onEvent);
  try {
    for (;;) {
      seen.event = false;
      const raw = await queue.getJobState(jobId);
      const job = ((await queue.getJob(jobId)) as Job<T> | undefined) ?? null;
      const state: FollowedState =
        !job || raw === 'unknown'
          ? 'gone'
          : raw === 'completed' || raw === 'failed' || raw === 'active'
            ? raw
            : 'waiting';
      yield { state, job };
      if (state === 'completed' || state === 'failed' || state === 'gone') return;
      if (!seen.event)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, POLL_MS);
          seen.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      seen.wake = undefined;
    }
  } finally {
    for (const n of names) events.off(n, onEvent);
  }
}

/** A queue's QueueEvents connection, opened on first use and shared by every stream that follows a job. */
export class LazyQueueEvents {
  private events?: QueueEvents;

  constructor(
    private readonly queueName: string,
    private readonly redis: { url: string; prefix: string },
  ) {}

  async get(): Promise<QueueEvents> {
    if (!this.events) {
      this.events = new QueueEvents(this.queueName, {
        connection: redisConnection(this.redis.url),
        prefix: `${this.redis.prefix}:q`,
      });
      // one listener per open stream
      this.events.setMaxListeners(0);
    }
    await this.events.waitUntilReady();
    return this.events;
  }

  async close(): Promise<void> {
    await this.events?.close();
  }
}

export type JobOutcome<R> =
  | { state: 'completed'; value: R }
  | { state: 'failed'; reason: string }
  /** removed from its queue before it ran (Studio → Jobs → Cancel) */
  | { state: 'gone' }
  | { state: 'timeout' };

/**
 * Waits for a job to end, as `Job.waitUntilFinished` does, but also ends when the job is removed from
 * its queue (a cancelled waiting job would otherwise keep the caller waiting until the time limit).
 */
export async function waitForJob<R>(
  queue: Queue,
  events: QueueEvents,
  jobId: string,
  timeoutMs: number,
): Promise<JobOutcome<R>> {
  const deadline = Date.now() + timeoutMs;
  const follower = followJob<unknown>(queue, events, jobId);
  try {
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return { state: 'timeout' };
      let timer: NodeJS.Timeout | undefined;
      const next = await Promise.race([
        follower.next(),
        new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), left))),
      ]);
      clearTimeout(timer);
      if (next === 'timeout') return { state: 'timeout' };
      if (next.done) return { state: 'gone' };
      const { state, job } = next.value;
      if (state === 'completed') return { state, value: job!.returnvalue as R };
      if (state === 'failed') return { state, reason: job!.failedReason ?? 'unknown error' };
      if (state === 'gone') return { state };
    }
  } finally {
    // a pending next() is left to settle on its own; return() would wait for it
    void follower.return(undefined);
  }
}

export interface OutcomeWords {
  /** "The crawl is still running" */
  running: string;
  /** "The crawl was cancelled" */
  cancelled: string;
  /** "Failed to crawl" */
  failed: string;
}

/**
 * A finished job's value for an API call that waited for it, or the HTTP error that says why not: 504
 * while it still runs (pointing to Studio → Jobs when the job is listed there), 409 when it was cancelled
 * (Studio → Jobs), 502 when it failed.
 */
export function valueOrHttpError<R>(outcome: JobOutcome<R>, jobId: string, words: OutcomeWords, listed = true): R {
  switch (outcome.state) {
    case 'completed':
      return outcome.value;
    case 'timeout':
      throw new GatewayTimeoutException(`${words.running} (job ${jobId})${listed ? '; see Studio → Jobs.' : '.'}`);
    case 'gone':
      throw new ConflictException(`${words.cancelled} (job ${jobId})`);
    case 'failed':
      if (/cancelled/i.test(outcome.reason)) throw new ConflictException(`${words.cancelled} (job ${jobId})`);
      throw new HttpException(`${words.failed}: ${outcome.reason}`, HttpStatus.BAD_GATEWAY);
  }
}
