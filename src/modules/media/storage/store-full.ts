import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { HttpException, HttpStatus } from '@nestjs/common';
import type { ByteRange, MediaStorage, StoredObjectInfo, StoredObjectSummary } from './media-storage';

export const MEDIA_STORE_FULL_MESSAGE =
  'The media store is full: the file was not saved. Free some space (or raise the quota) and try again.';

/**
 * 507 Insufficient Storage: a write to the media store failed for want of space. A render reports it as its
 * item's error, an upload answers it; nothing was stored under the key (stores write beside it and rename).
 */
export class MediaStoreFullException extends HttpException {
  constructor(cause?: unknown) {
    super(MEDIA_STORE_FULL_MESSAGE, HttpStatus.INSUFFICIENT_STORAGE, { cause });
  }
}

// No space left on the device; over the disk quota.
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

export function isStoreFull(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && FULL_CODES.has(code);
}

/** Passes every call on; subclasses change what they need. `localPath` only when the inner store has one. */
class DelegatingStorage implements MediaStorage {
  localPath?: (key: string) => string;

  constructor(protected readonly inner: MediaStorage) {
    if (inner.localPath) this.localPath = (key) => inner.localPath!(key);
  }

  put(key: string, from: string): Promise<{ size: number; sha256: string }> {
    return this.inner.put(key, from);
  }
  stat(key: string): Promise<StoredObjectInfo | null> {
    return this.inner.stat(key);
  }
  openRead(key: string, range?: ByteRange): Promise<Readable> {
    return this.inner.openRead(key, range);
  }
  withLocalCopy<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
    return this.inner.withLocalCopy(key, fn);
  }
  exists(key: string): Promise<boolean> {
    return this.inner.exists(key);
  }
  remove(key: string): Promise<void> {
    return this.inner.remove(key);
  }
  list(): AsyncIterable<StoredObjectSummary> {
    return this.inner.list();
  }
  removeIncompleteUploads(before: Date): Promise<number> {
    return this.inner.removeIncompleteUploads(before);
  }
}

/** A full disk (or quota) becomes MediaStoreFullException, with a message a Studio user can act on. */
export class FullStoreReporting extends DelegatingStorage {
  override async put(key: string, from: string): Promise<{ size: number; sha256: string }> {
    try {
      return await this.inner.put(key, from);
    } catch (err) {
      if (isStoreFull(err)) throw new MediaStoreFullException(err);
      throw err;
    }
  }
}

/**
 * Fault drills only (MEDIA_FAULT_ENOSPC_FILE, refused in production): while the file exists, every write fails
 * as a full disk's does (ENOSPC), before any byte reaches the store; remove the file and space is back.
 */
export class EnospcFaultStorage extends DelegatingStorage {
  constructor(
    inner: MediaStorage,
    private readonly faultFile: string,
  ) {
    super(inner);
  }

  override async put(key: string, from: string): Promise<{ size: number; sha256: string }> {
    if (existsSync(this.faultFile))
      throw Object.assign(new Error(`ENOSPC: no space left on device, write '${key}'`), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    return this.inner.put(key, from);
  }
}

/** The store as the media library uses it: full-store errors made clear, and the drills' fault when configured. */
export function withStoreErrors(store: MediaStorage, faultFile?: string): MediaStorage {
  return new FullStoreReporting(faultFile ? new EnospcFaultStorage(store, faultFile) : store);
}
