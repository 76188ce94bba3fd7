import type { MikroORM } from '@mikro-orm/core';
import type { Queue } from 'bullmq';
import { appMetrics, type DbPoolStats, QUEUE_STATES } from './metrics';

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** The knex connection pool under MikroORM's PostgreSQL driver (tarn), when there is one. */
function poolOf(orm: MikroORM): TarnPool | undefined {
  try {
    const connection = orm.em.getConnection() as unknown as { getKnex?: () => { client?: { pool?: TarnPool } } };
    const pool = connection.getKnex?.().client?.pool;
    return pool && typeof pool.numUsed === 'function' ? pool : undefined;
  } catch {
    return undefined;
  }
}

/** Points the scrape-time gauges at this process's queues and database pool. */
export function useMetricSources(queues: Queue[], orm?: MikroORM): void {
  const sources = appMetrics().sources;
  sources.queues = () =>
    Promise.all(queues.map(async (q) => ({ queue: q.name, counts: await q.getJobCounts(...QUEUE_STATES) }))).catch(
      () => [],
    );
  sources.dbPool = (): DbPoolStats | undefined => {
    const pool = orm ? poolOf(orm) : undefined;
    return pool ? { used: pool.numUsed(), free: pool.numFree(), pending: pool.numPendingAcquires() } : undefined;
  };
}
