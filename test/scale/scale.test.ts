import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { Client } from 'pg';
import { Ffmpeg } from '../../src/modules/media/speech/ffmpeg';
import { FakeStripe, type StripeObject, stripeEvent, stripeSignature } from '../support/fake-stripe';
import { type LoopbackS3, S3RVER_KEY, startLoopbackS3 } from '../support/s3-server';

/**
 * Scale-out and crash (issue 10): two API and two worker processes, started from the compiled dist/
 * like a deployment would, against one PostgreSQL database and one Redis prefix. Nothing may depend
 * on in-process memory being shared: payments are applied once whichever API a Stripe event reaches,
 * rate limits count across APIs, a queued job runs on one worker only, and a worker killed in the
 * middle of a job leaves it to the other, which finishes it with its effects applied once (a content
 * migration, a text-to-speech bulk run and a video render).
 *
 * Two machines, simulated (issue 28): each process has its own empty MEDIA_DIR and TMPDIR and all of them
 * one S3 bucket (s3rver on loopback, MEDIA_STORAGE=s3), so media made or uploaded on one machine must play
 * through an API on another from the bucket, and nothing may land on a machine's disk for good.
 *
 * Run through `npm run test:scale` (scripts/scale.mjs), which creates the migrated and seeded
 * database and the Redis prefix and removes both afterwards. The course content is not loaded:
 * the first test loads it through a migration job whose worker is killed half way.
 */

const ROOT = join(__dirname, '..', '..');
const { DATABASE_URL, REDIS_URL, REDIS_PREFIX } = process.env;
if (!DATABASE_URL || !REDIS_URL || !REDIS_PREFIX) {
  throw new Error('The scale test needs DATABASE_URL, REDIS_URL and REDIS_PREFIX: run it with `npm run test:scale`.');
}

const WEBHOOK_SECRET = 'whsec_scale_test_secret';
const LIMITS = { registerPerIp: 6, loginPerAccount: 4, mailsPerAccount: 3 };
// Short job locks and stalled checks, so a dead worker's job moves on within seconds, not a minute.
const LOCK_MS = 5000;
const STALLED_MS = 2000;
// A pause after each of the migration's 8 items (5 subjects, 3 challenges): the job runs for several
// seconds, so the worker can be killed with some subjects written and others not.
const MIGRATION_PAUSE_MS = 700;
// The bulk text-to-speech run's own knob (the request's `delayMs`, capped at 5000): a pause after each
// section, so the run of a subject's 16 sections lasts long enough to kill its worker half way.
const TTS_PAUSE_MS = 800;
// Killed once this many sections are reported (of 16).
const TTS_KILL_AFTER = 4;
const LEARNERS = 30;
// The render's test knob (VIDEO_RENDER_TEST_DELAY_MS): each section's render stands this long with its work
// files made and no mp4 yet, long enough to find it on the worker's disk and kill the worker there.
const RENDER_PAUSE_MS = 2500;

// Bounds on waiting for what a test observes (a job's end, a mail, a response), not time limits: generous,
// because a loaded 2-core machine may be several times slower; a wait that runs out still fails the test.
const WAIT_MS = 150_000;
jest.setTimeout(2 * WAIT_MS);

// ---- processes ---------------------------------------------------------------------------------

/** A simulated machine: its own media folder (MEDIA_DIR) and temp folder (TMPDIR), shared with nothing. */
interface Machine {
  media: string;
  tmp: string;
}

interface Proc {
  name: string;
  child: ChildProcess;
  machine: Machine;
  /** the worker name BullMQ records on the jobs this process runs (config.ts queueWorkerOptions) */
  workerName: string;
  output: string[];
  exited: Promise<void>;
}

const procs: Proc[] = [];

function start(name: string, script: string, env: NodeJS.ProcessEnv, machine: Machine): Proc {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...env, MEDIA_DIR: machine.media, TMPDIR: machine.tmp },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    if (output.length > 300) output.splice(0, output.length - 300);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const proc = { name, child, machine, workerName: `${hostname()}:${child.pid}`, output, exited };
  procs.push(proc);
  return proc;
}

async function stop(p: Proc): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
  await p.exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = WAIT_MS / 2,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---- the deployment ----------------------------------------------------------------------------

const fake = new FakeStripe();
const root = mkdtempSync(join(tmpdir(), 'lp-scale-'));
const mailDir = join(root, 'mail');
mkdirSync(mailDir);
/** A new machine's empty folders: no process shares a disk with another; the bucket is the one media store. */
function machine(tag: string): Machine {
  const m = { media: join(root, tag, 'media'), tmp: join(root, tag, 'tmp') };
  for (const dir of Object.values(m)) mkdirSync(dir, { recursive: true });
  return m;
}
let s3: LoopbackS3;
let bucket: S3Client;
const pages = new Map<string, number>();
const site: Server = createServer((req, res) => {
  pages.set(req.url!, (pages.get(req.url!) ?? 0) + 1);
  if (req.url === '/robots.txt') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    return res.end('User-agent: *\nAllow: /\n');
  }
  const m = /^\/notes\/(\d)$/.exec(req.url ?? '');
  if (!m) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('not found');
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<html><head><title>Note ${m[1]}</title></head><body><h1>Note ${m[1]}</h1>` +
      `<p>Scale note ${m[1]}: a prompt is the text a language model continues, and the context window bounds how much of it ` +
      `the model can see at once, so long instructions at the start of a chat may be forgotten later on.</p></body></html>`,
  );
});
let siteBase: string;

const apis: { proc: Proc; base: string }[] = [];
const workers: Proc[] = [];
let childEnv: NodeJS.ProcessEnv;
let db: Client;
let redis: Redis;
const queues: Record<'migration' | 'crawl' | 'email' | 'tts' | 'video', Queue> = {} as never;

/** A worker on a new machine, or (a restart) on the machine a dead one left. */
function startWorker(tag: string, on: Machine = machine(tag)): Proc {
  const w = start(`worker ${tag}`, 'dist/workers/main.js', childEnv, on);
  workers.push(w);
  return w;
}

/** Until every queue has exactly these worker processes registered in Redis. */
async function workersRegistered(expected: Proc[]) {
  const want = expected.map((w) => w.workerName).sort();
  for (const q of Object.values(queues)) {
    await until(
      `${q.name}: workers ${want.join(', ')}`,
      async () => {
        for (const p of expected) if (p.child.exitCode !== null) throw new Error(`${p.name} exited`);
        const names = (await q.getWorkers()).map((w) => String(w.rawname).split(':w:')[1]).sort();
        return JSON.stringify(names) === JSON.stringify(want);
      },
      WAIT_MS,
    );
  }
}

function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return db.query(text, params).then((r) => r.rows as T[]);
}

beforeAll(async () => {
  await fake.start(WEBHOOK_SECRET);
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteBase = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
  const u = new URL(REDIS_URL);
  const connection = { host: u.hostname, port: Number(u.port || 6379), db: Number(u.pathname.slice(1) || 0) };
  queues.migration = new Queue('content-migration', { connection, prefix: `${REDIS_PREFIX}:q` });
  queues.crawl = new Queue('crawl', { connection, prefix: `${REDIS_PREFIX}:q` });
  queues.email = new Queue('email', { connection, prefix: `${REDIS_PREFIX}:q` });
  queues.tts = new Queue('tts', { connection, prefix: `${REDIS_PREFIX}:q` });
  queues.video = new Queue('video', { connection, prefix: `${REDIS_PREFIX}:q` });
  s3 = await startLoopbackS3('lp-scale-media');
  bucket = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_KEY });

  childEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://learn.test',
    SERVE_UI: 'false',
    LOG_LEVEL: 'warn',
    MAIL_DIR: mailDir,
    // every process on the one bucket; MEDIA_DIR and TMPDIR are each machine's own (start())
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: S3RVER_KEY.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_KEY.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    // Both APIs sit behind one proxy: the client's address is the last X-Forwarded-For entry.
    TRUST_PROXY: '1',
    STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: process.env.STRIPE_API_BASE,
    RATE_LIMIT_REGISTER_PER_IP: String(LIMITS.registerPerIp),
    RATE_LIMIT_LOGIN_PER_ACCOUNT: String(LIMITS.loginPerAccount),
    RATE_LIMIT_RESET_PER_ACCOUNT: String(LIMITS.mailsPerAccount),
    CRAWL_ALLOWED_HOSTS: siteBase.replace('http://', ''),
    QUEUE_LOCK_DURATION_MS: String(LOCK_MS),
    QUEUE_STALLED_INTERVAL_MS: String(STALLED_MS),
    CONTENT_MIGRATION_TEST_DELAY_MS: String(MIGRATION_PAUSE_MS),
    // the SDK's notice that it will want Node 22 in 2027, once per process: noise in every log dump
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    VIDEO_RENDER_TEST_DELAY_MS: String(RENDER_PAUSE_MS),
  };
  for (const tag of ['A', 'B']) {
    const port = await freePort();
    apis.push({
      proc: start(`api ${tag}`, 'dist/src/main.js', { ...childEnv, PORT: String(port) }, machine(`api-${tag}`)),
      base: `http://127.0.0.1:${port}`,
    });
    startWorker(tag);
  }
  for (const a of apis) {
    await until(
      `${a.proc.name} /health`,
      async () => {
        if (a.proc.child.exitCode !== null) throw new Error(`${a.proc.name} exited`);
        return (await fetch(`${a.base}/health`)).ok;
      },
      WAIT_MS,
    );
  }
  await workersRegistered(workers);
}, 2 * WAIT_MS);

afterAll(async () => {
  await Promise.all(procs.map(stop));
  await Promise.all(Object.values(queues).map((q) => q?.close()));
  redis?.disconnect();
  await db?.end();
  await fake.stop();
  await new Promise((r) => site.close(r));
  bucket?.destroy();
  await s3?.stop();
  rmSync(root, { recursive: true, force: true });
}, 60_000);

/** A test body that, when it fails, also shows what the processes said last. */
function logged(body: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await body();
    } catch (err) {
      // the reason first: a run cut off by the tier's time limit never reaches jest's summary
      console.log(
        `failed: ${expect.getState().currentTestName}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`.slice(
          0,
          3000,
        ),
      );
      for (const p of procs)
        if (p.output.length)
          console.log(
            `--- ${p.name} (last lines) ---\n${p.output
              .filter((l) => !l.includes('LegacyRouteConverter'))
              .slice(-40)
              .join('\n')}`,
          );
      throw err;
    }
  };
}

// ---- HTTP --------------------------------------------------------------------------------------

interface Answer<T = any> {
  status: number;
  body: T;
}

function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

async function call<T = any>(
  api: number,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  opts: { body?: unknown; raw?: string; token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? randomIp(), ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined = opts.raw;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${apis[api].base}${path}`, { method, headers, body, signal: AbortSignal.timeout(WAIT_MS) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T };
}

/** Runs the tasks with at most `width` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]();
      }
    }),
  );
  return out;
}

function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

function mailsTo(email: string): { template: string; link: string }[] {
  return readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(mailDir, f), 'utf8')) as { to: string; template: string; link: string })
    .filter((m) => m.to === email.toLowerCase());
}

async function signIn(api: number, email: string, password: string): Promise<{ id: string; token: string }> {
  const res = await call<{ accessToken: string; user: { id: string } }>(api, 'POST', '/api/auth/login', {
    body: { email, password },
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id, token: res.body.accessToken };
}

/** A learner through the real flow: registered on one API, verified and signed in on the other. */
async function newLearner(i: number, password = 'a-long-enough-secret') {
  const email = `scale-${i}-${randomUUID().slice(0, 8)}@example.test`;
  const reg = await call(i % 2, 'POST', '/api/auth/register', { body: { email, password } });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const mail = await until(`verify mail to ${email}`, async () =>
    mailsTo(email).find((m) => m.template === 'verify-email'),
  );
  const token = new URL(mail.link).searchParams.get('token')!;
  const verified = await call((i + 1) % 2, 'POST', '/api/auth/verify', { body: { token } });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  return { email, password, ...(await signIn((i + 1) % 2, email, password)) };
}

/** Until no job waits or runs in the email queue. */
async function mailsSent() {
  await until('email queue drained', async () => {
    const c = await queues.email.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return c.waiting + c.active + c.delayed + c.prioritized === 0;
  });
}

/** How often the queue's event stream says this job became active (was picked up by a worker) and completed. */
async function jobRuns(queue: Queue, jobId: string): Promise<{ active: number; completed: number; stalled: number }> {
  const entries = await redis.xrange(`${REDIS_PREFIX}:q:${queue.name}:events`, '-', '+');
  const counts = { active: 0, completed: 0, stalled: 0 };
  for (const [, fields] of entries) {
    const f: Record<string, string> = {};
    for (let i = 0; i < fields.length; i += 2) f[fields[i]] = fields[i + 1];
    if (f.jobId === jobId && f.event in counts) counts[f.event as keyof typeof counts]++;
  }
  return counts;
}

/** The items a tts bulk run's progress lists (the job's progress: `{items: [...]}`). */
function itemsOf(progress: unknown): { id: string; ok: boolean; status: string }[] {
  const items = (progress as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? (items as { id: string; ok: boolean; status: string }[]) : [];
}

// ---- the bucket and the machines' disks --------------------------------------------------------

/** The keys in the bucket under a prefix. */
async function bucketKeys(prefix: string): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((c) => c.Key!).sort();
}

async function bucketObject(key: string): Promise<Buffer> {
  const got = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await got.Body!.transformToByteArray());
}

/** Multipart uploads begun and neither completed nor aborted (S3 keeps, and bills, their parts). */
async function openUploads(prefix = ''): Promise<string[]> {
  const listed = await bucket.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Uploads ?? []).map((u) => `${u.Key} ${u.UploadId}`);
}

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** The media work folders and files (`lp-video-…`, `lp-s3-…`, `lp-upload-…`, `lp-speech-…`) in a machine's temp folder. */
const workFiles = (m: Machine) => readdirSync(m.tmp).filter((n) => n.startsWith('lp-'));

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * A signed media URL played on one API as a player does: the whole file (200), then a Range from its middle
 * (206); both must be the bytes the bucket holds under `key`. Returns those bytes.
 */
async function playsFromBucket(api: number, url: string, key: string): Promise<Buffer> {
  const stored = await bucketObject(key);
  const u = new URL(url, apis[api].base);
  const target = `${apis[api].base}${u.pathname}${u.search}`;
  const whole = await fetch(target, { signal: AbortSignal.timeout(WAIT_MS / 2) });
  expect({ url: u.pathname, status: whole.status }).toEqual({ url: u.pathname, status: 200 });
  const body = Buffer.from(await whole.arrayBuffer());
  expect({ url: u.pathname, size: body.length, sha: sha(body) }).toEqual({
    url: u.pathname,
    size: stored.length,
    sha: sha(stored),
  });
  const start = Math.floor(stored.length / 3);
  const end = Math.min(stored.length - 1, start + 999);
  const part = await fetch(target, {
    headers: { range: `bytes=${start}-${end}` },
    signal: AbortSignal.timeout(WAIT_MS / 2),
  });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${stored.length}`);
  expect(Buffer.from(await part.arrayBuffer()).equals(stored.subarray(start, end + 1))).toBe(true);
  return stored;
}

async function contentCounts() {
  const [row] = await sql<Record<string, number>>(
    `select (select count(*)::int from subjects) as subjects,
            (select count(*)::int from topic_nodes) as nodes,
            (select count(distinct (subject_id, id))::int from topic_nodes) as "distinctNodes",
            (select count(*)::int from quiz_items) as quiz,
            (select count(*)::int from lecture_sections) as lectures,
            (select count(*)::int from subject_modules) as modules,
            (select count(*)::int from challenges) as challenges,
            (select count(*)::int from challenge_days) as "challengeDays"`,
  );
  return row;
}

// A clean run of the bundled content (test/e2e/content-migration.e2e-spec.ts counts the same).
const CLEAN = { subjects: 5, nodes: 80, distinctNodes: 80, quiz: 480, lectures: 80, modules: 20, challenges: 3 };

let studioToken: string;

// ---- the tests ---------------------------------------------------------------------------------

describe('a worker killed in the middle of a content migration', () => {
  it(
    'is replaced by the other worker after the stalled-job check, and the content is written once',
    logged(async () => {
      expect(await contentCounts()).toMatchObject({ subjects: 0, nodes: 0 });
      studioToken = (await signIn(0, 'studio@example.com', 'demo-password')).token;

      const answer = call<{
        jobId: string;
        totalMigrated: number;
        subjects: { created: number; updated: number; unchanged: number }[];
      }>(0, 'POST', '/api/admin/migrate', { body: {}, token: studioToken });
      // Two of the five subjects written (each in its own transaction), the third not yet.
      const job = await until(
        'the migration job two subjects in',
        async () =>
          (await queues.migration.getJobs(['active'])).find((j) => ((j.progress as { done?: number }).done ?? 0) >= 2),
        WAIT_MS,
      );
      const victim = workers.find((w) => w.workerName === job.processedBy);
      const survivor = workers.find((w) => w !== victim && w.child.exitCode === null);
      expect(victim).toBeDefined();
      expect(survivor).toBeDefined();
      victim!.child.kill('SIGKILL');
      const killedAt = Date.now();
      await victim!.exited;

      const pickedUp = until(
        'the job running on the other worker',
        async () => {
          const j = await queues.migration.getJob(job.id!);
          return j?.processedBy === survivor!.workerName && (await j.getState()) === 'active' && Date.now();
        },
        WAIT_MS,
      );
      const res = await answer;
      const pickedUpAt = await pickedUp.catch(() => undefined);
      expect(res.status).toBe(200);
      const done = (await queues.migration.getJob(job.id!))!;
      const recovery = {
        pickedUpAfterMs: pickedUpAt ? pickedUpAt - killedAt : null,
        finishedAfterMs: done.finishedOn! - killedAt,
      };
      console.log(
        `SIGKILL mid-migration: job ${job.id} picked up by the other worker after ${recovery.pickedUpAfterMs} ms, finished ${recovery.finishedAfterMs} ms after the kill`,
      );

      expect(res.body.jobId).toBe(job.id);
      expect(done.processedBy).toBe(survivor!.workerName);
      expect(done.stalledCounter).toBe(1);
      expect(await jobRuns(queues.migration, job.id!)).toMatchObject({ active: 2, completed: 1, stalled: 1 });
      // Studio's Jobs row followed the job to the other worker: started twice, completed, nothing left running.
      const [row] = await sql<{ status: string; progress: number; attempts: number; error: string | null }>(
        'select status, progress, attempts, error from generation_jobs where id = $1',
        [job.id],
      );
      expect(row).toEqual({ status: 'completed', progress: 1, attempts: 2, error: null });

      // The subjects written before the kill are found unchanged, the rest created: nothing twice, nothing lost.
      expect(res.body.totalMigrated).toBe(80);
      const created = res.body.subjects.reduce((n, s) => n + s.created, 0);
      const unchanged = res.body.subjects.reduce((n, s) => n + s.unchanged, 0);
      expect(res.body.subjects.reduce((n, s) => n + s.updated, 0)).toBe(0);
      expect(unchanged).toBeGreaterThanOrEqual(2 * 16);
      expect(created).toBeGreaterThanOrEqual(16);
      expect(created + unchanged).toBe(80);
      expect(await contentCounts()).toMatchObject(CLEAN);
      const [{ days }] = await sql<{ days: number }>('select sum(days_count)::int as days from challenges');
      expect((await contentCounts()).challengeDays).toBe(days);

      // Back to two workers for what follows: the dead one's machine starts a new worker.
      workers.splice(workers.indexOf(victim!), 1);
      startWorker('C', victim!.machine);
      await workersRegistered(workers);
    }),
  );
});

describe('a worker killed in the middle of a text-to-speech bulk run', () => {
  it(
    'is picked up by the other worker after the stalled-job check, resumes after the reported sections, and no section gets two files',
    logged(async () => {
      type BulkEvent = { type: string; id?: string; status?: string; [k: string]: unknown };
      const parse = (text: string) =>
        text
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as BulkEvent);
      const subject = 'metabolic';
      // Each section speaks Studio's override, one short line: the run's length is its pauses, not a loaded
      // machine's speech engine, and the files record the override's text hash.
      const sections = (
        await sql<{ id: string }>('select id from lecture_sections where subject_id = $1 order by position, id', [
          subject,
        ])
      ).map((s, i) => ({ id: s.id, text: `Section ${i + 1} of the scale test, in one short line.` }));
      expect(sections).toHaveLength(16);
      const overrides = Object.fromEntries(sections.map((s) => [s.id, { text: s.text }]));
      expect(
        (await call(0, 'PUT', `/api/tts/overrides/${subject}`, { body: { overrides }, token: studioToken })).status,
      ).toBe(200);
      expect(await sql('select 1 from media_files where subject_id = $1', [subject])).toHaveLength(0);
      const jobId = `scale-tts-${randomUUID().slice(0, 8)}`;
      // The local engine (flite from PATH), no voice id: the files record provider `local`, voice `default`.
      const request = { subject, provider: 'local', format: 'mp3', delayMs: TTS_PAUSE_MS, jobId };

      const live = call<string>(0, 'POST', '/api/tts/synthesize/bulk/stream', { body: request, token: studioToken });
      const job = await until(
        `the tts run ${TTS_KILL_AFTER} sections in`,
        async () => {
          const j = await queues.tts.getJob(jobId);
          return j && (await j.getState()) === 'active' && itemsOf(j.progress).length >= TTS_KILL_AFTER && j;
        },
        WAIT_MS,
      );
      const victim = workers.find((w) => w.workerName === job.processedBy);
      const survivor = workers.find((w) => w !== victim && w.child.exitCode === null);
      expect(victim).toBeDefined();
      expect(survivor).toBeDefined();
      victim!.child.kill('SIGKILL');
      const killedAt = Date.now();
      await victim!.exited;
      const [{ dbKilledAt }] = await sql<{ dbKilledAt: Date }>('select now() as "dbKilledAt"');
      // What the dead attempt reported: the second attempt must keep these and do only the rest.
      const reportedBeforeKill = itemsOf((await queues.tts.getJob(jobId))!.progress);
      expect(reportedBeforeKill.length).toBeGreaterThanOrEqual(TTS_KILL_AFTER);
      expect(reportedBeforeKill.length).toBeLessThan(sections.length);

      const pickedUp = until(
        'the tts run on the other worker',
        async () => {
          const j = await queues.tts.getJob(jobId);
          return j?.processedBy === survivor!.workerName && (await j.getState()) === 'active' && Date.now();
        },
        WAIT_MS,
      );
      const res = await live;
      const pickedUpAt = await pickedUp.catch(() => undefined);
      expect(res.status).toBe(200);
      const events = parse(res.body);
      // A second viewer of the same job id, on the other API, after the end: the same events, replayed.
      const replay = await call<string>(1, 'POST', '/api/tts/synthesize/bulk/stream', {
        body: request,
        token: studioToken,
      });
      expect(replay.status).toBe(200);
      expect(parse(replay.body)).toEqual(events);

      const done = (await queues.tts.getJob(jobId))!;
      const recovery = {
        pickedUpAfterMs: pickedUpAt ? pickedUpAt - killedAt : null,
        finishedAfterMs: done.finishedOn! - killedAt,
      };

      // start, one item per section (each once), done: nothing failed, every section made or found made.
      expect(events[0]).toMatchObject({ type: 'start', jobId, total: 16, provider: 'local', fellBack: false });
      const items = events.slice(1, -1);
      expect(items.map((e) => e.type)).toEqual(sections.map(() => 'item'));
      expect(items.map((e) => e.id).sort()).toEqual(sections.map((s) => s.id).sort());
      const last = events.at(-1)!;
      expect(last).toMatchObject({ type: 'done', total: 16, failed: 0 });
      expect((last.attempted as number) + (last.skipped as number)).toBe(16);
      expect(last.succeeded).toBe(last.attempted);
      // The sections reported before the kill are kept as they were, in front: the retry did not redo them.
      expect(items.slice(0, reportedBeforeKill.length).map((e) => e.id)).toEqual(reportedBeforeKill.map((i) => i.id));
      expect(reportedBeforeKill.every((i) => i.ok && i.status === 'synthesized')).toBe(true);

      // The job: picked up once more after the stall, finished on the survivor, not failed and retried.
      expect(done.processedBy).toBe(survivor!.workerName);
      expect(done.stalledCounter).toBe(1);
      expect(await jobRuns(queues.tts, jobId)).toMatchObject({ active: 2, completed: 1, stalled: 1 });

      // In the library: per section exactly one audio and one captions file, made from this run's text hash,
      // provider and voice; nothing else for the subject.
      const rows = await sql<{
        section_id: string;
        kind: string;
        file_name: string;
        storage_key: string;
        size: string;
        content_hash: string;
        text_hash: string;
        provider: string;
        voice: string;
        captions_file: string | null;
        created_at: Date;
      }>(
        `select section_id, kind, file_name, storage_key, size, content_hash, text_hash, provider, voice,
                captions_file, created_at
           from media_files where subject_id = $1 order by section_id, kind`,
        [subject],
      );
      const hash = new Map(sections.map((s) => [s.id, createHash('sha256').update(s.text).digest('hex')]));
      expect(rows.map((r) => `${r.section_id} ${r.kind} ${r.text_hash} ${r.provider} ${r.voice}`)).toEqual(
        [...sections]
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .flatMap((s) => ['audio', 'captions'].map((k) => `${s.id} ${k} ${hash.get(s.id)} local default`)),
      );
      for (const r of rows.filter((x) => x.kind === 'audio'))
        expect(r.captions_file).toBe(
          rows.find((c) => c.kind === 'captions' && c.section_id === r.section_id)!.file_name,
        );
      // Sections reported before the kill were made by the dead worker, before it died.
      const beforeKill = new Set(reportedBeforeKill.map((i) => i.id));
      for (const r of rows.filter((x) => beforeKill.has(x.section_id)))
        expect({ file: r.file_name, before: r.created_at.getTime() <= dbKilledAt.getTime() }).toEqual({
          file: r.file_name,
          before: true,
        });
      // Every file in the bucket, with the recorded bytes; no other object beside them, no upload left open.
      const inBucket = await bucketKeys(`${subject}/`);
      expect(inBucket).toEqual(rows.map((r) => r.storage_key).sort());
      for (const r of rows) {
        const bytes = await bucketObject(r.storage_key);
        expect({ key: r.storage_key, size: bytes.length, sha: sha(bytes) }).toEqual({
          key: r.storage_key,
          size: Number(r.size),
          sha: r.content_hash,
        });
      }
      expect(await openUploads()).toEqual([]);
      // The audio the dead worker made and the audio the survivor made play through the other API (the run
      // was followed on API A), from the bucket: no API has them on its disk.
      const itemEvents = items as unknown as { id: string; url: string }[];
      for (const item of [itemEvents[0], itemEvents.at(-1)!]) {
        const audio = rows.find((r) => r.section_id === item.id && r.kind === 'audio')!;
        await playsFromBucket(1, item.url, audio.storage_key);
      }
      const filesPerSection = [
        ...new Set(sections.map((s) => rows.filter((r) => r.section_id === s.id).length).map(String)),
      ];
      console.log(
        `SIGKILL mid-tts-run: job ${jobId} (16 sections, delayMs ${TTS_PAUSE_MS}) killed after ${reportedBeforeKill.length} items reported, ` +
          `picked up by the other worker after ${recovery.pickedUpAfterMs} ms, done ${recovery.finishedAfterMs} ms after the kill; ` +
          `done ${JSON.stringify(last)}; files per section: ${filesPerSection.join(',')} (audio + captions), ` +
          `${rows.length} rows, ${inBucket.length} objects in the bucket, 0 open uploads; first and last played on API B with Range`,
      );

      // Back to two workers for what follows: the dead one's machine starts a new worker.
      workers.splice(workers.indexOf(victim!), 1);
      startWorker('D', victim!.machine);
      await workersRegistered(workers);
    }),
  );
});

describe('media across machines: one bucket, nothing on any machine’s disk', () => {
  // A short section of its own course: one line of speech, so its render is a second of video.
  const subject = 'ai-for-ceos';
  let spoken: Promise<{ sectionId: string; url: string }> | undefined;
  const speak = () =>
    (spoken ??= (async () => {
      const [{ id: sectionId }] = await sql<{ id: string }>(
        'select id from lecture_sections where subject_id = $1 order by position, id limit 1',
        [subject],
      );
      const put = await call(0, 'PUT', `/api/tts/overrides/${subject}`, {
        body: { overrides: { [sectionId]: { text: 'Scale test: one short line.' } } },
        token: studioToken,
      });
      expect(put.status).toBe(200);
      const res = await call<{ url: string }>(0, 'POST', '/api/tts/synthesize', {
        body: { subject, sectionId, provider: 'local' },
        token: studioToken,
      });
      expect(res.status).toBe(200);
      return { sectionId, url: res.body.url };
    })());

  it(
    'a section’s speech, made by a worker, plays through the other API from the bucket',
    logged(async () => {
      const { sectionId, url } = await speak();
      const [audio] = await sql<{ storage_key: string }>(
        `select storage_key from media_files where subject_id = $1 and section_id = $2 and kind = 'audio'`,
        [subject, sectionId],
      );
      const bytes = await playsFromBucket(1, url, audio.storage_key);
      expect(bytes.length).toBeGreaterThan(0);
    }),
  );

  it(
    'a worker killed mid-render leaves nothing in the bucket; the other worker renders it, and it plays through the other API',
    logged(async () => {
      const { sectionId } = await speak();
      const videoPrefix = `${subject}/video/`;
      expect(await bucketKeys(videoPrefix)).toEqual([]);
      const jobId = `scale-video-${randomUUID().slice(0, 8)}`;
      const request = { subject, width: 320, height: 180, jobId };
      const live = call<string>(0, 'POST', '/api/tts/video/render/stream', { body: request, token: studioToken });

      // The render part-made on a worker's own disk: its work folder holds the title card and the audio's copy
      // from the bucket, no mp4 yet (the render stands there for RENDER_PAUSE_MS).
      const found = await until(
        'a render part-made on a worker',
        async () => {
          for (const w of workers) {
            if (w.child.exitCode !== null) continue;
            const names = workFiles(w.machine);
            const render = names.find(
              (n) => n.startsWith('lp-video-') && readdirSync(join(w.machine.tmp, n)).includes('card.png'),
            );
            if (render && names.some((n) => n.startsWith('lp-s3-'))) return { w, render };
          }
          return undefined;
        },
        WAIT_MS,
      );
      const victim = found.w;
      const survivor = workers.find((w) => w !== victim && w.child.exitCode === null)!;
      expect((await queues.video.getJob(jobId))?.processedBy).toBe(victim.workerName);
      expect(readdirSync(join(victim.machine.tmp, found.render))).not.toContain('video.mp4');
      victim.child.kill('SIGKILL');
      await victim.exited;
      // What the killed render left: its work files on its own machine, nothing in the bucket, no open upload.
      const leftBehind = workFiles(victim.machine);
      expect(leftBehind).toEqual(expect.arrayContaining([found.render]));
      expect(await bucketKeys(videoPrefix)).toEqual([]);
      expect(await openUploads()).toEqual([]);

      const res = await live;
      expect(res.status).toBe(200);
      const events = res.body
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as { type: string; id?: string; ok?: boolean; url?: string; status?: string });
      expect(events.at(-1)).toMatchObject({ type: 'done', succeeded: 1, failed: 0 });
      const item = events.find((e) => e.type === 'item' && e.id === sectionId)!;
      expect(item).toMatchObject({ ok: true, status: 'rendered' });
      const done = (await queues.video.getJob(jobId))!;
      expect(done.processedBy).toBe(survivor.workerName);
      expect(done.stalledCounter).toBe(1);
      expect(await jobRuns(queues.video, jobId)).toMatchObject({ active: 2, completed: 1, stalled: 1 });

      // One video, recorded and in the bucket with the recorded bytes; nothing else under the course's videos.
      const videos = await sql<{ storage_key: string; content_hash: string; size: string }>(
        `select storage_key, content_hash, size from media_files where subject_id = $1 and kind = 'video'`,
        [subject],
      );
      expect(videos).toHaveLength(1);
      expect(await bucketKeys(videoPrefix)).toEqual([videos[0].storage_key]);
      expect(await openUploads()).toEqual([]);
      const bytes = await playsFromBucket(1, item.url!, videos[0].storage_key);
      expect({ size: bytes.length, sha: sha(bytes) }).toEqual({
        size: Number(videos[0].size),
        sha: videos[0].content_hash,
      });

      // The dead worker's machine starts a new worker, which clears what the killed render left.
      workers.splice(workers.indexOf(victim), 1);
      const successor = startWorker('E', victim.machine);
      await workersRegistered(workers);
      await until(
        `${successor.name} clears the killed render's work files`,
        async () => !workFiles(victim.machine).length,
      );
      console.log(
        `SIGKILL mid-render: job ${jobId} killed with ${leftBehind.join(', ')} on its machine and 0 objects, 0 open uploads in the bucket; ` +
          `rendered by the other worker, ${bytes.length} bytes played on API B with Range; the machine's next worker removed the work files`,
      );
    }),
  );

  it(
    'a video uploaded through one API plays through the other',
    logged(async () => {
      const work = mkdtempSync(join(root, 'clip-'));
      const clip = join(work, 'clip.mp4');
      execFileSync(Ffmpeg.locate().binary, [
        ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'color=c=blue:s=160x120:d=1'],
        ...['-f', 'lavfi', '-i', 'sine=d=1', '-shortest', '-c:v', 'libx264', '-c:a', 'aac', clip],
      ]);
      const mp4 = readFileSync(clip);
      rmSync(work, { recursive: true, force: true });
      const boundary = 'lp-scale-boundary';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="subjectId"\r\n\r\n${subject}\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scale clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
        ),
        mp4,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await fetch(`${apis[0].base}/api/admin/media`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${studioToken}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'x-forwarded-for': randomIp(),
        },
        body,
      });
      const uploaded = (await res.json()) as { name: string; url: string };
      expect(res.status).toBe(201);
      const key = `${subject}/${uploaded.name}`;
      expect(await bucketKeys(`${subject}/`)).toContain(key);
      const bytes = await playsFromBucket(1, uploaded.url, key);
      expect(bytes.equals(mp4)).toBe(true);
    }),
  );

  it(
    'no media file is on any machine: every MEDIA_DIR is empty and no work file is left in any temp folder',
    logged(async () => {
      await speak();
      const machines = [...new Set(procs.map((p) => p.machine))];
      expect(machines.length).toBeGreaterThanOrEqual(4);
      expect(machines.flatMap((m) => filesUnder(m.media))).toEqual([]);
      expect(machines.flatMap((m) => workFiles(m).map((n) => join(m.tmp, n)))).toEqual([]);
      // and the bucket holds what the library lists: the speech, the render, the upload
      const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from media_files');
      expect((await bucketKeys('')).length).toBe(n);
    }),
  );
});

describe('jobs started on one API run exactly once', () => {
  it(
    'a content migration and a crawl, side by side, each run once on one worker',
    logged(async () => {
      const before = await contentCounts();
      const urls = [1, 2, 3].map((i) => `${siteBase}/notes/${i}`);
      const [migration, crawl] = await Promise.all([
        call<{ jobId: string; totalMigrated: number; subjects: { unchanged: number }[] }>(
          1,
          'POST',
          '/api/admin/migrate',
          {
            body: { source: 'bundled' },
            token: studioToken,
          },
        ),
        call<{ jobId: string; indexed: number; failed: unknown[] }>(1, 'POST', '/api/rag/crawl', {
          body: { subjectId: 'ai-user', urls },
          token: studioToken,
        }),
      ]);
      expect(migration.status).toBe(200);
      expect(migration.body.totalMigrated).toBe(80);
      expect(migration.body.subjects.every((s) => s.unchanged === 16)).toBe(true);
      expect(await contentCounts()).toEqual(before);
      expect(await jobRuns(queues.migration, migration.body.jobId)).toEqual({ active: 1, completed: 1, stalled: 0 });

      expect(crawl.status).toBe(200);
      expect(crawl.body).toMatchObject({ indexed: 3, failed: [] });
      expect(await jobRuns(queues.crawl, crawl.body.jobId)).toEqual({ active: 1, completed: 1, stalled: 0 });
      // Each page fetched once, robots.txt once: the crawl ran on one worker, one time.
      expect(Object.fromEntries(pages)).toEqual({ '/robots.txt': 1, '/notes/1': 1, '/notes/2': 1, '/notes/3': 1 });
      const docs = await sql<{ url: string }>(
        `select url from source_documents where subject_id = 'ai-user' order by url`,
      );
      expect(docs.map((d) => d.url)).toEqual(urls);

      const counts = await queues.migration.getJobCounts('completed', 'failed', 'active', 'waiting');
      expect(counts).toMatchObject({ completed: 2, failed: 0, active: 0, waiting: 0 });
      console.log(
        `jobs: migration ${migration.body.jobId} and crawl ${crawl.body.jobId} each became active once; pages fetched ${JSON.stringify(Object.fromEntries(pages))}`,
      );
    }),
  );
});

describe('a Stripe webhook storm across both APIs', () => {
  it(
    `${LEARNERS} learners, every event three times, shuffled, to both APIs, with verify calls: one entitlement per paid session, none for refunded ones`,
    logged(async () => {
      const prices = (
        await call<{ prices: { subjectId: string; priceId: string }[] }>(0, 'GET', '/api/marketplace/prices')
      ).body.prices;
      expect(prices.length).toBeGreaterThanOrEqual(5);
      const learners = await pool(
        Array.from({ length: LEARNERS }, (_, i) => () => newLearner(i)),
        6,
      );
      const sessions: {
        userId: string;
        token: string;
        subjectId: string;
        id: string;
        paid: StripeObject;
        refunded: boolean;
      }[] = [];
      for (const [i, l] of learners.entries()) {
        const price = prices[i % prices.length];
        const res = await call<{ sessionId: string }>(i % 2, 'POST', '/api/checkout/create', {
          body: { subjectId: price.subjectId, priceId: price.priceId },
          token: l.token,
        });
        expect(res.status).toBe(201);
        sessions.push({
          userId: l.id,
          token: l.token,
          subjectId: price.subjectId,
          id: res.body.sessionId,
          paid: fake.pay(res.body.sessionId),
          refunded: i % 3 === 0,
        });
      }
      const events = sessions.flatMap((s) => [
        stripeEvent('checkout.session.completed', s.paid),
        ...(s.refunded
          ? [
              stripeEvent('charge.refunded', {
                id: `ch_${randomUUID().slice(0, 8)}`,
                object: 'charge',
                payment_intent: s.paid.payment_intent,
                amount: 2900,
                amount_refunded: 2900,
                refunded: true,
              }),
            ]
          : []),
      ]);
      type Delivery = { kind: 'event'; payload: string } | { kind: 'verify'; session: (typeof sessions)[number] };
      const deliveries: Delivery[] = shuffle([
        ...events.flatMap((e) => [e, e, e]).map((e) => ({ kind: 'event' as const, payload: e.payload })),
        ...sessions.map((s) => ({ kind: 'verify' as const, session: s })),
      ]);
      const started = Date.now();
      const answers = await pool(
        deliveries.map((d, i) => () => {
          const api = i % 2;
          return d.kind === 'event'
            ? call(api, 'POST', '/api/webhooks/stripe', {
                raw: d.payload,
                headers: {
                  'content-type': 'application/json',
                  'stripe-signature': stripeSignature(d.payload, WEBHOOK_SECRET),
                },
              })
            : call(api, 'POST', '/api/checkout/verify', { body: { session_id: d.session.id }, token: d.session.token });
        }),
        16,
      );
      const took = Date.now() - started;
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);

      const rows = await sql<{ user_id: string; subject_id: string; status: string }>(
        `select user_id::text, subject_id, status from user_entitlements where user_id::text = any($1)`,
        [sessions.map((s) => s.userId)],
      );
      const sessionRows = await sql<{ id: string; status: string }>(
        'select id, status from checkout_sessions where id = any($1)',
        [sessions.map((s) => s.id)],
      );
      const statusOf = new Map(sessionRows.map((r) => [r.id, r.status]));
      for (const s of sessions) {
        const mine = rows.filter((r) => r.user_id === s.userId && r.subject_id === s.subjectId);
        if (s.refunded) {
          expect({
            session: s.id,
            active: mine.filter((r) => r.status === 'active').length,
            status: statusOf.get(s.id),
          }).toEqual({
            session: s.id,
            active: 0,
            status: 'refunded',
          });
        } else {
          expect({ session: s.id, rows: mine.map((r) => r.status), status: statusOf.get(s.id) }).toEqual({
            session: s.id,
            rows: ['active'],
            status: 'paid',
          });
        }
      }
      const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from payment_events where id = any($1)', [
        events.map((e) => e.id),
      ]);
      expect(n).toBe(events.length);
      const paid = sessions.filter((s) => !s.refunded).length;
      const active = rows.filter((r) => r.status === 'active').length;
      expect(active).toBe(paid);
      console.log(
        `storm: ${deliveries.length} requests (${events.length} events x3 + ${sessions.length} verify) in ${took} ms over 2 APIs; ` +
          `${active} active entitlements for ${paid} paid sessions, 0 for ${sessions.length - paid} refunded; ${n} events recorded once each`,
      );
    }),
  );
});

describe('rate limits hold across both APIs', () => {
  it(
    `register per IP: of ${2 * LIMITS.registerPerIp} sign-ups from one address, split over both APIs, ${LIMITS.registerPerIp} pass`,
    logged(async () => {
      const ip = '10.250.0.1';
      const answers = await Promise.all(
        Array.from({ length: 2 * LIMITS.registerPerIp }, (_, i) =>
          call(i % 2, 'POST', '/api/auth/register', {
            body: { email: `limit-${i}-${randomUUID().slice(0, 6)}@example.test`, password: 'a-long-enough-secret' },
            ip,
          }),
        ),
      );
      const by = (api: number, status: number) => answers.filter((a, i) => i % 2 === api && a.status === status).length;
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.registerPerIp);
      expect(statuses.filter((s) => s === 429)).toHaveLength(LIMITS.registerPerIp);
      // Both APIs answered some 429s... or one API got every 201: what counts is the total, which only a shared counter keeps.
      for (const api of [0, 1])
        expect(
          (
            await call(api, 'POST', '/api/auth/register', {
              body: { email: `late-${api}@example.test`, password: 'a-long-enough-secret' },
              ip,
            })
          ).status,
        ).toBe(429);
      // Another address is not affected.
      expect(
        (
          await call(0, 'POST', '/api/auth/register', {
            body: { email: `other-${randomUUID().slice(0, 6)}@example.test`, password: 'a-long-enough-secret' },
            ip: '10.250.0.2',
          })
        ).status,
      ).toBe(201);
      console.log(
        `register per IP (limit ${LIMITS.registerPerIp}): API A 201x${by(0, 201)} 429x${by(0, 429)}, API B 201x${by(1, 201)} 429x${by(1, 429)}; the next on each API 429`,
      );
    }),
  );

  it(
    `failed sign-ins per account and address: ${LIMITS.loginPerAccount} wrong passwords over both APIs, then 429 on both; the owner elsewhere still signs in`,
    logged(async () => {
      const owner = await newLearner(100);
      const ip = '10.250.1.1';
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.loginPerAccount + 2; i++) {
        statuses.push(
          (
            await call(i % 2, 'POST', '/api/auth/login', {
              body: { email: owner.email, password: 'wrong-password-123' },
              ip,
            })
          ).status,
        );
      }
      expect(statuses).toEqual([...Array<number>(LIMITS.loginPerAccount).fill(401), 429, 429]);
      expect(
        (
          await call(0, 'POST', '/api/auth/login', {
            body: { email: owner.email, password: owner.password },
            ip: '10.250.1.2',
          })
        ).status,
      ).toBe(200);
      console.log(
        `login failures per account+IP (limit ${LIMITS.loginPerAccount}), alternating APIs: ${statuses.join(' ')}`,
      );
    }),
  );

  it(
    `mails per account: reset requests for one address over both APIs (and both workers) send at most ${LIMITS.mailsPerAccount} mails`,
    logged(async () => {
      const owner = await newLearner(200);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call(i % 2, 'POST', '/api/auth/request-reset', { body: { email: owner.email } }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      await mailsSent();
      await new Promise((r) => setTimeout(r, 500));
      await mailsSent();
      const mails = mailsTo(owner.email);
      // One verification mail at sign-up, then resets up to the cap.
      expect(mails.filter((m) => m.template === 'verify-email')).toHaveLength(1);
      expect(mails.filter((m) => m.template === 'reset-password')).toHaveLength(LIMITS.mailsPerAccount - 1);
      console.log(
        `mails per account (cap ${LIMITS.mailsPerAccount}): 8 reset requests over both APIs gave ${mails.length - 1} reset mails`,
      );
    }),
  );
});
