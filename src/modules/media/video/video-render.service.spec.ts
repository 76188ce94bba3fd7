import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../../config/config';
import type { CatalogService } from '../../catalog/catalog.service';
import type { MediaFileRecord, MediaLibraryService } from '../media-library.service';
import { EngineSlots } from '../speech/engine-slots';
import { Ffmpeg } from '../speech/ffmpeg';
import type { TtsRepository } from '../tts/tts.repository';
import { VideoRenderService } from './video-render.service';
import type { VideoProgress } from './video-run';

/**
 * The worker's render run with real ffmpeg and stand-ins for the library and the database: an engine run
 * past its time limit fails its section with a message that says so and frees its slot for the next one.
 */

let dir: string;
let audioPath: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lp-video-render-spec-'));
  audioPath = join(dir, 'audio.mp3');
  spawnSync(Ffmpeg.locate().binary, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:r=22050', '-t', '2', audioPath]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function service(limits: AppConfig['mediaTimeLimits']) {
  const added: string[] = [];
  const audio = (sectionId: string): MediaFileRecord => ({
    id: `a-${sectionId}`,
    subjectId: 'vagus-nerve',
    nodeId: null,
    sectionId,
    kind: 'audio',
    fileName: `tts/${sectionId}.mp3`,
    storageKey: `vagus-nerve/tts/${sectionId}.mp3`,
    size: 1,
    durationMs: 2000,
    free: false,
    provider: 'local',
    voice: 'default',
    textHash: 'h',
    captionsFile: null,
    contentHash: `c-${sectionId}`,
    stale: false,
    createdAt: new Date(),
  });
  const library = {
    currentSectionAudio: (_subject: string, sectionId: string) => Promise.resolve(audio(sectionId)),
    find: () => Promise.resolve(null),
    withLocalCopy: <T>(_subject: string, _file: string, fn: (path: string) => Promise<T>) => fn(audioPath),
    add: (_em: null, f: { sectionId: string; fileName: string }) => {
      added.push(f.sectionId);
      return Promise.resolve({ ...audio(f.sectionId), kind: 'video', fileName: f.fileName });
    },
    signedUrl: (f: MediaFileRecord) => `/media/${f.fileName}`,
  } as unknown as MediaLibraryService;
  const sections = {
    sections: (_subject: string, ids: string[]) =>
      Promise.resolve(ids.map((id) => ({ id, title: `Section ${id}`, text: 'x' }))),
  } as unknown as TtsRepository;
  const catalog = {
    subjectSummary: () => Promise.resolve({ title: 'Cut stress 50% in 14 days' }),
  } as unknown as CatalogService;
  const config = { ffmpegPath: undefined, mediaTimeLimits: limits } as AppConfig;
  return { svc: new VideoRenderService(library, sections, catalog, config), added };
}

const payload = {
  subjectId: 'vagus-nerve',
  sectionIds: ['s1', 's2'],
  width: 320,
  height: 180,
  burnCaptions: false,
};

const run = (svc: VideoRenderService, slots: EngineSlots) =>
  svc.run(payload as never, {
    signal: new AbortController().signal,
    report: (_p: VideoProgress) => Promise.resolve(),
    lanes: 1,
    slots,
  });

describe('VideoRenderService time limits', () => {
  it('a section whose ffmpeg runs past its limit fails with that message; its slot goes to the next section', async () => {
    const slots = new EngineSlots(1);
    // so small a factor that every run is past its limit: the outcome is checked, not the clock
    const { svc, added } = service({ factor: 1e-4, renderMaxSeconds: 600 });
    const result = await run(svc, slots);
    expect(result.items.map((i) => [i.id, i.status, i.error])).toEqual([
      ['s1', 'failed', 'ffmpeg (title card) ran longer than its time limit of 3 ms and was stopped'],
      ['s2', 'failed', 'ffmpeg (title card) ran longer than its time limit of 3 ms and was stopped'],
    ]);
    expect(added).toEqual([]);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  }, 60_000);

  it('with the default limits the same sections render', async () => {
    const slots = new EngineSlots(1);
    const { svc, added } = service({ factor: 1, renderMaxSeconds: 600 });
    const result = await run(svc, slots);
    expect(result.items.map((i) => [i.id, i.status])).toEqual([
      ['s1', 'rendered'],
      ['s2', 'rendered'],
    ]);
    expect(added).toEqual(['s1', 's2']);
  }, 60_000);
});
