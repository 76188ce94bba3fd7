import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { Ffmpeg } from '../../src/modules/media/speech/ffmpeg';
import {
  type Answer,
  REQUEST_BOUND_MS,
  call as callAt,
  control,
  freePort,
  logged,
  procs,
  sleep,
  start,
  stop,
  until,
} from './support';

/**
 * Fault drills (issue 30): an API and a worker from dist/, on an embedded PostgreSQL and a redis-server that
 * scripts/faults.mjs started for this run alone and restarts when a drill asks (`npm run test:faults`).
 *
 * - PostgreSQL restarts while 8 clients write and read notes: the API answers 503 with Retry-After meanwhile (never a
 *   500, never a hang), /health names the database, and afterwards every client succeeds again without the API being
 *   restarted; every note acknowledged before, during or after the outage is in the database.
 * - Redis restarts during a bulk speech run: reads are served throughout; sign-in, registration and reset answer 503
 *   (their rate limits live in Redis: they fail closed); the worker reconnects and the run finishes with every section
 *   made exactly once.
 * - The media store is full (MEDIA_FAULT_ENOSPC_FILE, a test-only setting: while the file exists every write to the
 *   store fails with ENOSPC): a speech run's sections and a video upload fail with "The media store is full", nothing
 *   half-written is recorded or served, and once space is back the next run and upload succeed.
 */

const { DATABASE_URL, REDIS_URL, REDIS_PREFIX, FAULTS_WORK_DIR } = process.env;
if (!DATABASE_URL || !REDIS_URL || !REDIS_PREFIX || !process.env.FAULTS_CONTROL_URL) {
  throw new Error('The fault drills need their own PostgreSQL and Redis: run them with `npm run test:faults`.');
}

jest.setTimeout(180_000);

const SUBJECT = 'metabolic';
const CLIENTS = 8;
const SPEECH_SECTIONS = 5;
const mediaDir = mkdtempSync(join(FAULTS_WORK_DIR ?? '/tmp', 'media-'));
const mailDir = mkdtempSync(join(FAULTS_WORK_DIR ?? '/tmp', 'mail-'));
// While this file exists the media store is full (both processes read MEDIA_FAULT_ENOSPC_FILE).
const storeFull = join(mailDir, '..', `store-full-${randomUUID().slice(0, 8)}`);
let base: string;
let db: Client;

const call = <T = any>(method: 'GET' | 'POST', path: string, opts: Parameters<typeof callAt>[3] = {}) =>
  callAt<T>(base, method, path, opts);

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(text, params)).rows as T[];
}

/** A fresh connection for the checks: the drill's restart breaks the old one. */
async function reconnectDb() {
  await db?.end().catch(() => {});
  db = await until('a database connection', async () => {
    const c = new Client({ connectionString: DATABASE_URL });
    c.on('error', () => {});
    await c.connect();
    return c;
  });
}

async function signIn(email: string, password = 'demo-password'): Promise<string> {
  const res = await call<{ accessToken: string }>('POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.accessToken;
}

let learnerToken: string;
let studioToken: string;

beforeAll(async () => {
  await reconnectDb();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://learn.test',
    SERVE_UI: 'false',
    LOG_LEVEL: 'warn',
    MAIL_DIR: mailDir,
    MEDIA_DIR: mediaDir,
    MEDIA_FAULT_ENOSPC_FILE: storeFull,
    TRUST_PROXY: '1',
  };
  const api = start('api', 'dist/src/main.js', env);
  start('worker', 'dist/workers/main.js', { ...env, PORT: undefined });
  await until(
    'api /health',
    async () => {
      if (api.child.exitCode !== null) throw new Error('the API exited');
      return (await fetch(`${base}/health`)).ok;
    },
    90_000,
  );
  // The course content, through the product's own migration job (which also proves the worker is up).
  studioToken = await signIn('studio@example.com');
  const migrated = await call('POST', '/api/admin/migrate', { body: {}, token: studioToken });
  expect(migrated.status).toBe(200);
  const [learner] = await sql<{ id: string }>(`select id from users where email = 'learner@example.com'`);
  await sql(
    `insert into user_entitlements (id, user_id, subject_id, status) values (gen_random_uuid(), $1, $2, 'active')`,
    [learner.id, SUBJECT],
  );
  learnerToken = await signIn('learner@example.com');
}, 150_000);

afterAll(async () => {
  await Promise.all(procs.map(stop));
  await db?.end().catch(() => {});
  rmSync(mediaDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
  rmSync(storeFull, { force: true });
}, 60_000);

/** Keeps only the subject's first `n` lecture sections (small data: synthesis is the slow part on a loaded machine). */
async function trimSections(subject: string, n: number): Promise<string[]> {
  await sql(
    `delete from lecture_sections where subject_id = $1 and id not in
       (select id from lecture_sections where subject_id = $1 order by position, id limit $2)`,
    [subject, n],
  );
  return (await sql<{ id: string }>('select id from lecture_sections where subject_id = $1', [subject])).map(
    (r) => r.id,
  );
}

/** Every answer a drill got, with what it was. */
interface Outcome {
  what: string;
  status: number | 'hang' | 'network';
  retryAfter: string | null;
  ms: number;
  at: number;
}

async function attempt<T>(what: string, outcomes: Outcome[], fn: () => Promise<Answer<T>>): Promise<Answer<T> | null> {
  const at = Date.now();
  try {
    const res = await fn();
    outcomes.push({ what, status: res.status, retryAfter: res.retryAfter, ms: res.ms, at });
    return res;
  } catch (err) {
    const hang = (err as Error).name === 'TimeoutError';
    outcomes.push({ what, status: hang ? 'hang' : 'network', retryAfter: null, ms: Date.now() - at, at });
    return null;
  }
}

function tally(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(`${o.what} ${o.status}`, (counts.get(`${o.what} ${o.status}`) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} x${n}`).join(', ');
}

describe('PostgreSQL restarts while 8 clients read and write', () => {
  it(
    'answers 503 with Retry-After meanwhile (no 500, no hang), /health names the database, every client recovers without an API restart, and no acknowledged write is lost',
    logged(async () => {
      const outcomes: Outcome[] = [];
      const acked: { id: string; text: string }[] = [];
      const okAfterRestart = new Array<number>(CLIENTS).fill(0);
      const okBefore = new Array<number>(CLIENTS).fill(0);
      const readsAfterRestart = new Array<number>(CLIENTS).fill(0);
      let restartedAt = Infinity;
      let running = true;
      const tokens = await Promise.all(Array.from({ length: CLIENTS }, () => signIn('learner@example.com')));

      const clients = tokens.map(async (token, c) => {
        for (let i = 0; running; i++) {
          const text = `fault drill client ${c} note ${i} ${randomUUID()}`;
          const sent = Date.now();
          const w = await attempt('write', outcomes, () =>
            call<{ id: string; text: string }>('POST', '/api/notes', { token, body: { subjectId: SUBJECT, text } }),
          );
          if (w?.status === 201) {
            acked.push({ id: w.body.id, text });
            if (sent > restartedAt) okAfterRestart[c]++;
            else okBefore[c]++;
          }
          const readAt = Date.now();
          const r = await attempt('read', outcomes, () =>
            call<{ id: string }[]>('GET', `/api/notes?subjectId=${SUBJECT}`, { token }),
          );
          if (r?.status === 200 && readAt > restartedAt) readsAfterRestart[c]++;
          if (w?.status !== 201 || r?.status !== 200) await sleep(200);
        }
      });

      let health: Answer<{ down?: string[]; message: string }>;
      try {
        await until('every client has written twice', async () => okBefore.every((n) => n >= 2));
        const stoppedAt = Date.now();
        await control('postgres', 'stop');
        // The outage, as the clients and an operator see it.
        health = await until('/health naming the database', async () => {
          const h = await call<{ down?: string[]; message: string }>('GET', '/health');
          return h.status === 503 && h.body.down?.includes('database') && h;
        });
        await until('a client turned away with 503', async () =>
          outcomes.some((o) => o.at > stoppedAt && o.status === 503),
        );
        await sleep(1500);
        restartedAt = Date.now();
        await control('postgres', 'start');
        // Every client succeeds again, the API untouched: a bounded wait, not a timed assertion.
        await until('every client has written and read three times since the restart', async () =>
          okAfterRestart.every((n, c) => n >= 3 && readsAfterRestart[c] >= 3),
        );
      } finally {
        running = false;
        await Promise.all(clients);
        // A drill that failed half way still leaves PostgreSQL running for the next one.
        if (restartedAt === Infinity) await control('postgres', 'start');
      }

      console.log(
        `PostgreSQL restart with ${CLIENTS} clients: ${tally(outcomes)}; /health during the outage: ${health.status} ${health.body.message}; ` +
          `slowest answer ${Math.max(...outcomes.map((o) => o.ms))} ms; ${acked.length} notes acknowledged`,
      );
      // Nothing but success or 503-with-Retry-After; nothing hung or dropped the connection.
      expect(outcomes.filter((o) => ![200, 201, 503].includes(o.status as number))).toEqual([]);
      expect(outcomes.filter((o) => o.status === 503 && !o.retryAfter)).toEqual([]);
      expect(health.body).toMatchObject({ statusCode: 503, message: expect.stringContaining('database') });
      expect((await call('GET', '/health')).status).toBe(200);

      // Every acknowledged note is there, with its text.
      await reconnectDb();
      const rows = await sql<{ id: string; text: string }>(
        'select id::text, text from notes where id::text = any($1)',
        [acked.map((a) => a.id)],
      );
      const stored = new Map(rows.map((r) => [r.id, r.text]));
      expect(acked.filter((a) => stored.get(a.id) !== a.text)).toEqual([]);
    }),
  );
});

describe('Redis restarts during a bulk speech run', () => {
  it(
    'keeps serving reads, refuses sign-in, registration and reset with 503 while Redis is down, and the run finishes with every section made exactly once',
    logged(async () => {
      await reconnectDb();
      const sections = (await trimSections(SUBJECT, SPEECH_SECTIONS)).map((id) => ({ id }));
      expect(sections).toHaveLength(SPEECH_SECTIONS);
      const jobId = `faults-tts-${randomUUID().slice(0, 8)}`;
      const request = { subject: SUBJECT, provider: 'local', format: 'mp3', delayMs: 200, jobId };
      // The Studio's live view of the run; it may end early when Redis goes (the run itself must not).
      const live = fetch(`${base}/api/tts/synthesize/bulk/stream`, {
        method: 'POST',
        headers: { authorization: `Bearer ${studioToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(170_000),
      })
        .then(async (res) => {
          const lines = (await res.text()).split('\n').filter((l) => l.trim());
          return `answered ${res.status}, last event ${(JSON.parse(lines.at(-1) ?? '{}') as { type?: string }).type}`;
        })
        .catch((err: Error) => `ended: ${err.message}`);
      await until(
        'the run one section in',
        async () =>
          (await sql<{ n: number }>('select count(*)::int as n from media_files where subject_id = $1', [SUBJECT]))[0]
            .n >= 2,
        90_000,
      );

      const outcomes: Outcome[] = [];
      const stoppedAt = Date.now();
      let health: Answer<{ down?: string[]; message: string }>;
      let downFor: number;
      await control('redis', 'stop');
      try {
        health = await until('/health naming redis', async () => {
          const h = await call<{ down?: string[]; message: string }>('GET', '/health');
          return h.status === 503 && h.body.down?.includes('redis') && h;
        });
        // While it is down: reads served from PostgreSQL; the rate-limited doors closed.
        const email = `faults-${randomUUID().slice(0, 8)}@example.test`;
        for (let round = 0; round < 2; round++) {
          await attempt('graph', outcomes, () => call('GET', `/api/graph?subject=${SUBJECT}`, { token: learnerToken }));
          await attempt('notes', outcomes, () =>
            call('GET', `/api/notes?subjectId=${SUBJECT}`, { token: learnerToken }),
          );
          await attempt('session', outcomes, () => call('GET', '/api/auth/session', { token: learnerToken }));
          await attempt('login', outcomes, () =>
            call('POST', '/api/auth/login', { body: { email: 'learner@example.com', password: 'demo-password' } }),
          );
          await attempt('register', outcomes, () =>
            call('POST', '/api/auth/register', { body: { email, password: 'a-long-enough-secret' } }),
          );
          await attempt('reset', outcomes, () =>
            call('POST', '/api/auth/request-reset', { body: { email: 'learner@example.com' } }),
          );
        }
        downFor = Date.now() - stoppedAt;
      } finally {
        await control('redis', 'start');
      }

      const [{ done, status }] = await until(
        'the run finished',
        async () => {
          const rows = await sql<{ status: string }>('select status from generation_jobs where id = $1', [jobId]);
          return (
            rows[0] && ['completed', 'failed', 'cancelled'].includes(rows[0].status) && [{ done: true, ...rows[0] }]
          );
        },
        120_000,
      );
      const afterwards = await until('sign-in again', async () => {
        const r = await call('POST', '/api/auth/login', {
          body: { email: 'learner@example.com', password: 'demo-password' },
        });
        return r.status === 200 && r;
      });
      const stream = await live;
      // The worker's BullMQ connections came back: it is registered on its queues again.
      const healthAfter = await until('the worker registered again', async () => {
        const h = await call<{ info: { queues: Record<string, { workers: number }> } }>('GET', '/health');
        return h.status === 200 && h.body.info.queues.tts?.workers === 1 && h;
      });

      console.log(
        `Redis down ${downFor} ms during a ${sections.length}-section speech run: ${tally(outcomes)}; /health: ${health.status} ${health.body.message}; ` +
          `run ${status}; the Studio's live view ${stream}`,
      );
      expect(done).toBe(true);
      expect(status).toBe('completed');
      const by = (what: string) => outcomes.filter((o) => o.what === what).map((o) => o.status);
      for (const read of ['graph', 'notes', 'session'])
        expect({ read, statuses: by(read) }).toEqual({ read, statuses: [200, 200] });
      for (const door of ['login', 'register', 'reset'])
        expect({ door, statuses: by(door) }).toEqual({ door, statuses: [503, 503] });
      expect(outcomes.filter((o) => o.status === 503 && !o.retryAfter)).toEqual([]);
      expect(outcomes.every((o) => o.ms < REQUEST_BOUND_MS)).toBe(true);
      expect(afterwards.status).toBe(200);
      expect(healthAfter.body.info.queues.tts.workers).toBe(1);

      // Every section exactly once: one audio and one captions file each, nothing else.
      const rows = await sql<{ section_id: string; kind: string; n: number }>(
        `select section_id, kind, count(*)::int as n from media_files where subject_id = $1 group by section_id, kind`,
        [SUBJECT],
      );
      const made = rows.filter((r) => r.kind === 'audio');
      expect(made.map((r) => r.section_id).sort()).toEqual(sections.map((s) => s.id).sort());
      expect(rows.filter((r) => r.n !== 1)).toEqual([]);
    }),
  );
});

describe('the media store is full', () => {
  type BulkEvent = { type: string; id?: string; ok?: boolean; error?: string | null; [k: string]: unknown };

  /** A whole bulk speech run through the Studio's live view: its events. */
  async function speechRun(subject: string): Promise<BulkEvent[]> {
    const res = await fetch(`${base}/api/tts/synthesize/bulk/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${studioToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        subject,
        provider: 'local',
        format: 'mp3',
        jobId: `faults-full-${randomUUID().slice(0, 8)}`,
      }),
      signal: AbortSignal.timeout(120_000),
    });
    expect(res.status).toBe(200);
    return (await res.text())
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as BulkEvent);
  }

  /** A one-second video (ffmpeg's test source), uploaded to the Studio's media library. */
  let clip: Buffer;
  async function uploadVideo(subject: string) {
    const form = new FormData();
    form.append('subjectId', subject);
    form.append('file', new Blob([new Uint8Array(clip)]), 'drill-clip.mp4');
    const res = await fetch(`${base}/api/admin/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${studioToken}` },
      body: form,
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    });
    return { status: res.status, body: (await res.json()) as { message?: string; id?: string } };
  }

  /** Files in the subject's media folder (`.part` leftovers included: there must be none). */
  function filesOf(subject: string): string[] {
    const dir = join(mediaDir, subject);
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name);
  }

  it(
    'renders and uploads fail with a clear error, nothing half-written is recorded or served, and after space returns the next run succeeds',
    logged(async () => {
      await reconnectDb();
      const clipPath = join(mailDir, 'drill-clip.mp4');
      execFileSync(Ffmpeg.locate().binary, [
        ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'color=c=blue:s=160x120:d=1'],
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', clipPath],
      ]);
      clip = readFileSync(clipPath);
      const [{ id: subject }] = await sql<{ id: string }>(
        `select id from subjects where id <> $1 order by id limit 1`,
        [SUBJECT],
      );
      const sections = await trimSections(subject, 2);
      expect(sections).toHaveLength(2);
      const rowsOf = () =>
        sql<{ section_id: string | null; kind: string; storage_key: string }>(
          'select section_id, kind, storage_key from media_files where subject_id = $1 order by section_id, kind',
          [subject],
        );

      writeFileSync(storeFull, '');
      const full = await speechRun(subject);
      const fullItems = full.filter((e) => e.type === 'item');
      const fullUpload = await uploadVideo(subject);
      const rowsWhileFull = await rowsOf();
      const filesWhileFull = filesOf(subject);

      rmSync(storeFull);
      const after = await speechRun(subject);
      const afterUpload = await uploadVideo(subject);
      const rowsAfter = await rowsOf();
      console.log(
        `media store full: speech items ${JSON.stringify(fullItems.map((e) => e.error))}, upload ${fullUpload.status} ${fullUpload.body.message}; ` +
          `${rowsWhileFull.length} rows and ${filesWhileFull.length} files meanwhile; after space returned: run ${JSON.stringify(after.at(-1))}, upload ${afterUpload.status}`,
      );

      // While full: every section failed with the clear message; the upload too; nothing recorded, nothing on disk.
      expect(fullItems.map((e) => e.id).sort()).toEqual([...sections].sort());
      expect(fullItems.every((e) => e.ok === false && /The media store is full/.test(String(e.error)))).toBe(true);
      expect(full.at(-1)).toMatchObject({ type: 'done', failed: 2 });
      expect(fullUpload).toEqual({
        status: 507,
        body: expect.objectContaining({ statusCode: 507, message: expect.stringMatching(/^The media store is full/) }),
      });
      expect(rowsWhileFull).toEqual([]);
      expect(filesWhileFull).toEqual([]);

      // Space is back: the next run makes every section once, the upload is stored, and what is recorded is there.
      expect(after.at(-1)).toMatchObject({ type: 'done', failed: 0, succeeded: 2 });
      expect(afterUpload.status).toBe(201);
      expect(rowsAfter.filter((r) => r.kind === 'audio').map((r) => r.section_id)).toEqual([...sections].sort());
      expect(rowsAfter.filter((r) => r.kind === 'video')).toHaveLength(1);
      expect(rowsAfter.filter((r) => !existsSync(join(mediaDir, r.storage_key)))).toEqual([]);
      expect(filesOf(subject).filter((f) => f.endsWith('.part'))).toEqual([]);
    }),
  );
});
