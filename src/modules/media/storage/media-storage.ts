import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Where the media library keeps its bytes: local disk now (MEDIA_DIR), an S3-compatible store later. */
export interface MediaStorage {
  /** copies the file at `from` in under `key` (atomically: readers see the old bytes or the new) */
  put(key: string, from: string): Promise<{ size: number; sha256: string }>;
  /** what @fastify/send streams from */
  localPath(key: string): string;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

// Keys are made by the library from a subject id and a file name; anything else is refused, so no
// key can climb out of the root however it was built.
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isValidStorageKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split('/').some((part) => part === '.' || part === '..');
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
    if (!isValidStorageKey(key)) throw new Error(`invalid media storage key: ${JSON.stringify(key)}`);
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
