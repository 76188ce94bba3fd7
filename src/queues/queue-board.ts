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
import type { AuditAction, NewAuditEntry } from '../modules/audit/audit.types';

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

export const NOT_AUDITED_MESSAGE =
  'The queue dashboard does not make this change: it takes only the changes the audit trail records (pause, resume, retry, promote, clean, empty, remove)';

/**
 * The board's changes the product allows, each recorded in the audit trail right after it succeeded (the
 * queues live in Redis, outside PostgreSQL's transactions), by route and what the entry names: every queue
 * (pause or resume all), the queue of the path, or one of its jobs. Any other change is refused, so a board
 * upgrade that adds a route cannot change the queues unrecorded.
 */
const AUDITED_ROUTES = new Map<string, { action: AuditAction; target: 'every-queue' | 'queue' | 'job' }>(
  (
    [
      ['PUT', '/api/queues/pause', 'queue.pause', 'every-queue'],
      ['PUT', '/api/queues/resume', 'queue.resume', 'every-queue'],
      ['PUT', '/api/queues/:queueName/pause', 'queue.pause', 'queue'],
      ['PUT', '/api/queues/:queueName/resume', 'queue.resume', 'queue'],
      ['PUT', '/api/queues/:queueName/retry/:queueStatus', 'queue.retry', 'queue'],
      ['PUT', '/api/queues/:queueName/promote', 'queue.promote', 'queue'],
      ['PUT', '/api/queues/:queueName/clean/:queueStatus', 'queue.clean', 'queue'],
      ['PUT', '/api/queues/:queueName/empty', 'queue.empty', 'queue'],
      ['PUT', '/api/queues/:queueName/:jobId/retry', 'queue.job.retry', 'job'],
      ['PUT', '/api/queues/:queueName/:jobId/clean', 'queue.job.remove', 'job'],
      ['PUT', '/api/queues/:queueName/:jobId/promote', 'queue.job.promote', 'job'],
    ] as const
  ).map(([method, route, action, target]) => [`${method} ${QUEUE_BOARD_PATH}${route}`, { action, target }]),
);

/** The audit entries of a board change that succeeded: one per queue it changed. */
export function boardAuditEntries(
  routeKey: string,
  params: Record<string, string | undefined>,
  actorId: string,
  queueNames: readonly string[],
): NewAuditEntry[] {
  const audited = AUDITED_ROUTES.get(routeKey);
  if (!audited) return [];
  const { action, target } = audited;
  const status = params.queueStatus === undefined ? {} : { status: params.queueStatus };
  if (target === 'every-queue')
    return queueNames.map((queue) => ({
      actorId,
      action,
      target: { type: 'queue', id: queue },
      details: { queue, all: true },
    }));
  const queue = params.queueName ?? '';
  if (target === 'queue')
    return [{ actorId, action, target: { type: 'queue', id: queue }, details: { queue, ...status } }];
  const jobId = params.jobId ?? '';
  return [{ actorId, action, target: { type: 'queue_job', id: jobId }, details: { queue, jobId } }];
}

export interface QueueBoardOptions {
  queues: Queue[];
  /** an access token's live user with fresh roles, or null (AccessTokenService.verify) */
  verify(token: string): Promise<AuthUser | null>;
  /** cookies only over https (production) */
  secureCookie: boolean;
  /** the product's public URL (PUBLIC_URL): state-changing calls must come from its origin */
  publicUrl: string;
  /** appends to the audit trail (AuditService.record) */
  record(entry: NewAuditEntry): Promise<void>;
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
  const queueNames = opts.queues.map((q) => q.name);
  /** who made each request, for the audit entry of a change that succeeds */
  const actors = new WeakMap<FastifyRequest, AuthUser>();

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
        const routeKey = `${req.method} ${req.routeOptions.url}`;
        if (REFUSED_ROUTES.has(routeKey)) return refuse(reply, 403, NO_JOB_EDITS_MESSAGE);
        // The session route is exempt: it acts only on a bearer header, which no other site can send.
        if (req.routeOptions.url === `${QUEUE_BOARD_PATH}/session`) return;
        if (!isOwnPageCall(req.headers, ownOrigin)) return refuse(reply, 403, NOT_OWN_ORIGIN_MESSAGE);
        if (!AUDITED_ROUTES.has(routeKey)) return refuse(reply, 403, NOT_AUDITED_MESSAGE);
        actors.set(req, user);
      });

      // After the change, before its answer leaves: the entry is in the trail when the admin sees the result.
      scope.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const actor = actors.get(req);
        if (!actor || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
        const routeKey = `${req.method} ${req.routeOptions.url}`;
        const params = (req.params ?? {}) as Record<string, string | undefined>;
        for (const entry of boardAuditEntries(routeKey, params, actor.id, queueNames)) {
          try {
            await opts.record(entry);
          } catch (err) {
            // the change is made (in Redis) and cannot be taken back: the answer says so, the log keeps the entry
            logger.error(`queue dashboard change not audited: ${JSON.stringify(entry)}: ${(err as Error).message}`);
          }
        }
        return payload;
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
