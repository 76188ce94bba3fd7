import { getQueueToken } from '@nestjs/bullmq';
import { type Job, type Queue, Worker } from 'bullmq';
import { QUEUES } from '../../src/queues/queues';
import { Harness } from '../support/harness';

/**
 * The operators' queue dashboard (Bull Board) at /api/admin/queues: every request of its own Fastify
 * scope (the page, its files and its JSON API) needs a live admin session, by bearer token or by the
 * cookie POST /api/admin/queues/session sets.
 */
let h: Harness;
let admin: string;
let studio: string;
let learner: string;
const queue = () => h.app.get<Queue>(getQueueToken(QUEUES.crawl), { strict: false });
const PAUSE = `/api/admin/queues/api/queues/${QUEUES.crawl}/pause`;
const BOARD_API = `/api/admin/queues/api/queues/${QUEUES.crawl}`;
/** What the board's own page sends: the product's origin (test/support/env.ts sets PUBLIC_URL) and JSON. */
const OWN = { origin: 'http://learn.test', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };

beforeAll(async () => {
  h = await Harness.boot({ worker: false });
  admin = await h.demoToken('admin');
  studio = await h.demoToken('studio');
  learner = await h.demoToken('learner');
}, 60000);
afterAll(async () => {
  await queue().resume();
  await h.close();
});

describe('queue dashboard', () => {
  it('refuses to pause a queue without a token (401) and for a learner or studio user (403); the queue keeps running', async () => {
    const anonymous = await h.request('PUT', PAUSE);
    expect(anonymous.status).toBe(401);
    expect(await queue().isPaused()).toBe(false);
    for (const token of [learner, studio]) {
      const res = await h.request('PUT', PAUSE, { token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ message: 'The queue dashboard needs the admin role' });
    }
    expect(await queue().isPaused()).toBe(false);
    // a forged token or cookie is no better
    expect((await h.request('PUT', PAUSE, { token: `${admin}x` })).status).toBe(401);
    expect((await h.request('PUT', PAUSE, { cookie: `lp_queues=${learner}` })).status).toBe(403);
    expect(await queue().isPaused()).toBe(false);
  });

  it('the page, its static files and its JSON API are refused without a session', async () => {
    for (const url of ['/api/admin/queues', '/api/admin/queues/', '/api/admin/queues/api/queues']) {
      const res = await h.get(url);
      expect(res.status).toBe(401);
    }
    expect((await h.get('/api/admin/queues', { token: learner })).status).toBe(403);
  });

  it('an admin lists every queue, pauses and resumes one', async () => {
    const list = await h.get<{ queues: { name: string }[] }>('/api/admin/queues/api/queues', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.queues.map((q) => q.name).sort()).toEqual(Object.values(QUEUES).sort());
    expect((await h.request('PUT', PAUSE, { token: admin, headers: OWN, body: {} })).status).toBe(200);
    expect(await queue().isPaused()).toBe(true);
    expect(
      (
        await h.request('PUT', `/api/admin/queues/api/queues/${QUEUES.crawl}/resume`, {
          token: admin,
          headers: OWN,
          body: {},
        })
      ).status,
    ).toBe(200);
    expect(await queue().isPaused()).toBe(false);
  });

  it('the session call sets a cookie (httpOnly, SameSite=Strict, this path) that opens the page; a learner gets none', async () => {
    const refused = await h.post('/api/admin/queues/session', undefined, { token: learner });
    expect(refused.status).toBe(403);
    expect(refused.setCookies).toEqual([]);
    const res = await h.post('/api/admin/queues/session', undefined, { token: admin });
    expect(res.status).toBe(204);
    const cookie = res.setCookies.find((c) => c.startsWith('lp_queues='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/admin\/queues/);
    const page = await h.get('/api/admin/queues', { cookie: cookie.split(';')[0] });
    expect(page.status).toBe(200);
    expect(String(page.body)).toMatch(/<html/i);
  });
});

/** A failed job in the crawl queue, failed by a worker of this test (the harness runs none). */
async function failedCrawlJob(id: string): Promise<Job> {
  const q = queue();
  const worker = new Worker(
    QUEUES.crawl,
    async () => {
      throw new Error('boom');
    },
    { connection: q.opts.connection, prefix: q.opts.prefix },
  );
  try {
    // the worker emits 'failed' once the job is in the failed set (its only attempt)
    const failed = new Promise<void>((resolve) =>
      worker.on('failed', (j) => {
        if (j?.id === id) resolve();
      }),
    );
    const job = await q.add('crawl-sources', { subjectId: 'metabolic', urls: [] }, { jobId: id, attempts: 1 });
    await failed;
    expect(await job.getState()).toBe('failed');
    return job;
  } finally {
    await worker.close();
  }
}

describe('the board refuses what a page elsewhere, or the board itself, must not do', () => {
  it('a form-style multipart POST to add a job is refused (403) and adds no job, even from the own origin', async () => {
    const before = await queue().count();
    const boundary = '----form';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\ncrawl-sources\r\n--${boundary}--\r\n`;
    for (const headers of [
      { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: 'https://evil.example' },
      { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: 'http://learn.test' },
      OWN,
    ]) {
      const res = await h.request('POST', `${BOARD_API}/add`, {
        token: admin,
        headers,
        body: headers === OWN ? { name: 'crawl-sources', data: { subjectId: 'metabolic', urls: [] } } : body,
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ statusCode: 403, message: expect.stringMatching(/does not add jobs/) });
    }
    expect(await queue().count()).toBe(before);
  });

  it('a cross-origin or same-site call is refused (403), JSON or not; the queue keeps running', async () => {
    const refused: Record<string, string>[] = [
      { ...OWN, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'content-type': 'application/json', origin: 'https://evil.example' },
      { ...OWN, origin: 'https://sub.learn.test', 'sec-fetch-site': 'same-site' },
      { 'content-type': 'application/json' }, // no Origin, no Sec-Fetch-Site: not the board's page
    ];
    for (const headers of refused) {
      const res = await h.request('PUT', PAUSE, { token: admin, headers, body: {} });
      expect(res.status).toBe(403);
      expect((res.body as { message: string }).message).toMatch(/only as JSON from the product's own pages/);
    }
    // a POST to the session route from elsewhere without the bearer header gets no cookie
    const session = await h.request('POST', '/api/admin/queues/session', {
      cookie: `lp_queues=${admin}`,
      headers: { origin: 'https://evil.example' },
    });
    expect(session.status).toBe(401);
    expect(await queue().isPaused()).toBe(false);
  });

  it('a text/plain or form-encoded call from the own origin is refused (403) with the cookie too', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await h.request('PUT', PAUSE, {
        cookie: `lp_queues=${admin}`,
        headers: { origin: 'http://learn.test', 'content-type': type },
        body: 'x=1',
      });
      expect(res.status).toBe(403);
    }
    expect(await queue().isPaused()).toBe(false);
  });

  it("update-data is refused (403) and the job's data stays as it was", async () => {
    const job = await queue().add('crawl-sources', { subjectId: 'metabolic', urls: [] }, { jobId: 'kept-data' });
    const res = await h.request('PATCH', `${BOARD_API}/kept-data/update-data`, {
      token: admin,
      headers: OWN,
      body: { subjectId: 'vagus-nerve', urls: ['http://169.254.169.254/'] },
    });
    expect(res.status).toBe(403);
    expect((res.body as { message: string }).message).toMatch(/does not add jobs or change job data/);
    expect((await queue().getJob('kept-data'))!.data).toEqual({ subjectId: 'metabolic', urls: [] });
    await job.remove();
  });

  it('retry and clean from the own origin still work, with a JSON body or none (as the board sends them)', async () => {
    await failedCrawlJob('to-retry');
    const retried = await h.request('PUT', `${BOARD_API}/to-retry/retry`, { token: admin, headers: OWN, body: {} });
    expect(retried.status).toBe(204);
    expect(await (await queue().getJob('to-retry'))!.getState()).toBe('waiting');
    await (await queue().getJob('to-retry'))!.remove();

    await failedCrawlJob('to-clean');
    const { 'content-type': _json, ...bodyless } = OWN;
    const cleaned = await h.request('PUT', `${BOARD_API}/to-clean/clean`, {
      cookie: `lp_queues=${admin}`,
      headers: bodyless,
    });
    expect([200, 204]).toContain(cleaned.status);
    expect(await queue().getJob('to-clean')).toBeUndefined();
  });

  it('an error inside the board answers an error id: no stack, no server path, even in development', async () => {
    const spy = jest.spyOn(queue(), 'getJobCounts').mockRejectedValue(new Error('ENOENT: /srv/app/secret/config.json'));
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development'; // where Bull Board's own handler adds the stack
    try {
      const res = await h.request('PUT', `${BOARD_API}/retry/failed`, { token: admin, headers: OWN, body: {} });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: expect.stringMatching(/^Something went wrong \(error id [0-9a-f-]{36}\)$/),
      });
      expect(JSON.stringify(res.body)).not.toMatch(/secret|\/srv|at |\.js/);
    } finally {
      process.env.NODE_ENV = env;
      spy.mockRestore();
    }
  });
});
