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

/** Routes that take a file as multipart/form-data: the Studio's video upload. */
const UPLOAD_ROUTES = [/^\/api\/admin\/media\/?(\?|$)/];
/** What a multipart body may carry besides the file: boundaries, part headers, a few short fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * A multipart upload to an upload route. @fastify/multipart reads such a body from the raw request
 * itself (its content-type parser only marks the request), so the byte counter below would never
 * see it and would only hold the stream up: its limits are the parser's (`limits` where it is
 * registered: the file size, one file, a few short fields), the declared length is checked here.
 */
export function isUpload(req: Pick<FastifyRequest, 'method' | 'url' | 'headers'>): boolean {
  const type = req.headers['content-type'];
  return (
    req.method === 'POST' &&
    typeof type === 'string' &&
    /^multipart\/form-data\b/i.test(type) &&
    UPLOAD_ROUTES.some((r) => r.test(req.url))
  );
}

/** 413 in the API's error shape; `statusCode` also tells Fastify's own handler, should it see it first. */
class BodyTooLarge extends PayloadTooLargeException {
  readonly statusCode = 413;
  constructor(limit: number, message = `Request body is larger than ${limit} bytes`) {
    super(message);
  }
}

export interface BodyGuardOptions {
  /** the largest file an upload route takes (MEDIA_UPLOAD_MAX_BYTES); its body may be this plus the overhead */
  uploadMaxBytes: number;
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

/**
 * What a multipart body may hold (busboy's limits, given to @fastify/multipart): one file of at most
 * `uploadMaxBytes`, a few short fields, and nothing else.
 */
export function multipartLimits(uploadMaxBytes: number) {
  return { fileSize: uploadMaxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 };
}

/** The 413 message of an upload over the limit (here and in the upload's own handler). */
export function uploadTooLargeMessage(maxBytes: number): string {
  const unit = (n: number, name: string) => `${Number.isInteger(n) ? n : n.toFixed(1)} ${name}`;
  const size =
    maxBytes >= 1024 * 1024
      ? unit(maxBytes / (1024 * 1024), 'MB')
      : maxBytes >= 1024
        ? unit(maxBytes / 1024, 'KB')
        : `${maxBytes} bytes`;
  return `The file is larger than the upload limit of ${size} (MEDIA_UPLOAD_MAX_BYTES)`;
}

const badRequest = (reply: FastifyReply, message: string) =>
  reply.status(400).send({ statusCode: 400, error: 'Bad Request', message });

/**
 * Request bodies are bounded before anything reads them and checked before any handler, guard
 * or pipe transforms them:
 * - size: small everywhere, larger only on the routes that carry content (413 beyond); a multipart
 *   upload to an upload route is bounded by the multipart parser's limits instead (see `isUpload`);
 * - depth: a body nested deeper than MAX_JSON_DEPTH is refused with 400 (class-transformer
 *   would otherwise recurse through it, overflow the stack and stall the event loop);
 * - text PostgreSQL cannot store (a NUL, or a lone UTF-16 surrogate, which no encoding can hold):
 *   it is never meaningful input here, so it is a bad request rather than a failed query.
 */
export function registerBodyGuards(fastify: FastifyInstance, opts: BodyGuardOptions) {
  fastify.addHook('preParsing', async (req: FastifyRequest, _reply: FastifyReply, payload) => {
    const declared = Number(req.headers['content-length']);
    if (isUpload(req)) {
      if (Number.isFinite(declared) && declared > opts.uploadMaxBytes + MULTIPART_OVERHEAD_BYTES)
        throw new BodyTooLarge(opts.uploadMaxBytes, uploadTooLargeMessage(opts.uploadMaxBytes));
      return payload;
    }
    const limit = bodyLimitFor(req.url);
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
