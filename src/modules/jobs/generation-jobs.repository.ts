import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { GenerationJobStatus } from './entities';

export interface GenerationJobRecord {
  id: string;
  kind: string;
  queue: string;
  subjectId: string | null;
  status: GenerationJobStatus;
  progress: number;
  error: string | null;
  resultSubjectId: string | null;
  input: Record<string, unknown>;
  result: unknown;
  requestedBy: string | null;
  /** the X-Request-Id of the request that queued (or last retried) the job */
  requestId: string | null;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  updatedAt: Date;
}

export interface NewGenerationJob {
  id: string;
  kind: string;
  queue: string;
  subjectId: string | null;
  input: Record<string, unknown>;
  requestedBy: string | null;
  requestId: string | null;
}

/** Sortable columns, by the name the API uses. */
export const JOB_ORDER = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  status: 'status',
  kind: 'kind',
  subjectId: 'subject_id',
  progress: 'progress',
} as const;

export interface JobPageQuery {
  sort: keyof typeof JOB_ORDER;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  status?: string;
  kind?: string;
  subjectId?: string;
  ids?: string[];
}

const COLUMNS = `id, kind, queue, subject_id as "subjectId", status, progress, error, result_subject_id as "resultSubjectId",
  input, result, requested_by as "requestedBy", request_id as "requestId", attempts, created_at as "createdAt", started_at as "startedAt",
  finished_at as "finishedAt", updated_at as "updatedAt"`;

export const ACTIVE: readonly GenerationJobStatus[] = ['queued', 'running'];
export const FINISHED: readonly GenerationJobStatus[] = ['completed', 'failed', 'cancelled'];

/**
 * The rows of `generation_jobs`. Every state change is one conditional UPDATE, so the API (cancel, retry)
 * and any worker (start, progress, finish) can race on a row without one undoing the other's end state.
 */
@Injectable()
export class GenerationJobsRepository {
  constructor(private readonly em: EntityManager) {}

  /** false when a row with this id exists already */
  async insert(job: NewGenerationJob): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into generation_jobs (id, kind, queue, subject_id, input, requested_by, request_id)
       values (?, ?, ?, ?, ?::jsonb, ?, ?) on conflict (id) do nothing returning id`,
      [job.id, job.kind, job.queue, job.subjectId, JSON.stringify(job.input), job.requestedBy, job.requestId],
    );
    return rows.length === 1;
  }

  async find(id: string): Promise<GenerationJobRecord | null> {
    const rows = await this.em.execute<GenerationJobRecord[]>(`select ${COLUMNS} from generation_jobs where id = ?`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  async page(query: JobPageQuery): Promise<{ rows: GenerationJobRecord[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    for (const [column, value] of [
      ['status', query.status],
      ['kind', query.kind],
      ['subject_id', query.subjectId],
    ] as const) {
      if (value === undefined) continue;
      where.push(`${column} = ?`);
      params.push(value);
    }
    if (query.ids) {
      if (!query.ids.length) return { rows: [], total: 0 };
      where.push(`id in (${query.ids.map(() => '?').join(', ')})`);
      params.push(...query.ids);
    }
    const whereSql = where.length ? `where ${where.join(' and ')}` : '';
    const order = `${JOB_ORDER[query.sort]} ${query.order === 'DESC' ? 'desc' : 'asc'}, created_at desc, id`;
    const [rows, count] = await Promise.all([
      this.em.execute<GenerationJobRecord[]>(
        `select ${COLUMNS} from generation_jobs ${whereSql} order by ${order} limit ? offset ?`,
        [...params, query.limit, query.offset],
      ),
      this.em.execute<{ total: string }[]>(`select count(*) as total from generation_jobs ${whereSql}`, params),
    ]);
    return { rows, total: Number(count[0].total) };
  }

  /** Another queued or running job of this kind and subject, if any. */
  async activeTwin(id: string, kind: string, subjectId: string | null): Promise<string | null> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from generation_jobs where kind = ? and subject_id is not distinct from ? and id <> ?
         and status in ('queued', 'running') order by created_at limit 1`,
      [kind, subjectId, id],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * The worker took the job (first time, a BullMQ retry, or after a crashed worker's stall). A row the
   * API never wrote (a job enqueued before this table existed) is made from the job itself. Nothing
   * changes when the row has ended already (cancelled while it waited).
   */
  async started(job: NewGenerationJob, attempts: number): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into generation_jobs (id, kind, queue, subject_id, input, requested_by, request_id, status, attempts, started_at, updated_at)
       values (?, ?, ?, ?, ?::jsonb, ?, ?, 'running', ?, now(), now())
       on conflict (id) do update set status = 'running', attempts = excluded.attempts, error = null,
         request_id = coalesce(excluded.request_id, generation_jobs.request_id),
         started_at = now(), finished_at = null, updated_at = now()
       where generation_jobs.status in ('queued', 'running')
       returning id`,
      [job.id, job.kind, job.queue, job.subjectId, JSON.stringify(job.input), job.requestedBy, job.requestId, attempts],
    );
    return rows.length === 1;
  }

  async progress(id: string, progress: number): Promise<void> {
    await this.em.execute(
      `update generation_jobs set progress = ?, updated_at = now() where id = ? and status = 'running'`,
      [progress, id],
    );
  }

  /** Ends the job (or, for a failure BullMQ will retry, puts it back to `queued` with the error). */
  async finished(
    id: string,
    outcome: {
      status: GenerationJobStatus;
      progress?: number;
      error?: string | null;
      result?: unknown;
      resultSubjectId?: string | null;
    },
    from: readonly GenerationJobStatus[] = ['running'],
  ): Promise<boolean> {
    const ended = FINISHED.includes(outcome.status);
    const rows = await this.em.execute<{ id: string }[]>(
      `update generation_jobs set status = ?, progress = coalesce(?, progress), error = ?,
         result = coalesce(?::jsonb, result), result_subject_id = coalesce(?, result_subject_id),
         finished_at = case when ? then now() else null end, updated_at = now()
       where id = ? and status in (${from.map(() => '?').join(', ')}) returning id`,
      [
        outcome.status,
        outcome.progress ?? null,
        outcome.error ?? null,
        outcome.result === undefined ? null : JSON.stringify(outcome.result),
        outcome.resultSubjectId ?? null,
        ended,
        id,
        ...from,
      ],
    );
    return rows.length === 1;
  }

  /** Studio's Retry: a failed or cancelled row goes back to `queued`; false when it is in another state. */
  async requeue(id: string, requestId: string | null = null): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update generation_jobs set status = 'queued', progress = 0, error = null, result = null,
         request_id = coalesce(?, request_id), started_at = null, finished_at = null, updated_at = now()
       where id = ? and status in ('failed', 'cancelled') returning id`,
      [requestId, id],
    );
    return rows.length === 1;
  }
}
