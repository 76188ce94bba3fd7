import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constants } from 'node:zlib';

/** Smaller answers are sent as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * What is worth compressing: html, css, scripts, JSON, XML, SVG. Not media (already compressed, and
 * served with byte ranges), not captions (media too), and not the streams that must reach the client
 * event by event: NDJSON progress streams and server-sent events would sit in the compressor's buffer.
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream|vtt)[\w.+-]+|application\/(?:json|javascript|xml|manifest\+json|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * Compresses answers with brotli or gzip, whichever the client prefers (brotli at quality 4: most of
 * the gain for a fraction of the time of 11). Request bodies are never decompressed: the body limits
 * and the webhooks' signature checks read the bytes as they were sent.
 */
export async function registerCompression(fastify: FastifyInstance): Promise<void> {
  // A partial answer (206, or any answer naming a byte range) must stay in its bytes; and a stream whose
  // length is known and small is not worth it either (the plugin checks the threshold on buffers only).
  // `x-no-compression` on the request is the plugin's own per-answer opt-out.
  fastify.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const length = Number(reply.getHeader('content-length'));
    if (reply.statusCode === 206 || reply.hasHeader('content-range') || (length > 0 && length < COMPRESSION_THRESHOLD))
      req.raw.headers['x-no-compression'] = '1';
    done(null, payload);
  });
  await fastify.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: isCompressible,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
