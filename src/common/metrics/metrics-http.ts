import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appMetrics, routeLabel, scrape } from './metrics';

const started = Symbol('metricsStarted');
type Timed = FastifyRequest & { [started]?: bigint };

/**
 * Request durations and requests in flight, for every route of this Fastify instance (Nest's, the queue
 * board's, the UI's files). Added before anything else, so every later scope inherits the hooks.
 */
export function registerHttpMetrics(fastify: FastifyInstance): void {
  const m = appMetrics();
  fastify.addHook('onRequest', (req: Timed, _reply, done) => {
    req[started] = process.hrtime.bigint();
    m.httpInFlight.inc();
    done();
  });
  const end = (req: Timed, reply: FastifyReply) => {
    const t0 = req[started];
    if (t0 === undefined) return;
    req[started] = undefined;
    m.httpInFlight.dec();
    m.httpDuration.observe(
      { method: req.method, route: routeLabel(req.routeOptions.url), status_code: String(reply.statusCode) },
      Number(process.hrtime.bigint() - t0) / 1e9,
    );
  };
  fastify.addHook('onResponse', (req: Timed, reply, done) => {
    end(req, reply);
    done();
  });
  // a client that hung up gets no onResponse: the request leaves the in-flight count all the same
  fastify.addHook('onRequestAbort', (req: Timed, done) => {
    if (req[started] !== undefined) {
      req[started] = undefined;
      m.httpInFlight.dec();
    }
    done();
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer (.+)$/i.exec(header ?? '');
  return !!m && timingSafeEqual(digest(m[1]), digest(token));
}

/**
 * GET /metrics on the public port, for a scraper holding METRICS_TOKEN. Without a token configured the
 * route still exists, as a 404, so the learner site's catch-all does not answer it with its page.
 */
export function registerMetricsRoute(fastify: FastifyInstance, token: string | undefined): void {
  fastify.get('/metrics', async (req, reply) => {
    if (!token) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Metrics are off' });
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ statusCode: 401, error: 'Unauthorized', message: 'A valid metrics token is required' });
    }
    const { contentType, body } = await scrape();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}

/**
 * The metrics on their own port, on loopback only (a sidecar or a local Prometheus scrapes it without
 * a token): METRICS_PORT for an API, WORKER_METRICS_PORT for a worker, which has no HTTP server else.
 */
export function startMetricsServer(port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n');
      return;
    }
    scrape().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
