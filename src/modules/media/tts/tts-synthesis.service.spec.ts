import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TtsBulkPayload } from '../../../queues/queues';
import type { MediaFileRecord, MediaLibraryService } from '../media-library.service';
import type { SectionSynthesizer, SynthesisOptions } from '../speech/section-synthesizer';
import { countItems, itemEvent, type TtsBulkItem, type TtsBulkProgress } from './bulk-run';
import { DEFAULT_VOICE, textHash, TtsSynthesisService } from './tts-synthesis.service';
import type { OverrideRecord, SectionText, TtsRepository } from './tts.repository';

const SUBJECT = 'subj';
const sections: SectionText[] = Array.from({ length: 6 }, (_, i) => ({
  id: `s${i + 1}`,
  title: `Section ${i + 1}`,
  text: `Text of section ${i + 1}.`,
}));

function setup(
  opts: {
    overrides?: OverrideRecord[];
    current?: Partial<MediaFileRecord>[];
    synthMs?: (text: string) => number;
  } = {},
) {
  const added: { kind: string; sectionId: string; fileName: string; textHash: string; voice: string }[] = [];
  const spoken: { text: string; opts: SynthesisOptions }[] = [];
  let running = 0;
  let maxRunning = 0;
  const repo = {
    sections: (_s: string, ids?: string[]) => Promise.resolve(sections.filter((s) => !ids || ids.includes(s.id))),
    overrides: () => Promise.resolve(opts.overrides ?? []),
  } as unknown as TtsRepository;
  const library = {
    currentSectionAudio: (_s: string, sectionId: string) =>
      Promise.resolve((opts.current ?? []).find((c) => c.sectionId === sectionId) ?? null),
    add: (_em: unknown, f: { kind: string; sectionId: string; fileName: string; textHash: string; voice: string }) => {
      added.push({ kind: f.kind, sectionId: f.sectionId, fileName: f.fileName, textHash: f.textHash, voice: f.voice });
      return Promise.resolve({ ...f, subjectId: SUBJECT, durationMs: 1000 });
    },
    signedUrl: (f: { fileName: string }) => `/api/media/file/${SUBJECT}/${f.fileName}?sig=x`,
  } as unknown as MediaLibraryService;
  const synthesizer = {
    synthesize: async (text: string, o: SynthesisOptions) => {
      spoken.push({ text, opts: o });
      running++;
      maxRunning = Math.max(maxRunning, running);
      try {
        await new Promise<void>((resolve, reject) => {
          const t = setTimeout(resolve, opts.synthMs?.(text) ?? 5);
          o.signal?.addEventListener('abort', () => {
            clearTimeout(t);
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      } finally {
        running--;
      }
      if (text.includes('FAIL')) throw new Error('engine exploded');
      const mp3Path = join(tmpdir(), `tts-spec-${Math.random()}.mp3`);
      writeFileSync(mp3Path, 'mp3');
      return { mp3Path, vtt: 'WEBVTT\n', durationMs: 1000, provider: o.provider, voice: 'flite:slt', sentences: [] };
    },
  } as unknown as SectionSynthesizer;
  const service = new TtsSynthesisService(repo, library, synthesizer);
  return { service, added, spoken, maxRunning: () => maxRunning };
}

const payload = (over: Partial<TtsBulkPayload> = {}): TtsBulkPayload => ({
  subjectId: SUBJECT,
  sectionIds: sections.map((s) => s.id),
  provider: 'local',
  requestedProvider: 'local',
  fellBack: false,
  includeAll: false,
  delayMs: 0,
  requestedBy: 'u1',
  ...over,
});

describe('TtsSynthesisService.runBulk', () => {
  it('makes every section, at most `lanes` at once, reporting every item so far after each', async () => {
    const { service, added, maxRunning } = setup();
    const reports: TtsBulkProgress[] = [];
    const result = await service.runBulk(payload(), {
      signal: new AbortController().signal,
      lanes: 2,
      report: (p) => Promise.resolve(void reports.push(p)),
    });
    expect(result).toEqual(
      expect.objectContaining({ total: 6, attempted: 6, succeeded: 6, failed: 0, skipped: 0, cancelled: false }),
    );
    expect(maxRunning()).toBe(2);
    expect(reports.map((r) => r.items.length)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(
      added
        .filter((a) => a.kind === 'audio')
        .map((a) => a.sectionId)
        .sort(),
    ).toEqual(sections.map((s) => s.id));
    // captions first, so the audio row can name them
    expect(added[0].kind).toBe('captions');
    expect(added[0].fileName).toMatch(/^tts\/s\d-[0-9a-f]{8}\.vtt$/);
    expect(added[1].fileName).toMatch(/^tts\/s\d-[0-9a-f]{8}\.mp3$/);
    expect(added.every((a) => a.voice === DEFAULT_VOICE)).toBe(true);
  });

  it('skips a section whose current audio matches text, provider and voice, but not a stale or different one', async () => {
    const same = (id: string, over: Partial<MediaFileRecord> = {}): Partial<MediaFileRecord> => ({
      sectionId: id,
      fileName: `tts/${id}.mp3`,
      textHash: textHash(sections.find((s) => s.id === id)!.text),
      provider: 'local',
      voice: DEFAULT_VOICE,
      stale: false,
      ...over,
    });
    const { service, spoken } = setup({
      current: [
        same('s1'),
        same('s2', { stale: true }),
        same('s3', { provider: 'elevenlabs' }),
        same('s4', { voice: 'slt' }),
        same('s5', { textHash: 'old' }),
      ],
    });
    const result = await service.runBulk(payload(), { signal: new AbortController().signal, report: async () => {} });
    expect(result).toEqual(expect.objectContaining({ attempted: 5, succeeded: 5, skipped: 1 }));
    expect(result.items.find((i) => i.id === 's1')).toEqual({
      id: 's1',
      ok: true,
      url: `/api/media/file/${SUBJECT}/tts/s1.mp3?sig=x`,
      error: null,
      status: 'skipped',
    });
    expect(spoken.map((s) => s.text)).not.toContain(sections[0].text);

    // includeAll makes every one
    const all = setup({ current: [same('s1')] });
    const r2 = await all.service.runBulk(payload({ includeAll: true }), {
      signal: new AbortController().signal,
      report: async () => {},
    });
    expect(r2.skipped).toBe(0);
  });

  it("speaks the override's text with the run's voice, else the override's voice", async () => {
    const { service, spoken, added } = setup({
      overrides: [
        { sectionId: 's1', text: 'Short one.', voiceId: 'kal' },
        { sectionId: 's2', text: null, voiceId: 'awb' },
      ],
    });
    await service.runBulk(payload({ sectionIds: ['s1', 's2'] }), {
      signal: new AbortController().signal,
      report: async () => {},
    });
    const by = (t: string) => spoken.find((s) => s.text === t)!.opts.voiceId;
    expect(by('Short one.')).toBe('kal');
    expect(by(sections[1].text)).toBe('awb');
    expect(added.find((a) => a.sectionId === 's1' && a.kind === 'audio')!.textHash).toBe(textHash('Short one.'));

    const withVoice = setup({ overrides: [{ sectionId: 's1', text: null, voiceId: 'kal' }] });
    await withVoice.service.runBulk(payload({ sectionIds: ['s1'], voiceId: 'rms' }), {
      signal: new AbortController().signal,
      report: async () => {},
    });
    expect(withVoice.spoken[0].opts.voiceId).toBe('rms');
  });

  it('lists a failing section as failed and goes on', async () => {
    const { service } = setup({ overrides: [{ sectionId: 's2', text: 'Please FAIL here.', voiceId: null }] });
    const result = await service.runBulk(payload({ sectionIds: ['s1', 's2', 's3'] }), {
      signal: new AbortController().signal,
      lanes: 1,
      report: async () => {},
    });
    expect(result).toEqual(expect.objectContaining({ attempted: 3, succeeded: 2, failed: 1 }));
    expect(result.items[1]).toEqual({ id: 's2', ok: false, url: null, error: 'engine exploded', status: 'failed' });
  });

  it('resumes after the items an earlier attempt reported', async () => {
    const { service, spoken } = setup();
    const previous: TtsBulkProgress = {
      items: [
        { id: 's1', ok: true, url: 'u1', error: null, status: 'synthesized' },
        { id: 's2', ok: true, url: 'u2', error: null, status: 'skipped' },
      ],
    };
    const result = await service.runBulk(payload(), {
      signal: new AbortController().signal,
      previous,
      report: async () => {},
    });
    expect(result.items.slice(0, 2)).toEqual(previous.items);
    expect(result).toEqual(expect.objectContaining({ attempted: 5, skipped: 1 }));
    expect(spoken).toHaveLength(4);
  });

  it('on cancel, starts nothing new and leaves out the sections it aborted', async () => {
    const { service, added } = setup({ synthMs: (text) => (text === sections[0].text ? 5 : 500) });
    const controller = new AbortController();
    const result = await service.runBulk(payload({ delayMs: 1000 }), {
      signal: controller.signal,
      lanes: 2,
      report: async (p) => {
        if (p.items.length === 1) controller.abort(new DOMException('cancelled', 'AbortError'));
      },
    });
    expect(result.cancelled).toBe(true);
    // the other lane's section was in flight and aborted
    expect(result.items).toHaveLength(1);
    expect(added.filter((a) => a.kind === 'audio')).toHaveLength(1);
  });
});

describe('bulk-run events', () => {
  it('counts skipped sections apart from attempted ones, cumulatively per item', () => {
    const items: TtsBulkItem[] = [
      { id: 'a', ok: true, url: 'u', error: null, status: 'synthesized' },
      { id: 'b', ok: true, url: 'u', error: null, status: 'skipped' },
      { id: 'c', ok: false, url: null, error: 'x', status: 'failed' },
    ];
    expect(countItems(items)).toEqual({ attempted: 2, succeeded: 1, failed: 1, skipped: 1 });
    expect(itemEvent(items, 1)).toEqual({
      type: 'item',
      id: 'b',
      ok: true,
      url: 'u',
      error: null,
      status: 'skipped',
      attempted: 1,
      succeeded: 1,
      failed: 0,
      skipped: 1,
    });
  });
});
