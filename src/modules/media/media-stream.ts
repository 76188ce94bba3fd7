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
 * Streams one file with HTTP Range (200, 206, 416; conditional requests) through @fastify/send.
 * Media is personal (signed per user) and must not be kept by shared caches.
 */
export async function streamMediaFile(req: FastifyRequest, reply: FastifyReply, path: string): Promise<void> {
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
    await reply.status(416).header('Content-Range', result.headers['Content-Range']).send({
      statusCode: 416,
      error: 'Range Not Satisfiable',
      message: 'The requested range is past the end of the file',
    });
    return;
  }
  await reply.status(result.statusCode).headers(result.headers).send(result.stream);
}
