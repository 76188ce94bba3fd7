import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineSlots } from './engine-slots';
import { SectionSynthesizer } from './section-synthesizer';
import type { SpeechProvider } from './speech-provider';
import { pcmToWav } from './wav';

/** A promise with its resolve outside. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((r) => (open = r));
  return { open, done };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('EngineSlots', () => {
  it('runs at most `capacity` at once and hands a freed slot to the next waiter', async () => {
    const slots = new EngineSlots(2);
    let running = 0;
    let peak = 0;
    const gates = Array.from({ length: 5 }, gate);
    const runs = gates.map((g, i) =>
      slots.run({ cls: 'bulk', ticket: i }, async () => {
        running++;
        peak = Math.max(peak, running);
        await g.done;
        running--;
        return i;
      }),
    );
    await tick();
    expect(slots.load).toEqual({ running: 2, waiting: 3 });
    for (const g of gates) {
      g.open();
      await tick();
    }
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('serves interactive before bulk, then the lowest ticket, then first come', async () => {
    const slots = new EngineSlots(1);
    const first = gate();
    const order: string[] = [];
    const hold = slots.run({ cls: 'bulk', ticket: 0 }, () => first.done);
    const queued = [
      slots.run({ cls: 'bulk', ticket: 7 }, async () => void order.push('bulk 7')),
      slots.run({ cls: 'bulk', ticket: 3 }, async () => void order.push('bulk 3 a')),
      slots.run({ cls: 'interactive', ticket: 9 }, async () => void order.push('interactive 9')),
      slots.run({ cls: 'bulk', ticket: 3 }, async () => void order.push('bulk 3 b')),
    ];
    await tick();
    first.open();
    await Promise.all([hold, ...queued]);
    expect(order).toEqual(['interactive 9', 'bulk 3 a', 'bulk 3 b', 'bulk 7']);
  });

  it('a waiter whose signal aborts leaves the queue with an AbortError; a failing task frees its slot', async () => {
    const slots = new EngineSlots(1);
    const first = gate();
    const hold = slots.run({ cls: 'bulk', ticket: 0 }, () => first.done);
    const controller = new AbortController();
    let ran = false;
    const waiting = slots.run({ cls: 'bulk', ticket: 1 }, async () => void (ran = true), controller.signal);
    await tick();
    expect(slots.load.waiting).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(slots.load.waiting).toBe(0);
    first.open();
    await hold;
    await expect(slots.run({ cls: 'bulk', ticket: 2 }, () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await slots.run({ cls: 'bulk', ticket: 3 }, async () => 'free again')).toBe('free again');
    expect(ran).toBe(false);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
    await expect(slots.run({ cls: 'bulk', ticket: 4 }, async () => 1, AbortSignal.abort())).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('refuses a capacity below one', () => {
    expect(() => new EngineSlots(0)).toThrow(/capacity/);
  });
});

describe('SectionSynthesizer with shared slots', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lp-slots-spec-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('the section that started first gets the slots first; never more engines than slots', async () => {
    let running = 0;
    let peak = 0;
    const started: string[] = [];
    const spoken: string[] = [];
    // a slow fake engine writing a real (silent, 100 ms) WAV, so ffmpeg can join it
    const provider: SpeechProvider = {
      name: 'local',
      synthesize: async (text, req) => {
        running++;
        peak = Math.max(peak, running);
        started.push(text);
        await new Promise((r) => setTimeout(r, 20));
        spoken.push(text);
        running--;
        const wavPath = join(req.dir!, `${spoken.length}.wav`);
        await writeFile(wavPath, pcmToWav(Buffer.alloc(3200), { sampleRate: 16000, channels: 1, bitsPerSample: 16 }));
        return { wavPath, durationMs: 100, voice: 'fake' };
      },
    };
    const slots = new EngineSlots(2);
    const synth = new SectionSynthesizer({ tmpDir: dir, providers: { local: provider }, slots });
    const text = (s: string) => Array.from({ length: 6 }, (_, i) => `${s}${i}.`).join(' ');
    // Each section starts once the one before has queued its sentences (a section makes its work folder
    // first, and under load the folders of sections started in one tick can be made in any order).
    const queued = new Set<number>();
    const run = slots.run.bind(slots);
    slots.run = (at, fn, signal) => {
      queued.add(at.ticket);
      return run(at, fn, signal);
    };
    const sections: Promise<{ durationMs: number }>[] = [];
    for (const [i, s] of ['A', 'B', 'C'].entries()) {
      sections.push(synth.synthesize(text(s), { provider: 'local' }));
      for (let waited = 0; !queued.has(i) && waited < 5000; waited += 5) await new Promise((r) => setTimeout(r, 5));
      expect(queued.has(i)).toBe(true);
    }
    const results = await Promise.all(sections);
    expect(peak).toBe(2);
    // in the order the sections started: A's sentences, then B's, then C's (the last of one section
    // shares the slots with the first of the next)
    const firstOf = (s: string) => started.findIndex((t) => t.startsWith(s));
    const lastOf = (s: string) => started.findLastIndex((t) => t.startsWith(s));
    expect(started).toHaveLength(18);
    expect(lastOf('A')).toBeLessThanOrEqual(firstOf('B') + 1);
    expect(lastOf('B')).toBeLessThanOrEqual(firstOf('C') + 1);
    expect(firstOf('C')).toBeGreaterThan(lastOf('A'));
    for (const r of results) expect(r.durationMs).toBe(600);
  }, 30_000);
});
