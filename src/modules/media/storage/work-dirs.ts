import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The kinds of temp work the media code does: a render, a bucket object's local copy, an upload, speech. */
export type WorkKind = 'video' | 's3' | 'upload' | 'speech';

const OWNED = /^lp-(video|s3|upload|speech)-(\d+)-/;

/** `lp-<kind>-<pid>-`: a temp name that says which process made it, so a successor can tell it is orphaned. */
export function workPrefix(kind: WorkKind): string {
  return `lp-${kind}-${process.pid}-`;
}

/**
 * A temp folder of this process's own (`lp-<kind>-<pid>-XXXXXX` under the OS temp folder). The code that
 * makes one removes it when done; a process killed outright (SIGKILL, the OOM killer) cannot, and
 * `removeOrphanedWorkDirs` at the next boot does.
 */
export function makeWorkDir(kind: WorkKind, base = tmpdir()): Promise<string> {
  return mkdtemp(join(base, workPrefix(kind)));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, under another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the media work files under `dir` whose process is gone (a render's frames and mp4, a bucket
 * object's copy, an upload, a section's speech), and returns their names. Another live process's files
 * (several workers may share one temp folder) and names not of this form are left alone.
 */
export async function removeOrphanedWorkDirs(
  dir = tmpdir(),
  isAlive: (pid: number) => boolean = alive,
): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const orphaned = names.filter((name) => {
    const m = OWNED.exec(name);
    if (!m) return false;
    const pid = Number(m[2]);
    return pid !== process.pid && !isAlive(pid);
  });
  await Promise.all(orphaned.map((name) => rm(join(dir, name), { recursive: true, force: true })));
  return orphaned;
}
