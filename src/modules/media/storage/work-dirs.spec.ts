import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { tmpdir } from 'node:os';
import { makeWorkDir, removeOrphanedWorkDirs, workPrefix } from './work-dirs';

describe('media work folders', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lp-workdirs-spec-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names a work folder after the kind and this process', async () => {
    const made = await makeWorkDir('video', dir);
    expect(basename(made).startsWith(`lp-video-${process.pid}-`)).toBe(true);
    expect(workPrefix('s3')).toBe(`lp-s3-${process.pid}-`);
  });

  it('removes what a dead process left, keeps what live ones (and this one) use and anything else', async () => {
    // a real pid that is gone: a child that has exited and been reaped
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const live = process.ppid;
    const left = [`lp-video-${dead}-abc123`, `lp-s3-${dead}-x`, `lp-upload-${dead}-y`];
    for (const name of left) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, 'video.mp4'), 'half an mp4');
    }
    writeFileSync(join(dir, `lp-speech-${dead}-0f3e.mp3`), 'half an mp3');
    const kept = [`lp-video-${live}-def456`, `lp-video-${process.pid}-mine`, 'lp-video-abc', 'other-123-x'];
    for (const name of kept) mkdirSync(join(dir, name));

    const removed = await removeOrphanedWorkDirs(dir);

    expect(removed.sort()).toEqual([...left, `lp-speech-${dead}-0f3e.mp3`].sort());
    expect(readdirSync(dir).sort()).toEqual([...kept].sort());
  });

  it('asks whether each owner is alive, once per entry', async () => {
    mkdirSync(join(dir, 'lp-video-4242-a'));
    mkdirSync(join(dir, 'lp-video-4343-b'));
    const isAlive = jest.fn((pid: number) => pid === 4343);
    expect(await removeOrphanedWorkDirs(dir, isAlive)).toEqual(['lp-video-4242-a']);
    expect(isAlive.mock.calls.map(([pid]) => pid).sort()).toEqual([4242, 4343]);
    expect(existsSync(join(dir, 'lp-video-4343-b'))).toBe(true);
  });

  it('a missing temp folder is nothing to sweep', async () => {
    expect(await removeOrphanedWorkDirs(join(dir, 'absent'))).toEqual([]);
  });
});
