import Fastify from 'fastify';
import { appMetrics, METRIC_PREFIX, observeMediaWork, routeLabel, scrape } from './metrics';
import { bearerMatches, registerHttpMetrics, registerMetricsRoute } from './metrics-http';

// Prometheus's naming rules: snake case; counters end in _total; a unit suffix on what has one.
const NAME = /^[a-z_][a-z0-9_]*$/;
const UNITS = /_(seconds|bytes|total|connections|jobs|in_flight|per_media_second)$/;

describe('metric names', () => {
  it('are ours, snake case, and say their unit', async () => {
    const ours = (await appMetrics().registry.getMetricsAsJSON()).filter((m) => m.name.startsWith(METRIC_PREFIX));
    expect(ours.map((m) => m.name).sort()).toEqual([
      'lp_db_pool_connections',
      'lp_http_request_duration_seconds',
      'lp_http_requests_in_flight',
      'lp_job_duration_seconds',
      'lp_media_work_seconds_per_media_second',
      'lp_queue_jobs',
    ]);
    for (const m of ours) {
      expect(m.name).toMatch(NAME);
      expect(m.name).toMatch(UNITS);
      expect(m.help.length).toBeGreaterThan(10);
    }
  });

  it('include the process and event-loop metrics', async () => {
    const { body } = await scrape();
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(body).toMatch(/^process_resident_memory_bytes /m);
    expect(body).toMatch(/^nodejs_heap_size_used_bytes /m);
  });

  it('label a request by its route template, never its URL', async () => {
    const app = Fastify();
    registerHttpMetrics(app);
    app.get('/api/things/:id', async () => ({ ok: true }));
    await app.ready();
    for (const id of ['a', 'b', 'c']) expect((await app.inject({ url: `/api/things/${id}` })).statusCode).toBe(200);
    expect((await app.inject({ url: '/no/such/path' })).statusCode).toBe(404);
    const { body } = await scrape();
    expect(body).toContain(
      'lp_http_request_duration_seconds_count{method="GET",route="/api/things/:id",status_code="200"} 3',
    );
    expect(body).toContain('route="unmatched",status_code="404"');
    expect(body).not.toContain('/api/things/a');
    expect(body).toMatch(/^lp_http_requests_in_flight 0$/m);
    await app.close();
  });

  it('names an unmatched route "unmatched"', () => {
    expect(routeLabel(undefined)).toBe('unmatched');
    expect(routeLabel('/api/x/:id')).toBe('/api/x/:id');
  });

  it('observes work per media second, and nothing for no media', async () => {
    observeMediaWork('speech', 0.5, 2);
    observeMediaWork('speech', 1, 0);
    const { body } = await scrape();
    expect(body).toContain('lp_media_work_seconds_per_media_second_count{work="speech"} 1');
    expect(body).toContain('lp_media_work_seconds_per_media_second_sum{work="speech"} 0.25');
  });
});

describe('GET /metrics on the public port', () => {
  const serve = async (token: string | undefined) => {
    const app = Fastify();
    registerMetricsRoute(app, token);
    await app.ready();
    return app;
  };

  it('is a 404 without METRICS_TOKEN', async () => {
    const app = await serve(undefined);
    expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything' } })).statusCode).toBe(404);
    await app.close();
  });

  it("is answered before the learner site's catch-all page", async () => {
    for (const token of [undefined, 'a-long-metrics-token']) {
      const app = Fastify();
      registerMetricsRoute(app, token);
      // the shape of static-ui.ts's fallback: every unknown path gets the site's page
      app.get('/*', async (_req, reply) => reply.type('text/html').send('<!doctype html>'));
      await app.ready();
      const res = await app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(token ? 401 : 404);
      expect(res.body).not.toContain('<!doctype html>');
      await app.close();
    }
  });

  it('wants the bearer token', async () => {
    const app = await serve('a-long-metrics-token');
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const ok = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer a-long-metrics-token' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    await app.close();
  });

  it('compares the whole token', () => {
    expect(bearerMatches('Bearer abc', 'abc')).toBe(true);
    expect(bearerMatches('bearer abc', 'abc')).toBe(true);
    expect(bearerMatches('Bearer ab', 'abc')).toBe(false);
    expect(bearerMatches('Bearer abcd', 'abc')).toBe(false);
    expect(bearerMatches('abc', 'abc')).toBe(false);
    expect(bearerMatches(undefined, 'abc')).toBe(false);
  });
});
