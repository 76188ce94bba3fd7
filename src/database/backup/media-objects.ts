import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isValidStorageKey, type MediaStorage } from '../../modules/media/storage/media-storage';
import { S3Storage } from '../../modules/media/storage/s3-storage';

/**
 * Every object of the media store, as keys in a stable order: a local folder's files (without `*.part`, a
 * put that never finished), or a bucket's objects (ListObjectsV2, page by page).
 */
export async function listMediaKeys(storage: MediaStorage, localDir: string): Promise<string[]> {
  const keys: string[] = [];
  if (storage instanceof S3Storage) {
    let token: string | undefined;
    do {
      const page = await storage.client.send(
        new ListObjectsV2Command({ Bucket: storage.bucket, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } else {
    let entries;
    try {
      entries = await readdir(localDir, { withFileTypes: true, recursive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    for (const e of entries) {
      if (e.isFile()) keys.push(relative(localDir, join(e.parentPath, e.name)).split(sep).join('/'));
    }
  }
  return keys.filter((k) => !k.endsWith('.part') && isValidStorageKey(k)).sort();
}
