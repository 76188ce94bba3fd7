import type {} from '@fastify/multipart';
import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { multipartLimits, uploadTooLargeMessage } from '../../../common/http/body-guard';
import { makeWorkDir } from '../storage/work-dirs';

export const NOT_A_VIDEO_MESSAGE = 'Not a video file';
const FORM_SHAPE = 'send multipart/form-data with the subjectId field, then the video as the file field';

/** A received upload: the file in a temp folder of its own, removed by `remove()`. */
export interface ReceivedUpload {
  subjectId: string;
  path: string;
  /** the name the browser sent (only used, sanitised, in the stored file name) */
  originalName: string;
  remove(): Promise<void>;
}

/** Fastify's own client errors (a limit of the multipart parser, say) carry a 4xx status and an FST_ code. */
function isFastifyClientError(err: unknown): boolean {
  const e = err as { statusCode?: unknown; code?: unknown };
  return (
    typeof e?.statusCode === 'number' &&
    e.statusCode >= 400 &&
    e.statusCode < 500 &&
    typeof e.code === 'string' &&
    e.code.startsWith('FST_')
  );
}

/**
 * Reads `POST /api/admin/media`: the `subjectId` field (resolved first, so an unknown subject is refused
 * before any byte of the file is written), then the `file`, streamed to a temp file and cut off at
 * `maxBytes` (413). Anything malformed is a 400; the temp folder is gone whenever this throws.
 */
export async function receiveVideoUpload(
  req: FastifyRequest,
  opts: { maxBytes: number; resolveSubject: (input: string) => Promise<string> },
): Promise<ReceivedUpload> {
  if (!req.isMultipart()) throw new BadRequestException(`Not a multipart upload: ${FORM_SHAPE}`);
  let subjectId: string | null = null;
  let dir: string | null = null;
  try {
    for await (const part of req.parts({ limits: multipartLimits(opts.maxBytes) })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'subjectId')
          throw new BadRequestException(`Unknown field ${part.fieldname}: ${FORM_SHAPE}`);
        if (subjectId !== null) throw new BadRequestException('subjectId is sent twice');
        const value = typeof part.value === 'string' ? part.value.trim() : '';
        if (!value || part.valueTruncated || value.length > 200)
          throw new BadRequestException('subjectId must be a subject id, name or title');
        subjectId = await opts.resolveSubject(value);
        continue;
      }
      // the file's bytes must be read (or dropped) for the parser to go on; a refusal drops them
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new BadRequestException(`Unknown file field ${part.fieldname}: ${FORM_SHAPE}`);
      }
      if (subjectId === null) {
        part.file.resume();
        throw new BadRequestException(`subjectId is required before the file: ${FORM_SHAPE}`);
      }
      dir = await makeWorkDir('upload');
      const path = join(dir, 'upload');
      // the parser destroys the file stream of a body that ends inside the file (before the handler may have
      // seen the part); piping a stream destroyed already would never settle, so check just before piping
      if (part.file.destroyed) throw new BadRequestException(`The upload ended before the file did: ${FORM_SHAPE}`);
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw new PayloadTooLargeException(uploadTooLargeMessage(opts.maxBytes));
      const folder = dir;
      // fields after the file are not read: the upload is complete
      return {
        subjectId,
        path,
        originalName: part.filename ?? '',
        remove: () => rm(folder, { recursive: true, force: true }),
      };
    }
    throw new BadRequestException(
      subjectId === null ? `subjectId is required: ${FORM_SHAPE}` : `No file: ${FORM_SHAPE}`,
    );
  } catch (err) {
    if (dir) await rm(dir, { recursive: true, force: true });
    if (err instanceof HttpException || isFastifyClientError(err)) throw err;
    // busboy's errors (no boundary, a part cut short, malformed headers) describe the request
    throw new BadRequestException(`The upload is not a valid multipart/form-data body: ${FORM_SHAPE}`);
  }
}

/** The container by its first bytes: ISO-BMFF (`ftyp` at offset 4: mp4) or EBML (Matroska/WebM); else null. */
export async function videoContainerOf(path: string): Promise<'mp4' | 'webm' | null> {
  const head = Buffer.alloc(12);
  const file = await open(path, 'r');
  try {
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    if (bytesRead >= 8 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
    if (bytesRead >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
    return null;
  } finally {
    await file.close();
  }
}

/** The browser's file name as a safe stem (`[A-Za-z0-9._-]`, no extension), or `video`. */
export function safeStem(originalName: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '');
  const safe = stem
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 80)
    .replace(/[._-]+$/, '');
  return safe || 'video';
}
