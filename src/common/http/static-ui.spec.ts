import Fastify, { type FastifyInstance } from 'fastify';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../config/config';
import { registerStaticUi } from './static-ui';

const ROBOTS = join(__dirname, '..', '..', '..', 'learner-ui', 'public', 'robots.txt');

describe('the learner site’s robots.txt (issue 26 §10)', () => {
  let fastify: FastifyInstance;

  beforeAll(async () => {
    // A learner build as Vite makes it: index.html, and public/ copied beside it.
    const learnerDist = mkdtempSync(join(tmpdir(), 'lp-static-'));
    writeFileSync(join(learnerDist, 'index.html'), '<!doctype html><title>LearnPath</title>');
    copyFileSync(ROBOTS, join(learnerDist, 'robots.txt'));
    fastify = Fastify();
    const config = { ui: { serve: true, learnerDist, adminDist: join(learnerDist, 'no-studio') } } as AppConfig;
    await registerStaticUi(fastify, config);
    await fastify.ready();
  });
  afterAll(() => fastify.close());

  it('says what crawlers may read: the site, not the API or the Studio', () => {
    expect(readFileSync(ROBOTS, 'utf8')).toBe('User-agent: *\nDisallow: /api/\nDisallow: /studio\nAllow: /\n');
  });

  it('is served as a text/plain file, not the single-page app’s fallback', async () => {
    const res = await fastify.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(readFileSync(ROBOTS, 'utf8'));
    // while an app route still gets index.html
    const page = await fastify.inject({ method: 'GET', url: '/graph' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});
