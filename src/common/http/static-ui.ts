import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../../config/config';

function notFoundBody(url: string) {
  return { statusCode: 404, error: 'Not Found', message: `Cannot GET ${url.split('?')[0]}` };
}

/**
 * Serves the built learner site at / and the Studio at /studio from the API's own
 * origin. Files are served as they are; every other GET outside /api falls back to
 * the app's index.html so client-side routes (and the 404 page) work on reload.
 */
export async function registerStaticUi(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const apps = [
    { prefix: '/studio/', dist: config.ui.adminDist },
    { prefix: '/', dist: config.ui.learnerDist },
  ].filter((a) => existsSync(join(a.dist, 'index.html')));

  for (const [i, app] of apps.entries()) {
    // wildcard: false registers one route per built file, leaving unknown paths to the fallback below.
    await fastify.register(fastifyStatic, {
      root: app.dist,
      prefix: app.prefix,
      wildcard: false,
      decorateReply: i === 0,
      index: false,
    });
  }

  const indexes = new Map(apps.map((a) => [a.prefix, readFileSync(join(a.dist, 'index.html'), 'utf8')]));
  const missing = (name: string) =>
    `<!doctype html><title>Not built</title><p>The ${name} has not been built. Run <code>npm run build:ui</code> or <code>npm start</code>.</p>`;

  const fallback = (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/') || path === '/health') {
      return reply.status(404).send(notFoundBody(req.url));
    }
    const isStudio = path === '/studio' || path.startsWith('/studio/');
    const html = indexes.get(isStudio ? '/studio/' : '/') ?? missing(isStudio ? 'Studio' : 'learner site');
    return reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  fastify.get('/', fallback);
  fastify.get('/*', fallback);
}
