import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a reader needs to answer conditional and ranged requests without opening the bytes. */
export interface StoredObjectInfo {
  size: number;
  modified: Date;
  /** a quoted (strong or weak) entity tag for the bytes under the key */
  etag: string;
  /** the bytes' sha256 (hex) when the store recorded it at the put (S3: object metadata) */
  sha256?: string;
}

/** Inclusive byte offsets, as in `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where the media library keeps its bytes: local disk (MEDIA_DIR) or an S3-compatible bucket. Readers go
 * through `stat`/`openRead`/`withLocalCopy`, so nothing outside a store needs to know where bytes live.
 */
export interface MediaStorage {
  /** copies the file at `from` in under `key` (atomically: readers see the old bytes or the new) */
  put(key: string, from: string): Promise<{ size: number; sha256: string }>;
  /** null when nothing is stored under the key */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** the bytes under the key, or the inclusive range of them; rejects when the key holds nothing */
  openRead(key: string, range?: ByteRange): Promise<Readable>;
  /** runs `fn` with a local file holding the bytes (a temp copy for remote stores, removed afterwards) */
  withLocalCopy<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /**
   * Local stores only: the path of the bytes, so streaming can hand it to @fastify/send (sendfile, its
   * own conditional and Range handling). Remote stores leave it out.
   */
  localPath?(key: string): string;
}
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid media storage key: ${JSON.stringify(key)}`);
  }
}

// Keys are made by the library from a subject id and a file name; anything else is refused, so no
// key can climb out of the root however it was built.
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isValidStorageKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split('/').some((part) => part === '.' || part === '..');
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** The bytes on local disk under one root folder. */
export class LocalDiskStorage implements MediaStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  localPath(key: string): string {
    assertValidStorageKey(key);
    const path = resolve(this.root, key);
    const rel = relative(this.root, path);
    if (rel === '' || rel.startsWith('..') || rel.split(sep).includes('..'))
      throw new Error('media key outside the root');
    return path;
  }

  async put(key: string, from: string): Promise<{ size: number; sha256: string }> {
    const target = this.localPath(key);
    await mkdir(dirname(target), { recursive: true });
    // copy beside the target, then rename over it: a stream in progress keeps reading the old inode
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await copyFile(from, temp);
      const [{ size }, sha256] = await Promise.all([stat(temp), sha256File(temp)]);
      await rename(temp, target);
      return { size, sha256 };
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    const path = this.localPath(key);
    try {
      const s = await stat(path);
      if (!s.isFile()) return null;
      // the tag @fastify/send gives the same file
      return { size: s.size, modified: s.mtime, etag: `W/"${s.size.toString(16)}-${s.mtime.getTime().toString(16)}"` };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async openRead(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.localPath(key);
    const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
    // surface a missing file as a rejection here, not as an error event on a stream already handed out
    await new Promise<void>((ok, fail) => {
      stream.once('open', () => ok());
      stream.once('error', fail);
    });
    return stream;
  }

  async withLocalCopy<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
    const path = this.localPath(key);
    await access(path);
    return fn(path);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.localPath(key));
      return true;
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }
}

const TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** The content type a media file is served with, by its extension (what @fastify/send picks locally). */
export function contentType(key: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}
