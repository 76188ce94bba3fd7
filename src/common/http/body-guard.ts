import { PayloadTooLargeException } from '@nestjs/common';
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Nesting beyond this is never a real request of this API (its deepest bodies have about four levels). */
export const MAX_JSON_DEPTH = 32;
/** Every route but the few that carry content. */
export const SMALL_BODY_LIMIT = 64 * 1024;
/** Routes that carry content: Studio node saves (html), payment webhooks. Fastify's own limit is the same. */
export const CONTENT_BODY_LIMIT = 1024 * 1024;
const CONTENT_ROUTES = [/^\/api\/studio\/nodes\/[^/?]+(\?|$)/, /^\/api\/webhooks\//];

export function bodyLimitFor(url: string): number {
  return CONTENT_ROUTES.some((r) => r.test(url)) ? CONTENT_BODY_LIMIT : SMALL_BODY_LIMIT;
}

/** 413 in the API's error shape; `statusCode` also tells Fastify's own handler, should it see it first. */
class BodyTooLarge extends PayloadTooLargeException {
  readonly statusCode = 413;
  constructor(limit: number) {
    super(`Request body is larger than ${limit} bytes`);
  }
}

/** Counts the bytes of a request body and fails the request once they pass `limit`. */
class LimitedBody extends Transform {
  private seen = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.limit) return done(new BodyTooLarge(this.limit));
    done(null, chunk);
  }
}

/**
 * Depth of a parsed JSON value, without recursion (a deeply nested body must not overflow the
 * stack here either); stops counting once `max` is passed.
 */
export function depthExceeds(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(v as Record<string, unknown>))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string of the request cannot be stored: a NUL, or a lone UTF-16 surrogate (not text at all). */
function textProblem(s: string): string | null {
  if (s.includes('\u0000')) return 'The request contains a NUL character';
  if (LONE_SURROGATE.test(s)) return 'The request contains malformed text (a lone UTF-16 surrogate)';
  return null;
}

function badText(value: unknown): string | null {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return problem;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
        const problem = textProblem(k);
        if (problem) return problem;
        stack.push(child);
      }
    }
  }
  return null;
}

const badRequest = (reply: FastifyReply, message: string) =>
  reply.status(400).send({ statusCode: 400, error: 'Bad Request', message });

/**
 * Request bodies are bounded before anything reads them and checked before any handler, guard
 * or pipe transforms them:
 * - size: small everywhere, larger only on the routes that carry content (413 beyond);
 * - depth: a body nested deeper than MAX_JSON_DEPTH is refused with 400 (class-transformer
 *   would otherwise recurse through it, overflow the stack and stall the event loop);
 * - text PostgreSQL cannot store (a NUL, or a lone UTF-16 surrogate, which no encoding can hold):
 *   it is never meaningful input here, so it is a bad request rather than a failed query.
 */
export function registerBodyGuards(fastify: FastifyInstance) {
  fastify.addHook('preParsing', async (req: FastifyRequest, _reply: FastifyReply, payload) => {
    const limit = bodyLimitFor(req.url);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge(limit);
    return payload.pipe(new LimitedBody(limit));
  });
  fastify.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (depthExceeds(req.body))
      return badRequest(reply, `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`);
    const problem = badText(req.params) ?? badText(req.query) ?? badText(req.body);
    if (problem) return badRequest(reply, problem);
  });
}
