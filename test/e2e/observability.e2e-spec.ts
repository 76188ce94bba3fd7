import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { Harness, until } from '../support/harness';

/**
 * Issue 29 §1 and §3: GET /metrics for a scraper holding METRICS_TOKEN, and one X-Request-Id followed from
 * a Studio click (a bulk text-to-speech run) through the generation job's row into the log of a worker
 * process started from dist/ as a deployment runs it (its own process and stdout, WORKER_QUEUES=tts,content-migration).
 */

const ROOT = join(__dirname, '..', '..');
const TOKEN = 'e2e-metrics-token-0123456789';
process.env.METRICS_TOKEN = TOKEN;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let h: Harness;
let studio: string;
let worker: ChildProcess;
/** the worker process's JSON log lines */
const lines: Record<string, unknown>[] = [];
let metricsPort: number;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const fetchText = (url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });

/** The worker as a deployment runs it: dist/, its own process, only the queues this file uses. */
async function startWorker(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist', 'workers', 'main.js'))) throw new Error('run `npm run build:api` first');
  metricsPort = await freePort();
  worker = spawn(process.execPath, [join(ROOT, 'dist', 'workers', 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      WORKER_QUEUES: 'tts,content-migration',
      WORKER_METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let rest = '';
  worker.stdout!.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    for (const p of parts)
      try {
        lines.push(JSON.parse(p) as Record<string, unknown>);
      } catch {
        /* not a log line */
      }
  });
  worker.stderr!.on('data', (c: Buffer) => process.stderr.write(c));
  await until('the worker to start', async () => lines.some((l) => String(l.msg).startsWith('Worker started')), 30000);
}

beforeAll(async () => {
  h = await Harness.boot({ worker: false });
  await startWorker();
  studio = await h.demoToken('studio');
  // the course content, loaded by the worker process through the Studio's migration
  const migrated = await h.post('/api/admin/migrate', {}, { token: studio });
  expect(migrated.status).toBe(200);
}, 90000);

afterAll(async () => {
  if (worker && worker.exitCode === null) {
    const exited = new Promise((r) => worker.once('exit', r));
    worker.kill('SIGTERM');
    await exited;
  }
  await h.close();
});

describe('GET /metrics', () => {
  it('refuses a scraper without the token or with a wrong one', async () => {
    const none = await h.get('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect((await h.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    // a user's access token is not the metrics token
    expect((await h.get('/metrics', { token: studio })).status).toBe(401);
  });

  it('answers the Prometheus text format with the token: requests by route template, queues, process', async () => {
    await h.get('/api/graph?subject=vagus-nerve');
    const res = await h.get<string>('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = String(res.body);
    expect(text).toMatch(
      /^lp_http_request_duration_seconds_count\{method="GET",route="\/api\/graph",status_code="\d{3}"\} \d+/m,
    );
    expect(text).toMatch(/^lp_queue_jobs\{queue="tts",state="waiting"\} \d+/m);
    expect(text).toMatch(/^lp_db_pool_connections\{state="used"\} \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^lp_http_requests_in_flight \d+/m);
  });
});

describe('request ids', () => {
  it('echoes a well-formed X-Request-Id, on errors too', async () => {
    const ok = await h.get('/health', { headers: { 'x-request-id': 'lb-7f3a.9_Z' } });
    expect(ok.headers['x-request-id']).toBe('lb-7f3a.9_Z');
    const missing = await h.get('/api/no-such-route', { headers: { 'x-request-id': 'trace-404' } });
    expect(missing.status).toBe(404);
    expect(missing.headers['x-request-id']).toBe('trace-404');
    const refused = await h.get('/api/auth/session', { headers: { 'x-request-id': 'trace-401' } });
    expect(refused.status).toBe(401);
    expect(refused.headers['x-request-id']).toBe('trace-401');
  });

  it('makes a new UUID for a request without one or with a malformed one', async () => {
    const a = (await h.get('/health')).headers['x-request-id'];
    const b = (await h.get('/health')).headers['x-request-id'];
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
    for (const bad of ['has space', 'x'.repeat(65), 'semi;colon', '../etc']) {
      const id = (await h.get('/health', { headers: { 'x-request-id': bad } })).headers['x-request-id'];
      expect(id).toMatch(UUID);
    }
  });

  describe('followed from a text-to-speech request to the worker', () => {
    const SUBJECT = 'ai-for-ceos';
    const REQUEST_ID = `tts-click-${Date.now()}`;
    const JOB_ID = `tts-trace-${Date.now()}`;
    let res: Awaited<ReturnType<typeof h.post<string>>>;

    beforeAll(async () => {
      // one short sentence per section: the run takes seconds
      const ids = await h.sql<{ id: string }>(`select id from lecture_sections where subject_id = ?`, [SUBJECT]);
      expect(ids.length).toBeGreaterThan(0);
      const overrides = Object.fromEntries(ids.map((r, i) => [r.id, { text: `Section ${i + 1}.` }]));
      expect((await h.put(`/api/tts/overrides/${SUBJECT}`, { overrides }, { token: studio })).status).toBe(200);
      // the run both tests look at (they run in a random order: neither may count on the other)
      res = await h.post<string>(
        '/api/tts/synthesize/bulk/stream',
        { subject: SUBJECT, provider: 'local', format: 'mp3', jobId: JOB_ID },
        { token: studio, headers: { 'x-request-id': REQUEST_ID } },
      );
    }, 120000);

    it('the same id is on the response, the job row and the worker log lines of that job', async () => {
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).toBe(REQUEST_ID);
      expect(String(res.body).trim().split('\n').at(-1)).toContain('"type":"done"');

      const [row] = await h.sql<{ request_id: string | null; status: string }>(
        `select request_id, status from generation_jobs where id = ?`,
        [JOB_ID],
      );
      expect(row).toEqual({ request_id: REQUEST_ID, status: 'completed' });
      // and Studio's Jobs screen shows it
      const shown = await h.get<{ requestId: string | null }>(`/api/admin/jobs/${JOB_ID}`, { token: studio });
      expect(shown.status).toBe(200);
      expect(shown.body.requestId).toBe(REQUEST_ID);

      // the worker that ran it is the separate process: its lines for this job carry the id
      const ofJob = await until(
        'the worker to log the job',
        async () => {
          const found = lines.filter((l) => l.jobId === JOB_ID);
          return found.some((l) => l.msg === 'job completed') ? found : undefined;
        },
        10000,
      );
      expect(ofJob.map((l) => l.msg)).toEqual(expect.arrayContaining(['job started', 'job completed']));
      for (const line of ofJob) expect(line).toEqual(expect.objectContaining({ requestId: REQUEST_ID, queue: 'tts' }));
      // and no other request's id leaks onto it
      expect(lines.filter((l) => l.requestId === REQUEST_ID).every((l) => l.jobId === JOB_ID)).toBe(true);
    }, 120000);

    it("the worker's own /metrics counts the job and the speech made", async () => {
      const { status, body } = await fetchText(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(status).toBe(200);
      expect(body).toMatch(/^lp_job_duration_seconds_count\{queue="tts",outcome="completed"\} [1-9]/m);
      expect(body).toMatch(/^lp_media_work_seconds_per_media_second_count\{work="speech"\} [1-9]/m);
      expect(body).toMatch(/^lp_queue_jobs\{queue="tts",state="waiting"\} 0/m);
      // WORKER_QUEUES: it reports only its own queues
      expect(body).not.toContain('queue="email"');
      expect((await fetchText(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
    });
  });
});
