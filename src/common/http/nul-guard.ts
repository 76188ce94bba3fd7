import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value as Record<string, unknown>).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * PostgreSQL cannot store a NUL character and refuses a query that binds one. Text with NUL is
 * never meaningful input here, so it is refused as a bad request before any handler runs.
 */
export function registerNulGuard(fastify: FastifyInstance) {
  fastify.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (hasNul(req.params) || hasNul(req.query) || hasNul(req.body)) {
      return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: 'The request contains a NUL character' });
    }
  });
}
