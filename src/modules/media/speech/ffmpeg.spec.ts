import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FfmpegCommand } from 'fluent-ffmpeg';
import { Ffmpeg } from './ffmpeg';
import { MediaTimeLimits, TimeLimitError } from './time-limit';
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

  it('an encoder past its time limit is killed: write or finish rejects with a TimeLimitError, no mp3 is left', async () => {
    // a factor so small that any real encoding is past its limit: the outcome is checked, not the clock
    const ffmpeg = new Ffmpeg(Ffmpeg.locate().binary, new MediaTimeLimits(1e-4));
    const format = { sampleRate: 22050, channels: 1, bitsPerSample: 16 };
    const out = join(dir, 'limited.mp3');
    const encoder = ffmpeg.pcmToMp3(format, out);
    // 30 s of a tone: more than the input's buffer, so a write waits for ffmpeg too
    const pcm = Buffer.alloc(22050 * 2 * 30);
    for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round(Math.sin(i / 10) * 8000), i * 2);
    const run = (async () => {
      await encoder.write(pcm);
      await encoder.finish();
    })();
    await expect(run).rejects.toBeInstanceOf(TimeLimitError);
    await expect(run).rejects.toThrow(/^ffmpeg \(mp3 encoder\) ran longer than its time limit/);
    await encoder.abort();
    expect(existsSync(out)).toBe(false);
  });

  it('joining WAVs past its time limit rejects with a TimeLimitError and leaves no mp3', async () => {
    const ffmpeg = new Ffmpeg(Ffmpeg.locate().binary, new MediaTimeLimits(1e-4));
    const a = toneWav(join(dir, 'a.wav'), 20, 22050);
    const out = join(dir, 'joined.mp3');
    await expect(ffmpeg.wavsToMp3([a, a], out)).rejects.toBeInstanceOf(TimeLimitError);
    expect(existsSync(out)).toBe(false);
    // the same join with the default limits is done
    await Ffmpeg.locate().wavsToMp3([a, a], out);
    expect(existsSync(out)).toBe(true);
  });

  it('an abort kills the encoder and removes the partial mp3', async () => {
    const ffmpeg = Ffmpeg.locate();
    const input = toneWav(join(dir, 'long.wav'), 600, 22050);
    const out = join(dir, 'out.mp3');
    const controller = new AbortController();
    // the abort comes as soon as ffmpeg runs; the child it spawned is kept to see how it ended
    let child: ChildProcess | undefined;
    const command = (Ffmpeg.prototype as unknown as { command(): FfmpegCommand }).command;
    const spawned = jest
      .spyOn(Ffmpeg.prototype as unknown as { command(): FfmpegCommand }, 'command')
      .mockImplementation(function (this: Ffmpeg) {
        const cmd = command.call(this);
        cmd.on('start', () => {
          child = (cmd as FfmpegCommand & { ffmpegProc: ChildProcess }).ffmpegProc;
          controller.abort();
        });
        return cmd;
      });
    try {
      // ten minutes of audio: had the abort not stopped it, the encoder would run on (and the mp3 be written)
      await expect(ffmpeg.wavsToMp3([input], out, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      spawned.mockRestore();
    }
    expect(child?.signalCode).toBe('SIGKILL');
    expect(existsSync(out)).toBe(false);
  }, 30_000);
});
