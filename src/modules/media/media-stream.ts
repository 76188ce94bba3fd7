import { send } from '@fastify/send';
import { ForbiddenException, HttpException, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { basename, dirname } from 'node:path';

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
