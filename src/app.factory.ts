import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { type INestApplication, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { CONTENT_BODY_LIMIT, multipartLimits, registerBodyGuards } from './common/http/body-guard';
import { registerCompression } from './common/http/compression';
import { registerSecurityHeaders } from './common/http/security-headers';
import { registerStaticUi } from './common/http/static-ui';
import { REQUEST_ID_HEADER, requestIdFrom } from './common/request-id/request-id';
import { useMetricSources } from './common/metrics/metric-sources';
import { registerHttpMetrics, registerMetricsRoute } from './common/metrics/metrics-http';
import { MikroORM } from '@mikro-orm/core';
import { type AppConfig, loadConfig } from './config/config';
import { APP_CONFIG } from './config/config.module';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { AccessTokenService } from './modules/auth/access-token.service';
import { AuditService } from './modules/audit/audit.service';
import { mountQueueBoard, withQueueBoardPaths } from './queues/queue-board';
import { QUEUES } from './queues/queues';
import PRODUCT from '@lp/shared/product.json';

export const API_PREFIX = 'api';
/**
 * Outside /api: the health check, and the lecture scripts at the old product's path on our own origin.
 * packages/api-types/generate.mjs reads this too, so the OpenAPI document places them where they are served.
 */
export const API_PREFIX_OPTIONS = {
  exclude: ['health', { path: 'media/:subject/tts_scripts.json', method: RequestMethod.GET }],
};

export function createAdapter(config: AppConfig = loadConfig()): FastifyAdapter {
  return new FastifyAdapter({
    trustProxy: config.trustProxy,
    bodyLimit: CONTENT_BODY_LIMIT,
    // The caller's X-Request-Id when well formed, else a UUID: unique across APIs, unlike Fastify's counter.
    requestIdHeader: false,
    genReqId: (req: IncomingMessage) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
  });
}

/**
 * Security headers on every response. The CSP allows no inline script anywhere: the learner site
 * and the Studio are built bundles; lesson, tutor and note html is sanitised on the server and
 * can run no script under this policy either. Styles may be inline (MUI's emotion injects them);
 * lesson images and videos may come from any https origin.
 */
export function securityHeaders(config: AppConfig) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only where the site is served over https for real
    strictTransportSecurity: config.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    crossOriginEmbedderPolicy: false,
  };
}

/** Everything main.ts does to an application before it listens; the e2e tests apply the same. */
/**
 * The OpenAPI document: Nest's routes, and the one route of ours Nest does not see (the queue board's
 * session, in Bull Board's Fastify scope). packages/api-types/generate.mjs builds the UIs' types from it.
 */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(`${PRODUCT.name} API`)
    .setDescription('Learner, Studio and operator API. Errors are {statusCode, error, message}.')
    .setVersion('1')
    .addBearerAuth()
    .addCookieAuth('lp_refresh')
    .build();
  return withQueueBoardPaths(SwaggerModule.createDocument(app, config));
}

export async function configureApp(app: NestFastifyApplication): Promise<NestFastifyApplication> {
  const config = app.get<AppConfig>(APP_CONFIG);
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix(API_PREFIX, API_PREFIX_OPTIONS);
  app.enableShutdownHooks();
  const fastify = app.getHttpAdapter().getInstance();
  // every response names its request, errors and the board's and the UI's routes included
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  // request durations and in-flight requests, on every route registered after this
  registerHttpMetrics(fastify);
  // outside /api, registered before the learner site's catch-all; a 404 without METRICS_TOKEN
  registerMetricsRoute(fastify, config.metrics.token);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app.getHttpAdapter().getInstance(), securityHeaders(config));
  // brotli or gzip above 1 KiB; never on media ranges or event streams (src/common/http/compression.ts)
  await registerCompression(app.getHttpAdapter().getInstance());
  // Studio uploads (POST /api/admin/media): the handler streams the file to disk; size errors are its own 413s
  await app.register(fastifyMultipart, {
    limits: multipartLimits(config.media.uploadMaxBytes),
    throwFileSizeLimit: false,
  });
  registerBodyGuards(app.getHttpAdapter().getInstance(), { uploadMaxBytes: config.media.uploadMaxBytes });

  // Off in production unless API_DOCS asks for it: the document maps every route for a visitor.
  if (config.apiDocs)
    SwaggerModule.setup('api/docs', app, () => openApiDocument(app), {
      jsonDocumentUrl: 'api/docs/json',
    });

  const queues = Object.values(QUEUES).map((name) => app.get<Queue>(getQueueToken(name), { strict: false }));
  // the queue depth and the database pool, read when Prometheus scrapes
  useMetricSources(queues, app.get(MikroORM, { strict: false }));

  // Bull Board for admins, in its own Fastify scope with an auth hook on every request (src/queues/queue-board.ts)
  const tokens = app.get(AccessTokenService, { strict: false });
  const audit = app.get(AuditService, { strict: false });
  await mountQueueBoard(app.getHttpAdapter().getInstance(), {
    queues,
    verify: (token) => tokens.verify(token),
    secureCookie: config.auth.secureCookies,
    publicUrl: config.publicUrl,
    record: (entry) => audit.record(entry),
  });

  if (config.ui.serve) await registerStaticUi(app.getHttpAdapter().getInstance(), config);
  return app;
}

export async function createApp(): Promise<NestFastifyApplication> {
  // rawBody: Stripe webhook signatures are checked on the exact bytes received.
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createAdapter(), {
    bufferLogs: true,
    rawBody: true,
  });
  return configureApp(app);
}
