import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ffmpeg, wrapText } from './ffmpeg';
import { SectionSynthesizer } from './section-synthesizer';
import { MediaTimeLimits, TimeLimitError } from './time-limit';

interface Probe {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  format: { duration: string };
}
const probe = (file: string): Probe =>
  JSON.parse(
    spawnSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_type,codec_name,width,height:format=duration',
        '-of',
        'json',
        file,
      ],
      {
        encoding: 'utf8',
      },
    ).stdout,
  ) as Probe;

/** The brightest luma of a frame at `at` seconds in a horizontal band (0..1 of the height): white text or not. */
function bandLuma(file: string, at: number, top: number, bottom: number, width: number, height: number): number {
  const y0 = Math.round(height * top);
  const h = Math.round(height * (bottom - top));
  const res = spawnSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      String(at),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      `crop=${width}:${h}:0:${y0},format=gray`,
      '-f',
      'rawvideo',
      '-',
    ],
    { maxBuffer: 64 << 20 },
  );
  const px = res.stdout as Buffer;
  let max = 0;
  for (const v of px) max = Math.max(max, v);
  return max;
}

/** A PNG's band (0..1 of its height) as 8-bit grey pixels, row by row, grabbed with ffmpeg. */
function bandPixels(png: string, top: number, bottom: number, width: number, height: number): Buffer {
  const y0 = Math.round(height * top);
  const h = Math.round(height * (bottom - top));
  const res = spawnSync(
    Ffmpeg.locate().binary,
    [
      '-v',
      'error',
      '-i',
      png,
      '-frames:v',
      '1',
      '-vf',
      `crop=${width}:${h}:0:${y0},format=gray`,
      '-f',
      'rawvideo',
      '-',
    ],
    { maxBuffer: 64 << 20 },
  );
  return res.stdout as Buffer;
}

/** How many columns of a band hold a white pixel (the drawn text's width) and the brightest luma in it. */
function whiteColumns(px: Buffer, width: number): { columns: number; max: number } {
  const lit = new Set<number>();
  let max = 0;
  px.forEach((v, i) => {
    max = Math.max(max, v);
    if (v > 200) lit.add(i % width);
  });
  return { columns: lit.size, max };
}

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'lp-video-spec-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Ffmpeg video (real ffmpeg)', () => {
  it('wraps titles at spaces', () => {
    expect(wrapText('The vagus nerve and the heart rate', 12)).toBe('The vagus\nnerve and\nthe heart\nrate');
    expect(wrapText('  one  ', 5)).toBe('one');
  });

  it('renders a title card, then a still video over speech: H.264 at the size, AAC, the audio length; burned captions change the picture', async () => {
    const ffmpeg = Ffmpeg.locate();
    const speech = await new SectionSynthesizer({ tmpDir: dir }).synthesize(
      'The vagus nerve slows the heart. It runs from the brainstem to the gut. Breathing out activates it.',
      { provider: 'local' },
    );
    const vtt = join(dir, 'captions.vtt');
    writeFileSync(vtt, speech.vtt);
    const card = join(dir, 'card.png');
    await ffmpeg.titleCard({
      width: 640,
      height: 360,
      color: '0x1e3a5f',
      title: 'How the vagus nerve talks to the heart',
      subtitle: 'Vagus Nerve: the course',
      workDir: dir,
      output: card,
    });
    expect(existsSync(card)).toBe(true);

    const shares: number[] = [];
    const plain = join(dir, 'plain.mp4');
    const t0 = performance.now();
    await ffmpeg.renderStill({
      image: card,
      audio: speech.mp3Path,
      durationMs: speech.durationMs,
      output: plain,
      onProgress: (s) => shares.push(s),
    });
    const plainMs = performance.now() - t0;
    const burned = join(dir, 'burned.mp4');
    await ffmpeg.renderStill({
      image: card,
      audio: speech.mp3Path,
      durationMs: speech.durationMs,
      output: burned,
      fps: 5,
      burnCaptions: vtt,
    });
    for (const file of [plain, burned]) {
      const p = probe(file);
      const video = p.streams.find((s) => s.codec_type === 'video')!;
      expect(video).toMatchObject({ codec_name: 'h264', width: 640, height: 360 });
      expect(p.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
      expect(Math.abs(Number(p.format.duration) * 1000 - speech.durationMs)).toBeLessThan(200);
    }
    expect(shares.length).toBeGreaterThan(0);
    expect(Math.max(...shares)).toBeGreaterThan(0.5);
    // the card: dark background, bright title in the middle band; captions add bright text at the bottom
    const mid = bandLuma(plain, 1, 0.3, 0.55, 640, 360);
    const bottomPlain = bandLuma(plain, 1, 0.88, 0.99, 640, 360);
    const bottomBurned = bandLuma(burned, 1, 0.88, 0.99, 640, 360);
    console.log(
      `video figures: speech ${speech.durationMs} ms, plain render ${plainMs.toFixed(0)} ms ` +
        `(${(speech.durationMs / plainMs).toFixed(1)}x realtime); luma mid ${mid.toFixed(1)}, bottom plain ` +
        `${bottomPlain.toFixed(1)}, bottom burned ${bottomBurned.toFixed(1)}`,
    );
    expect(mid).toBeGreaterThan(200);
    expect(bottomPlain).toBeLessThan(100);
    expect(bottomBurned).toBeGreaterThan(200);
    rmSync(speech.mp3Path, { force: true });
  }, 120_000);

  it('an abort kills the render and leaves no mp4', async () => {
    const ffmpeg = Ffmpeg.locate();
    const card = join(dir, 'card2.png');
    await ffmpeg.titleCard({
      width: 320,
      height: 180,
      color: '0x333333',
      title: 'T',
      subtitle: 'S',
      workDir: dir,
      output: card,
    });
    // a long silent audio so the render is still running when the abort comes
    const audio = join(dir, 'long.mp3');
    spawnSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=16000:cl=mono',
      '-t',
      '600',
      '-c:a',
      'libmp3lame',
      audio,
    ]);
    const out = join(dir, 'aborted.mp4');
    const controller = new AbortController();
    const run = ffmpeg.renderStill(
      { image: card, audio, durationMs: 600_000, output: out, fps: 25, onProgress: () => controller.abort() },
      controller.signal,
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('aborted'))).toEqual([]);
  }, 60_000);

  describe('title cards draw their texts literally (expansion=none)', () => {
    const W = 640;
    const H = 360;
    const card = async (
      name: string,
      title: string,
      subtitle: string,
      ffmpeg = Ffmpeg.locate(),
      signal?: AbortSignal,
    ) => {
      const output = join(dir, `${name}.png`);
      await ffmpeg.titleCard({ width: W, height: H, color: '0x1e3a5f', title, subtitle, workDir: dir, output }, signal);
      return {
        title: whiteColumns(bandPixels(output, 0.3, 0.55, W, H), W),
        subtitle: whiteColumns(bandPixels(output, 0.62, 0.78, W, H), W),
      };
    };

    it('a title with "%" is drawn, not blank; quotes, colons and backslashes too, in title and subtitle', async () => {
      const percent = await card('percent', 'Cut stress 50% in 14 days', `Breath: "in" 4\\s, 'out' 6 s \\ 100%`);
      const plain = await card('plain', 'Cut stress 50 in 14 days', 'Breath in 4 s out 6 s');
      console.log(
        `title card figures: "%" title ${percent.title.columns} lit columns (max luma ${percent.title.max}), ` +
          `without "%" ${plain.title.columns}; odd subtitle ${percent.subtitle.columns}`,
      );
      expect(percent.title.max).toBeGreaterThan(200);
      // the whole line, not a part of it: at least as wide as the same line without the "%"
      expect(percent.title.columns).toBeGreaterThanOrEqual(plain.title.columns);
      expect(percent.subtitle.max).toBeGreaterThan(200);
      expect(percent.subtitle.columns).toBeGreaterThanOrEqual(plain.subtitle.columns);
    }, 60_000);

    it('"%{n}" is four characters of text, not the frame number ffmpeg would print', async () => {
      const expression = await card('expr', '%{n}', 'x');
      const zero = await card('zero', '0', 'x');
      expect(zero.title.columns).toBeGreaterThan(0);
      expect(expression.title.columns).toBeGreaterThan(2 * zero.title.columns);
    }, 60_000);

    it('a course title "%{e:while(1,1)}" (which ffmpeg would evaluate forever) is drawn within its time limit', async () => {
      // a generous limit, and the caller's own deadline so that ffmpeg is killed even where nothing else would
      const ffmpeg = Ffmpeg.locate(undefined, new MediaTimeLimits(2));
      const drawn = await card('spin', 'Lesson one', '%{e:while(1,1)}', ffmpeg, AbortSignal.timeout(50_000));
      expect(drawn.subtitle.max).toBeGreaterThan(200);
      expect(drawn.title.max).toBeGreaterThan(200);
    }, 70_000);
  });

  it('a render past its time limit is killed: it rejects with a TimeLimitError and leaves no mp4', async () => {
    const card = join(dir, 'card3.png');
    await Ffmpeg.locate().titleCard({
      width: 320,
      height: 180,
      color: '0x333333',
      title: 'T',
      subtitle: 'S',
      workDir: dir,
      output: card,
    });
    const audio = join(dir, 'long3.mp3');
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '600', audio]);
    const out = join(dir, 'limited.mp4');
    // RENDER_MAX_SECONDS far below what ten minutes of 25 fps video takes
    const ffmpeg = Ffmpeg.locate(undefined, new MediaTimeLimits(1, 200));
    const run = ffmpeg.renderStill({ image: card, audio, durationMs: 600_000, output: out, fps: 25 });
    await expect(run).rejects.toBeInstanceOf(TimeLimitError);
    await expect(run).rejects.toThrow('ffmpeg (video render) ran longer than its time limit of 200 ms and was stopped');
    expect(readdirSync(dir).filter((f) => f.startsWith('limited'))).toEqual([]);
  }, 60_000);

  it('refuses paths it would have to escape in a filter', async () => {
    await expect(
      Ffmpeg.locate().renderStill({
        image: 'a.png',
        audio: 'a.mp3',
        durationMs: 1000,
        output: join(dir, 'x.mp4'),
        burnCaptions: "/tmp/a'b.vtt",
      }),
    ).rejects.toThrow(/plain path/);
  });
});
