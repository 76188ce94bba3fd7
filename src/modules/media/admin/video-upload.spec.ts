import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeStem, videoContainerOf } from './video-upload';

describe('uploads', () => {
  it.each([
    ['My Lecture (final).mp4', 'My_Lecture_final'],
    ['C:\\Users\\me\\clip.webm', 'clip'],
    ['../../etc/passwd', 'passwd'],
    ['..mp4', 'video'],
    ['', 'video'],
    ['été 2024.mov', 't_2024'],
    [`${'a'.repeat(200)}.mp4`, 'a'.repeat(80)],
  ])('%j is stored as %j', (name, stem) => expect(safeStem(name)).toBe(stem));

  it('tells mp4 and WebM by their first bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lp-upload-spec-'));
    try {
      const file = (name: string, bytes: Buffer) => {
        writeFileSync(join(dir, name), bytes);
        return videoContainerOf(join(dir, name));
      };
      expect(await file('a', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]))).toBe('mp4');
      expect(await file('b', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01]))).toBe('webm');
      expect(await file('c', Buffer.from('plain text, not a video'))).toBeNull();
      expect(await file('d', Buffer.alloc(0))).toBeNull();
      expect(await file('e', Buffer.from('ftyp'))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
