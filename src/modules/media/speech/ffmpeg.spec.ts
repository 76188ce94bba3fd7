import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ffmpeg } from './ffmpeg';
import { pcmToWav } from './wav';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const npmFfmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** A 330 Hz tone (one second computed, then repeated: long files stay cheap to make). */
function toneWav(path: string, seconds: number, sampleRate: number) {
  const second = Buffer.alloc(sampleRate * 2);
  for (let i = 0; i < sampleRate; i++)
    second.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 330 * i) / sampleRate) * 8000), i * 2);
  const pcm = Buffer.concat(Array.from({ length: Math.ceil(seconds) }, () => second)).subarray(
    0,
    Math.round(seconds * sampleRate) * 2,
  );
  writeFileSync(path, pcmToWav(pcm, { sampleRate, channels: 1, bitsPerSample: 16 }));
  return path;
}

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lp-ffmpeg-spec-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('Ffmpeg', () => {
  it('FFMPEG_PATH wins; a path that does not run is refused', () => {
    expect(Ffmpeg.locate(npmFfmpeg).binary).toBe(npmFfmpeg);
    expect(() => Ffmpeg.locate(join(dir, 'no-ffmpeg'))).toThrow(/does not run/);
  });

  it.each([
    ['the npm package binary', npmFfmpeg],
    ['the one found by locate()', undefined],
  ])(
    'joins WAVs of different sample rates into one mp3 of their summed length (%s)',
    async (_name, path) => {
      const ffmpeg = Ffmpeg.locate(path);
      const inputs = [toneWav(join(dir, 'a.wav'), 1.25, 8000), toneWav(join(dir, 'b.wav'), 2, 22050)];
      const out = join(dir, 'out.mp3');
      await ffmpeg.wavsToMp3(inputs, out);
      const measured = await ffmpeg.analyze(out);
      expect(Math.abs(measured.durationMs - 3250)).toBeLessThanOrEqual(50);
      expect(measured.meanVolumeDb).toBeGreaterThan(-30);
    },
    30_000,
  );

  it('an abort kills the encoder and removes the partial mp3', async () => {
    const ffmpeg = Ffmpeg.locate();
    const input = toneWav(join(dir, 'long.wav'), 600, 22050);
    const out = join(dir, 'out.mp3');
    const controller = new AbortController();
    const run = ffmpeg.wavsToMp3([input], out, controller.signal);
    setTimeout(() => controller.abort(), 150);
    const started = Date.now();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(existsSync(out)).toBe(false);
  }, 30_000);
});
