import { collectDefaultMetrics, Gauge, Histogram, type Registry, register } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client's default registry): one set per process, made on first
 * use, so the API and a worker booted in one process (the e2e harness) share it instead of registering
 * every metric twice. Labels are bounded: a route is its template, never the URL; a queue, a state or an
 * outcome is one of a few words.
 */

/** Every metric of ours starts with this; prom-client's default metrics keep their standard names. */
export const METRIC_PREFIX = 'lp_';

/** Request durations from 5 ms to 10 s: the p99 target (alerts.yml) is 1 s. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A mail takes well under a second, a bulk speech run or a video render minutes. */
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];
/** Seconds of work per second of audio or video made: under 1 is faster than real time. */
const RATIO_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10];

/** The job states an operator watches, as BullMQ names them in getJobCounts. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized', 'paused'] as const;

export type JobOutcome = 'completed' | 'failed';
export type MediaWork = 'speech' | 'render';

export interface DbPoolStats {
  used: number;
  free: number;
  pending: number;
}

interface Sources {
  queues?: () => Promise<{ queue: string; counts: Record<string, number> }[]>;
  dbPool?: () => DbPoolStats | undefined;
}

export interface AppMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  httpInFlight: Gauge;
  jobDuration: Histogram<'queue' | 'outcome'>;
  mediaSecondsPerSecond: Histogram<'work'>;
  queueJobs: Gauge<'queue' | 'state'>;
  dbPool: Gauge<'state'>;
  /** where the scrape-time gauges read from; the last process part to boot sets them */
  sources: Sources;
}

let metrics: AppMetrics | undefined;

export function appMetrics(): AppMetrics {
  if (metrics) return metrics;
  // event-loop lag, heap, GC, CPU, open handles: prom-client's default set
  collectDefaultMetrics({ register });
  const sources: Sources = {};
  metrics = {
    registry: register,
    sources,
    httpDuration: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'HTTP request durations by method, route template and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
    }),
    httpInFlight: new Gauge({
      name: `${METRIC_PREFIX}http_requests_in_flight`,
      help: 'HTTP requests being answered',
    }),
    jobDuration: new Histogram({
      name: `${METRIC_PREFIX}job_duration_seconds`,
      help: 'Queue job run times in this worker by queue and outcome',
      labelNames: ['queue', 'outcome'],
      buckets: JOB_BUCKETS,
    }),
    mediaSecondsPerSecond: new Histogram({
      name: `${METRIC_PREFIX}media_work_seconds_per_media_second`,
      help: 'Seconds spent making speech or rendering video per second of media made',
      labelNames: ['work'],
      buckets: RATIO_BUCKETS,
    }),
    queueJobs: new Gauge({
      name: `${METRIC_PREFIX}queue_jobs`,
      help: 'Jobs in each queue by state, read from Redis at scrape time',
      labelNames: ['queue', 'state'],
      async collect() {
        this.reset();
        const read = sources.queues;
        if (!read) return;
        for (const { queue, counts } of await read())
          for (const state of QUEUE_STATES) this.set({ queue, state }, counts[state] ?? 0);
      },
    }),
    dbPool: new Gauge({
      name: `${METRIC_PREFIX}db_pool_connections`,
      help: 'Database pool connections: used, free, and acquisitions waiting (pending)',
      labelNames: ['state'],
      collect() {
        const stats = sources.dbPool?.();
        if (!stats) return;
        this.set({ state: 'used' }, stats.used);
        this.set({ state: 'free' }, stats.free);
        this.set({ state: 'pending' }, stats.pending);
      },
    }),
  };
  return metrics;
}

/** A job's run time, by its queue and how it ended. */
export function observeJob(queue: string, outcome: JobOutcome, seconds: number): void {
  appMetrics().jobDuration.observe({ queue, outcome }, seconds);
}

/**
 * Speech synthesis or video rendering cost: `workSeconds` spent for `mediaSeconds` of media made.
 * Nothing is observed for a run that made no media (all skipped, cancelled at once).
 */
export function observeMediaWork(work: MediaWork, workSeconds: number, mediaSeconds: number): void {
  if (!(mediaSeconds > 0) || !(workSeconds >= 0)) return;
  appMetrics().mediaSecondsPerSecond.observe({ work }, workSeconds / mediaSeconds);
}

/** The route label of a request: its template (`/api/graph/:subject`), so labels stay few. */
export function routeLabel(template: string | undefined): string {
  return template || 'unmatched';
}

/** The text a scrape reads, and its content type. */
export async function scrape(): Promise<{ contentType: string; body: string }> {
  const m = appMetrics();
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}
