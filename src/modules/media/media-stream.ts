import { send } from '@fastify/send';
import { applyDecorators, ForbiddenException, HttpException, NotFoundException } from '@nestjs/common';
import {
  ApiHeader,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiPartialContentResponse,
  ApiResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { basename, dirname } from 'node:path';
import { Readable } from 'node:stream';
import type { MediaStreamTarget } from './media-library.service';
import type { ByteRange, StoredObjectInfo } from './storage/media-storage';
import { contentType } from './storage/media-storage';

/** What the media library holds, by kind: speech (mp3), videos (mp4, or WebM as uploaded) and their captions. */
const MEDIA_CONTENT_TYPES = ['audio/mpeg', 'video/mp4', 'video/webm', 'text/vtt'] as const;

const mediaBytes = Object.fromEntries(
  MEDIA_CONTENT_TYPES.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }]),
);

/** The answers of a route that ends in `streamMediaFile`, for the OpenAPI document. */
export function ApiMediaFileResponses(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiHeader({
      name: 'Range',
      required: false,
      description: 'one byte range, `bytes=first-last` (media players send it)',
    }),
    ApiOkResponse({
      description: 'the whole file, its content type by its extension',
      content: mediaBytes,
      headers: {
        'Accept-Ranges': { description: 'bytes', schema: { type: 'string' } },
        ETag: { schema: { type: 'string' } },
        'Last-Modified': { schema: { type: 'string' } },
      },
    }),
    ApiPartialContentResponse({
      description: 'the byte range asked for with `Range: bytes=…`',
      content: mediaBytes,
      headers: { 'Content-Range': { description: 'bytes first-last/size', schema: { type: 'string' } } },
    }),
    ApiNotModifiedResponse({ description: 'unchanged since the ETag or date in If-None-Match / If-Modified-Since' }),
    ApiResponse({ status: 416, description: 'the range starts past the end of the file' }),
  );
}

/**
 * Streams one file with HTTP Range (200, 206, 416; conditional requests): from local disk through
 * @fastify/send, from a bucket by a ranged GET proxied through (same statuses and headers).
 * Media is personal (signed per user) and must not be kept by shared caches.
 */
export async function streamMediaFile(
  req: FastifyRequest,
  reply: FastifyReply,
  target: MediaStreamTarget,
): Promise<void> {
  if (target.storage.localPath) return sendLocalFile(req, reply, target.storage.localPath(target.key));
  return proxyStoredObject(req, reply, target);
}

async function sendLocalFile(req: FastifyRequest, reply: FastifyReply, path: string): Promise<void> {
  const result = await send(req.raw, `/${encodeURIComponent(basename(path))}`, {
    root: dirname(path),
    acceptRanges: true,
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
    extensions: false,
  });
  if (result.type === 'error' && result.statusCode !== 416) {
    result.stream.destroy();
    if (result.statusCode === 404) throw new NotFoundException('Media file not found');
    if (result.statusCode === 403) throw new ForbiddenException();
    throw new HttpException('Could not read the media file', result.statusCode);
  }
  reply.header('Cache-Control', 'private, no-store').header('X-Content-Type-Options', 'nosniff');
  if (result.statusCode === 416) {
    result.stream.destroy();
    await rangeNotSatisfiable(reply, result.headers['Content-Range'] as string);
    return;
  }
  await reply.status(result.statusCode).headers(result.headers).send(result.stream);
}

function rangeNotSatisfiable(reply: FastifyReply, contentRange: string) {
  return reply.status(416).header('Content-Range', contentRange).send({
    statusCode: 416,
    error: 'Range Not Satisfiable',
    message: 'The requested range is past the end of the file',
  });
}

// @fastify/send's own Range parser (range-parser's rules), so a bucket answers a Range as the disk does
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parseBytesRange } = require('@fastify/send/lib/parseBytesRange') as {
  parseBytesRange: (size: number, header: string) => { start: number; end: number }[];
};

/**
 * The Range to serve, as @fastify/send decides it: null serves the whole file (no Range, another unit,
 * a malformed header, several ranges); 'unsatisfiable' is a 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header || !/^ *bytes=/.test(header)) return null;
  const ranges = parseBytesRange(size, header);
  if (ranges.length === 0) return 'unsatisfiable';
  if (ranges.length > 1) return null;
  return { start: ranges[0].start, end: ranges[0].end };
}

function notModified(req: FastifyRequest, info: StoredObjectInfo): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch) {
    const tags = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(info.etag.replace(/^W\//, ''));
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(info.modified.getTime() / 1000) * 1000 <= since;
}

/** If-Range: the range holds only while the tag or date still names these bytes. */
function rangeStillValid(req: FastifyRequest, info: StoredObjectInfo): boolean {
  const ifRange = req.headers['if-range'];
  if (typeof ifRange !== 'string' || !ifRange) return true;
  if (ifRange.includes('"')) return ifRange.trim() === info.etag;
  const at = Date.parse(ifRange);
  return Number.isFinite(at) && Math.floor(info.modified.getTime() / 1000) * 1000 <= at;
}

async function proxyStoredObject(req: FastifyRequest, reply: FastifyReply, target: MediaStreamTarget): Promise<void> {
  const info = await target.storage.stat(target.key);
  if (!info) throw new NotFoundException('Media file not found');
  reply
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Accept-Ranges', 'bytes')
    .header('ETag', info.etag)
    .header('Last-Modified', info.modified.toUTCString());
  if (notModified(req, info)) {
    await reply.status(304).send();
    return;
  }
  const range = rangeStillValid(req, info) ? parseRange(req.headers.range, info.size) : null;
  if (range === 'unsatisfiable') {
    await rangeNotSatisfiable(reply, `bytes */${info.size}`);
    return;
  }
  if (info.size === 0) {
    await reply.status(200).header('Content-Type', contentType(target.key)).header('Content-Length', 0).send('');
    return;
  }
  reply.header('Content-Type', contentType(target.key));
  if (range) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('Content-Length', range.end - range.start + 1);
  } else {
    reply.status(200).header('Content-Length', info.size);
  }
  // HEAD: the headers alone, without opening a GET on the store (an empty stream keeps Content-Length;
  // an empty body would set it to 0)
  if (req.method === 'HEAD') {
    await reply.send(Readable.from([]));
    return;
  }
  const stream = await target.storage.openRead(target.key, range ?? undefined);
  // a client that goes away mid-file must not leave the bucket's socket open
  req.raw.once('close', () => stream.destroy());
  await reply.send(stream);
}
