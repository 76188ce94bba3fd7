import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
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

/** One stored object as a listing names it. */
export interface StoredObjectSummary {
  key: string;
  modified: Date;
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
   * Every object the store holds under a key the library could use, with when it was written (any order,
   * paged by the store): what the media sweeper compares with the library's rows. Uploads in progress
   * are not objects yet and are not listed.
   */
  list(): AsyncIterable<StoredObjectSummary>;
  /**
   * Removes uploads begun before `before` and never finished (S3: open multipart uploads, whose parts are
   * stored and billed but belong to no object; local disk: the temp file of a copy that died); how many.
   */
  removeIncompleteUploads(before: Date): Promise<number>;
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

  async *list(): AsyncIterable<StoredObjectSummary> {
    for await (const { key, path } of this.walk()) {
      if (PART_FILE.test(key) || !isValidStorageKey(key)) continue;
      const s = await stat(path).catch(() => null); // removed since the folder was read
      if (s?.isFile()) yield { key, modified: s.mtime };
    }
  }

  async removeIncompleteUploads(before: Date): Promise<number> {
    let removed = 0;
    for await (const { key, path } of this.walk()) {
      if (!PART_FILE.test(key)) continue;
      const s = await stat(path).catch(() => null);
      if (!s?.isFile() || s.mtime >= before) continue;
      await rm(path, { force: true });
      removed++;
    }
    return removed;
  }

  /** Every file under the root, its key written with `/`; a folder that is gone (or not there yet) is empty. */
  private async *walk(dir = this.root): AsyncIterable<{ key: string; path: string }> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory()) yield* this.walk(path);
      else if (e.isFile()) yield { key: relative(this.root, path).split(sep).join('/'), path };
    }
  }
}

/** The temp file `put` copies into before its rename (`<key>.<12 hex>.part`). */
const PART_FILE = /\.[0-9a-f]{12}\.part$/;

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
