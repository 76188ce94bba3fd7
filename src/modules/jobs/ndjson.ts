import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A run's events as NDJSON lines; losing the run (Redis gone) ends the stream with an `error` line. */
export async function* ndjsonLines(events: AsyncIterable<unknown>): AsyncGenerator<string> {
  try {
    for await (const event of events) yield `${JSON.stringify(event)}\n`;
  } catch (err) {
    yield `${JSON.stringify({ type: 'error', message: `Lost the run: ${(err as Error).message}` })}\n`;
  }
}

/** Answers a request with events as `application/x-ndjson`, each line flushed as it comes. */
export function sendNdjson(reply: FastifyReply, events: AsyncIterable<unknown>): FastifyReply {
  return (
    reply
      .status(200)
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      // proxies must pass each line on as it comes
      .header('x-accel-buffering', 'no')
      .send(Readable.from(ndjsonLines(events), { objectMode: false }))
  );
}
