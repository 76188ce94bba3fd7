import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ffmpeg } from './ffmpeg';

let dir: string;
let ffmpeg: Ffmpeg;
beforeAll(() => (ffmpeg = Ffmpeg.locate()));
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lp-ffmpeg-probe-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function make(name: string, args: string[]): string {
  const out = join(dir, name);
  execFileSync(ffmpeg.binary, ['-v', 'error', '-nostdin', '-y', ...args, out]);
  return out;
}

describe('Ffmpeg.probe', () => {
  it('reads an mp4: its picture size, a decodable frame and its length', async () => {
    const mp4 = make('a.mp4', [
      ...['-f', 'lavfi', '-i', 'color=c=blue:s=320x240:d=1.5'],
      ...['-f', 'lavfi', '-i', 'sine=d=1.5'],
      ...['-shortest', '-c:v', 'libx264', '-c:a', 'aac'],
    ]);
    const p = await ffmpeg.probe(mp4);
    expect(p).toMatchObject({ hasVideo: true, width: 320, height: 240 });
    expect(p.durationMs).toBeGreaterThan(1400);
    expect(p.durationMs).toBeLessThan(1700);
  }, 30_000);

  it('reads a WebM without a declared length (streamed by a recorder) by reading the stream through', async () => {
    const webm = make('a.webm', [
      ...['-f', 'lavfi', '-i', 'color=c=red:s=160x90:d=2'],
      ...['-c:v', 'libvpx', '-b:v', '100k', '-deadline', 'realtime', '-f', 'webm', '-live', '1'],
    ]);
    const p = await ffmpeg.probe(webm);
    expect(p).toMatchObject({ hasVideo: true, width: 160, height: 90 });
    expect(p.durationMs).toBeGreaterThan(1500);
    expect(p.durationMs).toBeLessThan(2500);
  }, 30_000);

  it('says an audio file has no video', async () => {
    const m4a = make('a.m4a', ['-f', 'lavfi', '-i', 'sine=d=1', '-c:a', 'aac']);
    expect(await ffmpeg.probe(m4a)).toMatchObject({ hasVideo: false, width: null, height: null });
  }, 30_000);

  it('throws for bytes that are no media file', async () => {
    const junk = join(dir, 'junk.mp4');
    writeFileSync(junk, Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(500, 7)]));
    await expect(ffmpeg.probe(junk)).rejects.toThrow(/ffmpeg failed/);
  }, 30_000);
});
