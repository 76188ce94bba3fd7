import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isValidStorageKey, type MediaStorage, sha256File } from './media-storage';

export interface CopyReport {
  copied: string[];
  skipped: string[];
  /** key (or path) and why */
  failed: { key: string; reason: string }[];
}

/** Every regular file under a folder, as keys relative to it with `/`, in a stable order. */
async function keysUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

async function sha256Of(storage: MediaStorage, key: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(await storage.openRead(key), hash);
  return hash.digest('hex');
}

/**
 * Copies a MEDIA_DIR into another store (the bucket), resumably: a key already there with the same size
 * and sha256 is skipped (the hash from the object's metadata, else from its bytes), so a run that was
 * stopped goes on where it was. Each copied object is read back and its size and sha256 compared with
 * the file's. `*.part` files are a local put that never finished and are left out.
 */
export async function copyMediaDir(
  dir: string,
  target: MediaStorage,
  log: (line: string) => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: [], skipped: [], failed: [] };
  for (const key of await keysUnder(dir)) {
    if (key.endsWith('.part')) continue;
    if (!isValidStorageKey(key)) {
      report.failed.push({ key, reason: 'not a name the media library could hold' });
      log(`refused ${key}: not a name the media library could hold`);
      continue;
    }
    const path = join(dir, ...key.split('/'));
    try {
      const [{ size }, sha256] = await Promise.all([stat(path), sha256File(path)]);
      const there = await target.stat(key);
      if (there && there.size === size && (there.sha256 ?? (await sha256Of(target, key))) === sha256) {
        report.skipped.push(key);
        continue;
      }
      await target.put(key, path);
      const stored = await target.stat(key);
      if (stored?.size !== size) throw new Error(`stored ${stored?.size ?? 'nothing'} bytes, the file has ${size}`);
      const storedSha = await sha256Of(target, key);
      if (storedSha !== sha256) throw new Error(`stored sha256 ${storedSha}, the file's is ${sha256}`);
      report.copied.push(key);
      log(`copied ${key} (${size} bytes)`);
    } catch (err) {
      report.failed.push({ key, reason: (err as Error).message });
      log(`failed ${key}: ${(err as Error).message}`);
    }
  }
  return report;
}
