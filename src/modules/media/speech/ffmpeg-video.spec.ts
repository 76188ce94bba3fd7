import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ffmpeg, wrapText } from './ffmpeg';
import { SectionSynthesizer } from './section-synthesizer';

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
