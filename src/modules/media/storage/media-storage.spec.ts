import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidStorageKey, LocalDiskStorage } from './media-storage';

describe('LocalDiskStorage', () => {
  let root: string;
  let src: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'media-root-'));
    src = join(mkdtempSync(join(tmpdir(), 'media-src-')), 'a.mp3');
    writeFileSync(src, 'hello bytes');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('copies a file in under its key and reports its size and sha256', async () => {
    const s = new LocalDiskStorage(root);
    const put = await s.put('vagus-nerve/tts/a.mp3', src);
    expect(put).toEqual({ size: 11, sha256: createHash('sha256').update('hello bytes').digest('hex') });
    expect(readFileSync(join(root, 'vagus-nerve/tts/a.mp3'), 'utf8')).toBe('hello bytes');
    expect(readFileSync(src, 'utf8')).toBe('hello bytes');
    expect(await s.exists('vagus-nerve/tts/a.mp3')).toBe(true);
    await s.remove('vagus-nerve/tts/a.mp3');
    expect(await s.exists('vagus-nerve/tts/a.mp3')).toBe(false);
  });

  it('the temp file of a copy that died: not listed, removed by removeIncompleteUploads once older than the cut', async () => {
    const s = new LocalDiskStorage(root);
    await s.put('vagus-nerve/upload/0a0b0c0d-x.mp4', src);
    mkdirSync(join(root, 'vagus-nerve/video'), { recursive: true });
    const oldPart = join(root, 'vagus-nerve/upload/0a0b0c0d-y.mp4.0123456789ab.part');
    const youngPart = join(root, 'vagus-nerve/video/z.mp4.ba9876543210.part');
    writeFileSync(oldPart, 'half');
    writeFileSync(youngPart, 'half');
    // a name no library key could have is left alone (neither listed nor removed)
    writeFileSync(join(root, 'vagus-nerve/video/not a key.mp4'), 'x');
    const cut = new Date(Date.now() - 3600_000);
    utimesSync(oldPart, new Date(cut.getTime() - 1000), new Date(cut.getTime() - 1000));
    const listed: string[] = [];
    for await (const o of s.list()) listed.push(o.key);
    expect(listed).toEqual(['vagus-nerve/upload/0a0b0c0d-x.mp4']);
    expect(await s.removeIncompleteUploads(cut)).toBe(1);
    expect([existsSync(oldPart), existsSync(youngPart)]).toEqual([false, true]);
    expect(await s.exists('vagus-nerve/upload/0a0b0c0d-x.mp4')).toBe(true);
  });

  it('lists nothing, and removes nothing, before the first put made the root', async () => {
    const s = new LocalDiskStorage(join(root, 'not-yet'));
    const listed: string[] = [];
    for await (const o of s.list()) listed.push(o.key);
    expect(listed).toEqual([]);
    expect(await s.removeIncompleteUploads(new Date())).toBe(0);
  });

  it('refuses keys that could leave the root', () => {
    const s = new LocalDiskStorage(root);
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '.hidden', 'a/./b', 'a\\b', '', 'a/b/']) {
      expect([key, isValidStorageKey(key)]).toEqual([key, false]);
      expect(() => s.localPath(key)).toThrow();
    }
    expect(s.localPath('vagus-nerve/tts/a-1.mp3')).toBe(join(root, 'vagus-nerve/tts/a-1.mp3'));
  });
});
