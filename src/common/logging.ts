import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { LoggerModule } from 'nestjs-pino';
import { type AppConfig } from '../config/config';
import { currentRequestContext } from './request-id/request-id';
import { APP_CONFIG } from '../config/config.module';

/** Structured JSON logs (pretty only when LOG_PRETTY is set); credentials never reach a log line. */
export function createLoggerModule(name: 'api' | 'worker') {
  return LoggerModule.forRootAsync({
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => ({
      pinoHttp: {
        name,
        level: config.log.level,
        transport: config.log.pretty
          ? { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname,req,res' } }
          : undefined,
        redact: {
          paths: [
            'req.headers.authorization',
            'req.headers.cookie',
            'res.headers["set-cookie"]',
            '*.password',
            '*.token',
          ],
          censor: '[redacted]',
        },
        // originalUrl: the middleware runs mounted on the API's routes, where req.url has lost its `/api` prefix
        // (so testing req.url alone logged no request at all)
        autoLogging: {
          ignore: (req) => {
            const url = (req as { originalUrl?: string }).originalUrl ?? req.url;
            return url === '/health' || !url?.startsWith('/api');
          },
        },
        // Fastify's request id (X-Request-Id or a UUID, app.factory.ts), not pino-http's per-process counter
        genReqId: (req: { id?: unknown }) => (req.id === undefined ? randomUUID() : String(req.id)),
        // the request a handler or a worker's job works for, on each of its lines (request-id.ts)
        mixin: () => {
          const c = currentRequestContext();
          if (!c) return {};
          return {
            ...(c.requestId ? { requestId: c.requestId } : {}),
            ...(c.jobId ? { jobId: c.jobId, queue: c.queue } : {}),
          };
        },
        // on every line through the root logger: customProps would make one more child logger per request
        base: { pid: process.pid, hostname: hostname(), service: name },
      },
    }),
  });
}
