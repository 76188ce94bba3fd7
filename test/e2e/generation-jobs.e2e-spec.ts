import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { JOBS, QUEUES } from '../../src/queues/queues';
import { type ApiError, Harness, until } from '../support/harness';

/**
 * Studio → Jobs against the real API and worker: every long job (migration, crawl, bulk speech, video) is
 * a row the worker keeps in step; Retry and Cancel steer real queued and running jobs.
 */

interface JobRow {
  id: string;
  kind: string;
  subject: string | null;
  status: string;
  progress: number;
  error: string | null;
  resultSubjectId: string | null;
  requestedBy: string | null;
  attempts: number;
  createdAt: string;
  finishedAt: string | null;
}

let h: Harness;
let studio: string;
let learner: string;
let admin: string;
let studioId: string;
/** the fake legacy API: refuses until `legacyUp`, then serves an empty catalogue */
let legacy: Server;
let legacyUrl: string;
let legacyUp = false;
let legacyHits = 0;

interface AuditEntry {
  actorId: string;
  actorEmail: string | null;
  targetUserId: string | null;
  targetJobId?: string;
  action: string;
  details: Record<string, unknown>;
}

/** The audit trail's entries about a job, oldest first (the trail is the admins'). */
const auditOf = async (jobId: string) => {
  const res = await h.get<AuditEntry[]>(`/api/admin/audit?range=${encodeURIComponent('[0,99]')}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.filter((e) => e.targetJobId === jobId).reverse();
};

const queue = (name: string) => h.app.get<Queue>(getQueueToken(name), { strict: false });
const job = (id: string) => h.get<JobRow>(`/api/admin/jobs/${id}`, { token: studio });

const statusIs = (id: string, status: string, timeoutMs?: number) =>
  until(
    `job ${id} to be ${status}`,
    async () => {
      const res = await job(id);
      return res.body.status === status && res.body;
    },
    timeoutMs,
  );

/** One short sentence per section, so a speech run takes seconds. */
async function shortTexts(subject: string): Promise<string[]> {
  const rows = await h.sql<{ id: string }>(`select id from lecture_sections where subject_id = ? order by position`, [
    subject,
  ]);
  const overrides = Object.fromEntries(rows.map((r, i) => [r.id, { text: `Part ${i + 1}.` }]));
  expect((await h.put(`/api/tts/overrides/${subject}`, { overrides }, { token: studio })).status).toBe(200);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  process.env.CRAWL_ALLOWED_HOSTS = '127.0.0.1';
  legacy = createServer((req, res) => {
    legacyHits++;
    if (!legacyUp) {
      res.writeHead(503, { 'content-type': 'application/json' });
      return res.end('{"error":"down for maintenance"}');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url?.startsWith('/api/subjects') ? '[]' : '{}');
  });
  await new Promise<void>((r) => legacy.listen(0, '127.0.0.1', r));
  legacyUrl = `http://127.0.0.1:${(legacy.address() as AddressInfo).port}`;
  h = await Harness.boot();
  // the courses, whatever test runs first (the migration tests import them again, which changes nothing)
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  studio = await h.demoToken('studio');
  learner = await h.demoToken('learner');
  admin = await h.demoToken('admin');
  studioId = (await h.get<{ user: { id: string } }>('/api/auth/session', { token: studio })).body.user.id;
}, 60000);

afterAll(async () => {
  await h.close();
  await new Promise((r) => legacy.close(r));
});

describe('a job the worker runs', () => {
  it('a migration is listed newest first with its progress, result and who started it', async () => {
    const res = await h.post<{ jobId: string; totalMigrated: number }>(
      '/api/admin/migrate',
      { source: 'bundled' },
      { token: studio },
    );
    expect(res.status).toBe(200);
    const row = (await job(res.body.jobId)).body;
    expect(row).toEqual(
      expect.objectContaining({
        id: res.body.jobId,
        kind: JOBS.migrateContent,
        subject: null,
        status: 'completed',
        progress: 1,
        error: null,
        requestedBy: studioId,
        attempts: 1,
      }),
    );
    expect(row.finishedAt).not.toBeNull();
    const detail = await h.get<{ input: { source: unknown }; result: { totalMigrated: number } }>(
      `/api/admin/jobs/${res.body.jobId}`,
      { token: studio },
    );
    expect(detail.body.input.source).toEqual({ kind: 'bundled' });
    expect(detail.body.result.totalMigrated).toBe(res.body.totalMigrated);

    const list = await h.get<JobRow[]>('/api/admin/jobs', { token: studio });
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toMatch(/^jobs 0-\d+\/\d+$/);
    expect(list.body[0].id).toBe(res.body.jobId);
    const times = list.body.map((j) => j.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    // finished jobs refuse both actions
    const retry = await h.post<ApiError>(`/api/admin/jobs/${res.body.jobId}/retry`, undefined, { token: studio });
    expect(retry.status).toBe(409);
    expect(retry.body.message).toMatch(/completed/);
    const cancel = await h.post<ApiError>(`/api/admin/jobs/${res.body.jobId}/cancel`, undefined, { token: studio });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('The job has already ended (completed)');
  });

  it('a failed job (after its automatic retry) shows the error, and Retry runs it again with the same input', async () => {
    legacyUp = false;
    const failed = await h.post<ApiError>(
      '/api/admin/migrate',
      { source: 'rest', baseUrl: legacyUrl },
      { token: studio },
    );
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/^Failed to migrate content: Could not read/);
    const { id } = await latest(JOBS.migrateContent);
    const row = await statusIs(id, 'failed');
    expect(row.attempts).toBe(2);
    expect(row.error).toMatch(/Could not read/);
    const hitsBefore = legacyHits;

    legacyUp = true;
    const retry = await h.post<JobRow>(`/api/admin/jobs/${id}/retry`, undefined, { token: studio });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(expect.objectContaining({ id, status: 'queued', progress: 0, error: null }));
    const done = await statusIs(id, 'completed');
    expect(done.progress).toBe(1);
    expect(legacyHits).toBeGreaterThan(hitsBefore);
    const detail = await h.get<{ input: { source: { baseUrl: string } } }>(`/api/admin/jobs/${id}`, { token: studio });
    expect(detail.body.input.source.baseUrl).toBe(legacyUrl);
  }, 60000);

  it('filters by status, kind and subject; bad filters are a 400', async () => {
    for (let i = 0; i < 2; i++)
      expect((await h.post('/api/admin/migrate', { source: 'bundled' }, { token: studio })).status).toBe(200);
    const failedOnly = await h.get<JobRow[]>(`/api/admin/jobs?filter=${encodeURIComponent('{"status":"completed"}')}`, {
      token: studio,
    });
    expect(failedOnly.status).toBe(200);
    expect(failedOnly.body.length).toBeGreaterThan(0);
    expect(failedOnly.body.every((j) => j.status === 'completed')).toBe(true);
    const byKind = await h.get<JobRow[]>(
      `/api/admin/jobs?filter=${encodeURIComponent(JSON.stringify({ kind: JOBS.migrateContent }))}&range=[0,0]`,
      { token: studio },
    );
    expect(byKind.body).toHaveLength(1);
    expect(byKind.headers['content-range']).toMatch(/^jobs 0-0\/[2-9]\d*$/);
    const none = await h.get<JobRow[]>(`/api/admin/jobs?filter=${encodeURIComponent('{"subject":"metabolic"}')}`, {
      token: studio,
    });
    expect(none.body.every((j) => j.subject === 'metabolic')).toBe(true);
    for (const [filter, message] of [
      ['{"status":"exploded"}', /filter.status must be one of/],
      ['{"kind":"send-email"}', /filter.kind must be one of/],
      ['{"colour":"red"}', /not a known filter/],
      ['[1]', /filter must be a JSON object/],
    ] as const) {
      const res = await h.get<ApiError>(`/api/admin/jobs?filter=${encodeURIComponent(filter)}`, { token: studio });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await h.get('/api/admin/jobs?sort=["password","ASC"]', { token: studio })).status).toBe(400);
  });
});

async function latest(kind: string): Promise<JobRow> {
  const res = await h.get<JobRow[]>(`/api/admin/jobs?filter=${encodeURIComponent(JSON.stringify({ kind }))}`, {
    token: studio,
  });
  return res.body[0];
}

describe('cancel and retry of a bulk speech run', () => {
  const SUBJECT = 'ai-for-ceos';

  it('cancels a running run through its abort signal, then Retry finishes it; each section is made once', async () => {
    const ids = await shortTexts(SUBJECT);
    const jobId = 'tts-jobs-e2e-running';
    const stream = h.post<string>(
      '/api/tts/synthesize/bulk/stream',
      { subject: SUBJECT, provider: 'local', delayMs: 1200, jobId, includeAll: true },
      { token: studio },
    );
    // running, with some progress written to the row by the worker
    const running = await until('progress on the row', async () => {
      const res = await job(jobId);
      return res.status === 200 && res.body.status === 'running' && res.body.progress > 0 && res.body;
    });
    expect(running.progress).toBeLessThan(1);
    expect(running.subject).toBe(SUBJECT);
    // a second run for the same subject is refused while this one runs
    const twin = await h.post<ApiError>(`/api/admin/jobs/${jobId}/retry`, undefined, { token: studio });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe('The job is running; only a failed or cancelled job can be retried');

    const cancel = await h.post<JobRow>(`/api/admin/jobs/${jobId}/cancel`, undefined, { token: studio });
    expect(cancel.status).toBe(200);
    const cancelled = await statusIs(jobId, 'cancelled');
    expect(cancelled.progress).toBeLessThan(1);
    expect(cancelled.finishedAt).not.toBeNull();
    const events = String((await stream).body)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(events.at(-1)!.type).toBe('cancelled');
    const made = (
      await h.sql<{ n: string }>(`select count(*) as n from media_files where subject_id = ? and kind = 'audio'`, [
        SUBJECT,
      ])
    )[0].n;
    expect(Number(made)).toBeLessThan(ids.length);

    const retry = await h.post<JobRow>(`/api/admin/jobs/${jobId}/retry`, undefined, { token: studio });
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe('queued');
    // both actions are in the audit trail: who, what, and the job as it was then
    const trail = await auditOf(jobId);
    expect(trail).toEqual([
      {
        id: expect.any(String),
        actorId: studioId,
        actorEmail: 'studio@example.com',
        targetUserId: null,
        targetEmail: null,
        targetJobId: jobId,
        action: 'job.cancel',
        details: { kind: JOBS.ttsBulk, subjectId: SUBJECT, status: 'running' },
        createdAt: expect.any(String),
      },
      expect.objectContaining({
        actorId: studioId,
        targetJobId: jobId,
        action: 'job.retry',
        details: { kind: JOBS.ttsBulk, subjectId: SUBJECT, status: 'cancelled' },
      }),
    ]);
    const done = await statusIs(jobId, 'completed', 90000);
    expect(done).toEqual(expect.objectContaining({ progress: 1, resultSubjectId: SUBJECT, error: null }));
    // every section has exactly one current audio file: the retry resumed, it made nothing twice
    const perSection = await h.sql<{ section_id: string; n: string }>(
      `select section_id, count(*) as n from media_files where subject_id = ? and kind = 'audio' and not stale
        group by section_id order by section_id`,
      [SUBJECT],
    );
    expect(perSection.map((r) => r.section_id)).toEqual([...ids].sort());
    expect(perSection.every((r) => Number(r.n) === 1)).toBe(true);
  }, 120000);

  it('a queued run is taken off its queue; Cancel again is a 409', async () => {
    await shortTexts('metabolic');
    const tts = queue(QUEUES.tts);
    await tts.pause();
    try {
      const jobId = 'tts-jobs-e2e-queued';
      const stream = h.post<string>(
        '/api/tts/synthesize/bulk/stream',
        { subject: 'metabolic', provider: 'local', jobId },
        { token: studio },
      );
      await until('the queued row', async () => (await job(jobId)).body.status === 'queued');
      expect(['waiting', 'paused']).toContain(await tts.getJobState(jobId));
      const cancel = await h.post<JobRow>(`/api/admin/jobs/${jobId}/cancel`, undefined, { token: studio });
      expect(cancel.status).toBe(200);
      expect(cancel.body.status).toBe('cancelled');
      expect(await tts.getJob(jobId)).toBeUndefined();
      const last = JSON.parse(
        String((await stream).body)
          .trim()
          .split('\n')
          .at(-1)!,
      ) as { type: string };
      expect(last.type).toBe('error');
      const again = await h.post<ApiError>(`/api/admin/jobs/${jobId}/cancel`, undefined, { token: studio });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('The job has already ended (cancelled)');
      // a refused action leaves no entry
      expect((await auditOf(jobId)).map((e) => [e.action, e.details.status])).toEqual([['job.cancel', 'queued']]);
      // Retry re-adds it from the row's input (BullMQ no longer has it); it runs once the queue resumes
      const retry = await h.post<JobRow>(`/api/admin/jobs/${jobId}/retry`, undefined, { token: studio });
      expect(retry.status).toBe(200);
      expect(['waiting', 'paused']).toContain(await tts.getJobState(jobId));
      const cancelAgain = await h.post<JobRow>(`/api/admin/jobs/${jobId}/cancel`, undefined, { token: studio });
      expect(cancelAgain.body.status).toBe('cancelled');
      expect((await auditOf(jobId)).map((e) => e.action)).toEqual(['job.cancel', 'job.retry', 'job.cancel']);
    } finally {
      await tts.resume();
    }
  }, 60000);

  it('a crawl cancelled while it waits answers its caller with 409 at once', async () => {
    const crawl = queue(QUEUES.crawl);
    await crawl.pause();
    try {
      const call = h.post<ApiError>(
        '/api/rag/crawl',
        { subjectId: 'metabolic', urls: [`${legacyUrl}/page`] },
        { token: studio },
      );
      const row = await until('the queued crawl', async () => {
        const r = await latest(JOBS.crawlSources);
        return r?.status === 'queued' && r;
      });
      expect(row.subject).toBe('metabolic');
      expect((await h.post(`/api/admin/jobs/${row.id}/cancel`, undefined, { token: studio })).status).toBe(200);
      const res = await call;
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`The crawl was cancelled (job ${row.id})`);
    } finally {
      await crawl.resume();
    }
  }, 30000);
});

describe('refusals', () => {
  it('401 signed out, 403 for a learner, 404 for an unknown job, 400 for a malformed id', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/jobs'],
      ['GET', '/api/admin/jobs/tts-x'],
      ['POST', '/api/admin/jobs/tts-x/retry'],
      ['POST', '/api/admin/jobs/tts-x/cancel'],
    ] as const) {
      expect((await h.request(method, url)).status).toBe(401);
      expect((await h.request(method, url, { token: learner })).status).toBe(403);
      const missing = await h.request<ApiError>(method, url.replace('tts-x', 'no-such-job'), { token: studio });
      if (url !== '/api/admin/jobs') {
        expect(missing.status).toBe(404);
        expect(missing.body.message).toBe('Job not found');
        expect((await h.request(method, url.replace('tts-x', 'bad%20id%3B'), { token: studio })).status).toBe(400);
      }
    }
    // admins are studio staff too
    expect((await h.get('/api/admin/jobs', { token: admin })).status).toBe(200);
  });

  it('a client job id taken by another kind of job is a 409', async () => {
    const migrated = await h.post<{ jobId: string }>('/api/admin/migrate', { source: 'bundled' }, { token: studio });
    const res = await h.post<ApiError>(
      '/api/tts/video/render/stream',
      { subject: 'metabolic', jobId: migrated.body.jobId },
      { token: studio },
    );
    expect(res.status).toBe(409);
  });
});
