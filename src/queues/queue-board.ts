import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { bearerToken, MISSING_TOKEN_MESSAGE } from '../common/guards/jwt-auth.guard';

export const QUEUE_BOARD_PATH = '/api/admin/queues';
/** Holds the admin's access token for the dashboard's page and its JSON calls (a browser cannot send a bearer header on navigation). */
export const QUEUE_BOARD_COOKIE = 'lp_queues';
export const ADMIN_ONLY_MESSAGE = 'The queue dashboard needs the admin role';

export interface QueueBoardOptions {
  queues: Queue[];
  /** an access token's live user with fresh roles, or null (AccessTokenService.verify) */
  verify(token: string): Promise<AuthUser | null>;
  /** cookies only over https (production) */
  secureCookie: boolean;
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

  await fastify.register(
    async (scope) => {
      scope.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        const cookies = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
        const token = bearerToken(req.headers.authorization) ?? cookies?.[QUEUE_BOARD_COOKIE];
        if (!token) return refuse(reply, 401, MISSING_TOKEN_MESSAGE);
        const user = await opts.verify(token);
        if (!user) return refuse(reply, 401, 'Your session has ended: sign in again');
        if (!user.roles.includes('admin')) return refuse(reply, 403, ADMIN_ONLY_MESSAGE);
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
