import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { bearerToken, MISSING_TOKEN_MESSAGE } from '../common/guards/jwt-auth.guard';

export const QUEUE_BOARD_PATH = '/api/admin/queues';
/** Holds the admin's access token for the dashboard's page and its JSON calls (a browser cannot send a bearer header on navigation). */
export const QUEUE_BOARD_COOKIE = 'lp_queues';
export const ADMIN_ONLY_MESSAGE = 'The queue dashboard needs the admin role';
export const NOT_OWN_ORIGIN_MESSAGE =
  "The queue dashboard takes changes only as JSON from the product's own pages (same origin)";
export const NO_JOB_EDITS_MESSAGE =
  'The queue dashboard does not add jobs or change job data: start work from the Studio, where it is checked';

/**
 * Bull Board routes that would let whoever holds the board create a job or rewrite a job's data, skipping
 * every check the API makes before it enqueues (payload validation, entitlements, the jobs table): refused
 * whatever the origin. The scheduler update sets the data of the jobs a scheduler makes, so it is one too.
 */
const REFUSED_ROUTES = new Set(
  [
    ['POST', '/api/queues/:queueName/add'],
    ['PATCH', '/api/queues/:queueName/:jobId/update-data'],
    ['PATCH', '/api/queues/:queueName/job-schedulers/:schedulerId'],
  ].map(([method, route]) => `${method} ${QUEUE_BOARD_PATH}${route}`),
);

export interface QueueBoardOptions {
  queues: Queue[];
  /** an access token's live user with fresh roles, or null (AccessTokenService.verify) */
  verify(token: string): Promise<AuthUser | null>;
  /** cookies only over https (production) */
  secureCookie: boolean;
  /** the product's public URL (PUBLIC_URL): state-changing calls must come from its origin */
  publicUrl: string;
}

/**
 * The board's own routes are Bull Board's (not part of the product's API); its session route is ours, and
 * the Studio calls it, so the document lists it (Nest cannot see routes of a plain Fastify scope).
 */
export function withQueueBoardPaths<D extends { paths: Record<string, object> }>(document: D): D {
  const refused = (description: string) => ({
    description,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } },
        },
      },
    },
  });
  document.paths[`${QUEUE_BOARD_PATH}/session`] = {
    post: {
      operationId: 'QueueBoard_session',
      tags: ['queues'],
      summary: "Start a queue dashboard session: the caller's access token goes into an httpOnly cookie for the board",
      security: [{ bearer: [] }],
      responses: {
        204: { description: 'the lp_queues cookie is set (15 minutes, this path only)' },
        401: refused('no bearer token, or the session has ended'),
        403: refused(ADMIN_ONLY_MESSAGE),
      },
    },
  };
  return document;
}

const logger = new Logger('QueueBoard');
type BoardErrorAnswer = ReturnType<Parameters<FastifyAdapter['setErrorHandler']>[0]>;
type BoardStatus = NonNullable<BoardErrorAnswer['status']>;

/**
 * Whether a state-changing call is one the board's own page made: from the product's origin (the `Origin`
 * header, or `Sec-Fetch-Site: same-origin` where a proxy rewrote the host) and with a JSON body or none
 * (the board's client sends retry, clean, pause… as bodyless PUTs). Browsers send `Origin` on every
 * cross-origin POST, and no HTML form can send JSON, so a page elsewhere cannot drive the board with the
 * admin's cookie even where SameSite does not hold (same-site subdomains, old browsers).
 */
export function isOwnPageCall(headers: FastifyRequest['headers'], ownOrigin: string): boolean {
  const origin = headers.origin;
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return false;
  if (origin !== ownOrigin && fetchSite !== 'same-origin') return false;
  const type = headers['content-type'];
  if (type === undefined) {
    const length = headers['content-length'];
    return headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
  }
  return /^application\/json\s*(;|$)/i.test(type);
}

const refuse = (reply: FastifyReply, statusCode: 401 | 403, message: string) =>
  reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .send({ statusCode, error: statusCode === 401 ? 'Unauthorized' : 'Forbidden', message });

/**
 * Bull Board over every queue at /api/admin/queues, for admins only. It is mounted in a Fastify scope of
 * its own whose onRequest hook checks every request (the page, its static files and its JSON API that
 * pauses, retries and cleans queues): a bearer token, or the `lp_queues` cookie set by
 * `POST /api/admin/queues/session`, must name a live session whose user has the admin role now.
 */
export async function mountQueueBoard(fastify: FastifyInstance, opts: QueueBoardOptions): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: opts.queues.map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Queues' } },
  });
  // Bull Board's own handler answers with the error's message, and its stack under NODE_ENV=development:
  // server paths and internals. Ours logs them under an id and answers with the id only.
  serverAdapter.setErrorHandler((error: Error & { statusCode?: number }): BoardErrorAnswer => {
    const status = (
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    ) as BoardStatus;
    if (status === 500) {
      const errorId = randomUUID();
      logger.error(`queue dashboard error ${errorId}: ${error.stack ?? error.message}`);
      return {
        status,
        body: {
          statusCode: 500,
          error: 'Internal Server Error',
          message: `Something went wrong (error id ${errorId})`,
        },
      };
    }
    const error_ = STATUS_CODES[status] ?? 'Bad Request';
    return { status, body: { statusCode: status, error: error_, message: 'The request could not be read' } };
  });
  const ownOrigin = new URL(opts.publicUrl).origin;

  await fastify.register(
    async (scope) => {
      scope.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        const cookies = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
        const token = bearerToken(req.headers.authorization) ?? cookies?.[QUEUE_BOARD_COOKIE];
        if (!token) return refuse(reply, 401, MISSING_TOKEN_MESSAGE);
        const user = await opts.verify(token);
        if (!user) return refuse(reply, 401, 'Your session has ended: sign in again');
        if (!user.roles.includes('admin')) return refuse(reply, 403, ADMIN_ONLY_MESSAGE);
        if (req.method === 'GET' || req.method === 'HEAD') return;
        if (REFUSED_ROUTES.has(`${req.method} ${req.routeOptions.url}`))
          return refuse(reply, 403, NO_JOB_EDITS_MESSAGE);
        // The session route is exempt: it acts only on a bearer header, which no other site can send.
        if (req.routeOptions.url === `${QUEUE_BOARD_PATH}/session`) return;
        if (!isOwnPageCall(req.headers, ownOrigin)) return refuse(reply, 403, NOT_OWN_ORIGIN_MESSAGE);
      });

      // The Studio calls this with its bearer token, then opens the page: the cookie carries the same
      // short-lived token (httpOnly, this path only, SameSite=Strict so no other site can use it).
      scope.post('/session', async (req, reply) => {
        const token = bearerToken(req.headers.authorization);
        if (!token) return refuse(reply, 401, 'Start a dashboard session with your bearer token');
        (reply as FastifyReply & { setCookie: (n: string, v: string, o: object) => FastifyReply }).setCookie(
          QUEUE_BOARD_COOKIE,
          token,
          { path: QUEUE_BOARD_PATH, httpOnly: true, sameSite: 'strict', secure: opts.secureCookie, maxAge: 15 * 60 },
        );
        return reply.code(204).send();
      });

      await scope.register(serverAdapter.registerPlugin());
    },
    { prefix: QUEUE_BOARD_PATH },
  );
}
