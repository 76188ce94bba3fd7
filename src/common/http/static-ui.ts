import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { AppConfig } from '../../config/config';

function notFoundBody(url: string) {
  return { statusCode: 404, error: 'Not Found', message: `Cannot GET ${url.split('?')[0]}` };
}

/** Vite's output folder for content-hashed files: a new build gives them new names. */
const HASHED_DIR = `assets${sep}`;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicons): revalidated on every use (ETag, Last-Modified). */
export const REVALIDATE = 'no-cache';

/**
 * Serves the built learner site at / and the Studio at /studio from the API's own
 * origin. Every other GET outside /api falls back to the app's index.html so client-side
 * routes (and the 404 page) work on reload. The builds write a brotli and a gzip copy
 * next to each compressible file (`.br`, `.gz`, see scripts/vite-precompress.mjs): the one the
 * client accepts is sent as it is, with Content-Encoding and `Vary: accept-encoding`.
 * Hashed files are cached for a year; index.html is revalidated, so a deploy shows at once.
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
      preCompressed: true,
      // the compressed copies are variants of their file, not routes of their own
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', relative(app.dist, path).startsWith(HASHED_DIR) ? IMMUTABLE : REVALIDATE);
      },
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
    return reply.status(200).header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(html);
  };
  fastify.get('/', fallback);
  fastify.get('/*', fallback);
}
