import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ffmpeg } from './ffmpeg';
import { LocalSpeechProvider } from './local-speech.provider';
import { SectionSynthesizer, type SynthesizedSection } from './section-synthesizer';
import { EngineSlots } from './engine-slots';
import { type SpeechProvider } from './speech-provider';
import { MediaTimeLimits, TimeLimitError } from './time-limit';
import { pcmToWav } from './wav';

const TEXT =
  'Dr. Smith opened the lecture on cell biology. Membranes, e.g. the plasma membrane, control what enters a cell. ' +
  'That is the whole idea for today!';
const hasFlite = !spawnSync('flite', ['-lv']).error;

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lp-speech-spec-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Checks the mp3 against the sentence timings; returns the measured figures (printed for the report). */
async function expectSound(result: SynthesizedSection) {
  expect(existsSync(result.mp3Path)).toBe(true);
  expect(statSync(result.mp3Path).size).toBeGreaterThan(1000);
  const measured = await Ffmpeg.locate().analyze(result.mp3Path);
  const sum = result.sentences.reduce((t, s) => t + (s.endMs - s.startMs), 0);
  expect(result.durationMs).toBe(result.sentences.at(-1)!.endMs);
  expect(result.durationMs).toBeGreaterThan(1000);
  expect(Math.abs(measured.durationMs - sum) / sum).toBeLessThan(0.05);
  expect(measured.meanVolumeDb).toBeGreaterThan(-40);

  const cues = [...result.vtt.matchAll(/^(\d+)\n(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})\n/gm)];
  expect(result.vtt.startsWith('WEBVTT\n\n1\n00:00:00.000 --> ')).toBe(true);
  expect(cues).toHaveLength(3);
  const ms = (h: string, m: string, s: string, f: string) =>
    ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(f);
  const spans = cues.map((c) => [ms(c[2], c[3], c[4], c[5]), ms(c[6], c[7], c[8], c[9])]);
  spans.forEach(([start, end], i) => {
    expect(end).toBeGreaterThan(start);
    if (i > 0) expect(start).toBe(spans[i - 1][1]);
  });
  expect(Math.abs(spans[2][1] - result.durationMs)).toBeLessThanOrEqual(50);
  expect(Math.abs(spans[2][1] - measured.durationMs)).toBeLessThanOrEqual(50);
  console.log(
    `speech figures: voice=${result.voice} sentences=${result.sentences.map((s) => s.endMs - s.startMs).join('+')}ms ` +
      `sum=${sum}ms mp3=${measured.durationMs}ms mean_volume=${measured.meanVolumeDb} dB max_volume=${measured.maxVolumeDb} dB`,
  );
  return measured;
}

describe('SectionSynthesizer (local engines, real ffmpeg)', () => {
  (hasFlite ? it : it.skip)(
    'flite: three sentences become an mp3 and three matching cues',
    async () => {
      const synth = new SectionSynthesizer({ tmpDir: dir, localEngine: 'flite' });
      const result = await synth.synthesize(TEXT, { provider: 'local' });
      expect(result.provider).toBe('local');
      expect(result.voice).toBe('flite:slt');
      expect(result.sentences.map((s) => s.text)).toEqual([
        'Dr. Smith opened the lecture on cell biology.',
        'Membranes, e.g. the plasma membrane, control what enters a cell.',
        'That is the whole idea for today!',
      ]);
      await expectSound(result);
      // the work folder is gone; only the mp3 (the caller's) is left
      expect(readdirSync(dir)).toEqual([result.mp3Path.slice(dir.length + 1)]);
    },
    60_000,
  );

  it('espeak-ng (WebAssembly, in a worker thread) works when forced, without blocking the event loop', async () => {
    const synth = new SectionSynthesizer({ tmpDir: dir, localEngine: 'espeak-ng' });
    // The event loop's turns while it speaks, counted (not timed): WebAssembly run on this thread would take
    // its whole time in one piece, with no turn between; in the worker thread the loop keeps turning.
    let turns = 0;
    let speaking = true;
    const turn = () => {
      if (!speaking) return;
      turns += 1;
      setImmediate(turn);
    };
    setImmediate(turn);
    try {
      const result = await synth.synthesize(TEXT, { provider: 'local', voiceId: 'en-gb' });
      expect(result.voice).toBe('espeak-ng:en-gb');
      await expectSound(result);
    } finally {
      speaking = false;
    }
    expect(turns).toBeGreaterThan(10);
  }, 60_000);

  it('a voice the local engine does not know falls back to its default voice', async () => {
    const provider = new LocalSpeechProvider({ engine: 'espeak-ng' });
    const clip = await provider.synthesize('Hello.', { voiceId: 'zz-bogus', dir });
    expect(clip.voice).toBe('espeak-ng:en-us');
    expect(clip.durationMs).toBeGreaterThan(200);
    if (hasFlite) {
      const flite = new LocalSpeechProvider({ engine: 'flite' });
      // a voice may be a file path or URL for flite: only listed names are used
      const other = await flite.synthesize('Hello.', { voiceId: '/etc/passwd', dir });
      expect(other.voice).toBe('flite:slt');
    }
  }, 30_000);

  it.each(['flite', 'espeak-ng'] as const)(
    'abort in the middle (%s): rejects with an AbortError and leaves no files',
    async (engine) => {
      if (engine === 'flite' && !hasFlite) return;
      const real = new LocalSpeechProvider({ engine });
      const controller = new AbortController();
      let clips = 0;
      // aborts once the first sentence is done, while others are still being synthesised
      const provider: SpeechProvider = {
        name: 'local',
        synthesize: async (text, req) => {
          const clip = await real.synthesize(text, req);
          if (++clips === 1) controller.abort();
          return clip;
        },
      };
      const synth = new SectionSynthesizer({ tmpDir: dir, providers: { local: provider }, concurrency: 1 });
      const text = Array.from({ length: 6 }, (_, i) => `This is sentence number ${i + 1} of the section.`).join(' ');
      await expect(synth.synthesize(text, { provider: 'local', signal: controller.signal })).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(clips).toBe(1);
      expect(readdirSync(dir)).toEqual([]);
    },
    30_000,
  );

  it('abort while the engine runs kills it; an already aborted signal starts nothing', async () => {
    const synth = new SectionSynthesizer({ tmpDir: dir, localEngine: 'espeak-ng' });
    const controller = new AbortController();
    const run = synth.synthesize('A sentence that is being spoken when the abort arrives.', {
      provider: 'local',
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 30);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(readdirSync(dir)).toEqual([]);
    await expect(synth.synthesize('Hello.', { provider: 'local', signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(readdirSync(dir)).toEqual([]);
  }, 30_000);

  it('clips of different formats (never one engine and voice) are joined at the end instead of streamed', async () => {
    let n = 0;
    const provider: SpeechProvider = {
      name: 'local',
      synthesize: async (_text, req) => {
        // 1 s of a 440 Hz tone at 16 kHz, then 22.05 kHz, then 24 kHz
        const sampleRate = [16000, 22050, 24000][n % 3];
        const pcm = Buffer.alloc(sampleRate * 2);
        for (let i = 0; i < sampleRate; i++)
          pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), i * 2);
        const wavPath = join(req.dir!, `${n++}.wav`);
        await writeFile(wavPath, pcmToWav(pcm, { sampleRate, channels: 1, bitsPerSample: 16 }));
        return { wavPath, durationMs: 1000, voice: 'tone' };
      },
    };
    const synth = new SectionSynthesizer({ tmpDir: dir, providers: { local: provider } });
    const result = await synth.synthesize('One. Two. Three.', { provider: 'local' });
    const measured = await Ffmpeg.locate().analyze(result.mp3Path);
    expect(result.durationMs).toBe(3000);
    expect(Math.abs(measured.durationMs - 3000)).toBeLessThan(100);
    expect(measured.meanVolumeDb).toBeGreaterThan(-20);
    expect(readdirSync(dir)).toEqual([result.mp3Path.slice(dir.length + 1)]);
  }, 30_000);

  it('a failing sentence fails the section and removes its files', async () => {
    const provider: SpeechProvider = {
      name: 'local',
      synthesize: () => Promise.reject(new Error('engine broke')),
    };
    const synth = new SectionSynthesizer({ tmpDir: dir, providers: { local: provider } });
    await expect(synth.synthesize('One. Two. Three.', { provider: 'local' })).rejects.toThrow('engine broke');
    expect(readdirSync(dir)).toEqual([]);
    await expect(synth.synthesize('  \n ', { provider: 'local' })).rejects.toThrow(/no text/);
  });
});

describe('time limits of the local engines', () => {
  // a factor so small that every real run is past its limit: what is checked is the outcome, not the clock
  const tiny = new MediaTimeLimits(1e-4);
  const LONG = 'The vagus nerve slows the heart when you breathe out slowly. '.repeat(40);

  (hasFlite ? it : it.skip)('flite past its limit is killed (SIGKILL): a TimeLimitError, no WAV left', async () => {
    const flite = new LocalSpeechProvider({ engine: 'flite', limits: tiny });
    const run = flite.synthesize(LONG, { dir });
    await expect(run).rejects.toBeInstanceOf(TimeLimitError);
    await expect(run).rejects.toThrow(/^flite ran longer than its time limit of \d+ ms and was stopped$/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('the espeak-ng thread past its limit is terminated: a TimeLimitError, no WAV left', async () => {
    const espeak = new LocalSpeechProvider({ engine: 'espeak-ng', limits: tiny });
    await expect(espeak.synthesize('Hello there.', { dir })).rejects.toBeInstanceOf(TimeLimitError);
    expect(readdirSync(dir)).toEqual([]);
    // the same engine with the default limits speaks
    const clip = await new LocalSpeechProvider({ engine: 'espeak-ng' }).synthesize('Hello there.', { dir });
    expect(clip.durationMs).toBeGreaterThan(300);
  }, 30_000);

  it('a section whose engine runs past its limit fails with that error, removes its files and frees its slot', async () => {
    const slots = new EngineSlots(1);
    const limited = new SectionSynthesizer({ tmpDir: dir, localEngine: 'espeak-ng', limits: tiny, slots });
    const run = limited.synthesize('One sentence. Another sentence. A third one.', { provider: 'local' });
    await expect(run).rejects.toBeInstanceOf(TimeLimitError);
    await expect(run).rejects.toThrow(/^espeak-ng ran longer than its time limit/);
    expect(readdirSync(dir)).toEqual([]);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
    // the one slot is free: the next section gets it and is spoken
    const next = await new SectionSynthesizer({ tmpDir: dir, localEngine: 'espeak-ng', slots }).synthesize('Next.', {
      provider: 'local',
    });
    expect(next.durationMs).toBeGreaterThan(200);
    rmSync(next.mp3Path);
  }, 30_000);
});

describe('local voices', () => {
  (hasFlite ? it : it.skip)("flite's are the ones `flite -lv` lists", async () => {
    const { engine, voices } = await new LocalSpeechProvider({ engine: 'flite' }).voices();
    expect(engine).toBe('flite');
    expect(voices).toEqual(expect.arrayContaining(['slt', 'kal']));
    expect(voices).not.toContain('Voices');
  });

  it("espeak-ng's are the languages of its voices table, as `-v` takes them", async () => {
    const { engine, voices } = await new LocalSpeechProvider({ engine: 'espeak-ng' }).voices();
    expect(engine).toBe('espeak-ng');
    expect(voices).toEqual(expect.arrayContaining(['en-us', 'en-gb', 'en', 'de', 'fr']));
    expect(voices).not.toContain('Language');
    expect(voices.every((v) => /^[A-Za-z0-9-]+$/.test(v))).toBe(true);
  }, 30_000);
});

describe('SectionSynthesizer.resolveProvider', () => {
  it('elevenlabs without an API key falls back to local, and says so', () => {
    const synth = new SectionSynthesizer({});
    expect(synth.resolveProvider('elevenlabs')).toEqual({ provider: 'local', fellBack: true });
    expect(synth.resolveProvider(undefined)).toEqual({ provider: 'local', fellBack: true });
    expect(synth.resolveProvider('local')).toEqual({ provider: 'local', fellBack: false });
  });

  it('elevenlabs with a key is used', () => {
    const synth = new SectionSynthesizer({ elevenLabs: { apiKey: 'k' } });
    expect(synth.resolveProvider('elevenlabs')).toEqual({ provider: 'elevenlabs', fellBack: false });
    expect(synth.resolveProvider('local')).toEqual({ provider: 'local', fellBack: false });
  });
});
