import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('refuses keys that could leave the root', () => {
    const s = new LocalDiskStorage(root);
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '.hidden', 'a/./b', 'a\\b', '', 'a/b/']) {
      expect([key, isValidStorageKey(key)]).toEqual([key, false]);
      expect(() => s.localPath(key)).toThrow();
    }
    expect(s.localPath('vagus-nerve/tts/a-1.mp3')).toBe(join(root, 'vagus-nerve/tts/a-1.mp3'));
  });
});
