import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
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
    expect((await h.request('PUT', PAUSE, { token: admin })).status).toBe(200);
    expect(await queue().isPaused()).toBe(true);
    expect(
      (await h.request('PUT', `/api/admin/queues/api/queues/${QUEUES.crawl}/resume`, { token: admin })).status,
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
