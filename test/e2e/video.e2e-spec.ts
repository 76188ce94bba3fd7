import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { MediaLibraryService } from '../../src/modules/media/media-library.service';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { QUEUES } from '../../src/queues/queues';
import { type ApiError, Harness, until } from '../support/harness';

/**
 * Studio's TTS Video against the real API and worker: two sections of a subject get audio (local
 * engine, one short sentence each), then the render run makes their videos with real ffmpeg.
 */

interface Event {
  type: 'start' | 'item' | 'progress' | 'done' | 'cancelled' | 'error';
  [key: string]: unknown;
}
interface Item extends Event {
  id: string;
  ok: boolean;
  url: string | null;
  error: string | null;
  skipped: boolean;
  status: string;
}
interface Probe {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  format: { duration: string };
}

let h: Harness;
let studio: string;
let learner: string;
const SUBJECT = 'vagus-nerve';
let ids: string[];
let withAudio: string[];

const parse = (body: unknown): Event[] =>
  String(body)
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Event);
const render = (body: Record<string, unknown>, token = studio) =>
  h.post<string>('/api/tts/video/render/stream', body, { token });
const queue = () => h.app.get<Queue>(getQueueToken(QUEUES.video), { strict: false });
const library = () => h.app.get(MediaLibraryService, { strict: false });

/** These renders run on local disk (MEDIA_STORAGE=local): where a library file's bytes are, for ffprobe. */
function localFile(subjectId: string, fileName: string): string {
  const target = library().streamTarget(subjectId, fileName)!;
  return target.storage.localPath!(target.key);
}

function probe(file: string): Probe {
  const res = spawnSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height:format=duration', '-of', 'json', file],
    { encoding: 'utf8' },
  );
  return JSON.parse(res.stdout) as Probe;
}

async function sectionIds(subject: string): Promise<string[]> {
  const rows = await h.sql<{ id: string }>(`select id from lecture_sections where subject_id = ? order by position`, [
    subject,
  ]);
  return rows.map((r) => r.id);
}

async function synthesize(subject: string, sectionId: string, text: string) {
  const put = await h.put(`/api/tts/overrides/${subject}`, { overrides: { [sectionId]: { text } } }, { token: studio });
  expect(put.status).toBe(200);
  const res = await h.post('/api/tts/synthesize', { subject, sectionId, provider: 'local' }, { token: studio });
  expect(res.status).toBe(200);
}

const videos = (subject: string) =>
  h.sql<{
    section_id: string;
    file_name: string;
    voice: string;
    captions_file: string | null;
    content_hash: string;
    duration_ms: number;
  }>(
    `select section_id, file_name, voice, captions_file, content_hash, duration_ms from media_files
      where subject_id = ? and kind = 'video' order by section_id, voice`,
    [subject],
  );

let first: Event[];
let firstStatus: number;
let firstHeaders: Record<string, unknown>;

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  studio = await h.demoToken('studio');
  learner = await h.demoToken('learner');
  ids = await sectionIds(SUBJECT);
  withAudio = ids.slice(0, 2);
  await synthesize(SUBJECT, withAudio[0], 'The vagus nerve slows the heart. It runs from the brainstem to the gut.');
  await synthesize(SUBJECT, withAudio[1], 'Breathing out slowly activates it.');
  const started = Date.now();
  const res = await render({ subject: SUBJECT, width: 640, height: 360, jobId: 'video-e2e-first' });
  console.log(`video e2e: ${ids.length} sections (2 with audio) rendered and streamed in ${Date.now() - started} ms`);
  firstStatus = res.status;
  firstHeaders = res.headers;
  first = parse(res.body);
}, 120000);
afterAll(() => h.close());

describe('render stream', () => {
  it('answers start, items (rendered or skipped with the reason), then done, in order', () => {
    expect(firstStatus).toBe(200);
    expect(firstHeaders['content-type']).toMatch(/^application\/x-ndjson/);
    expect(firstHeaders['cache-control']).toBe('private, no-store');
    expect(first[0]).toEqual(
      expect.objectContaining({ type: 'start', jobId: 'video-e2e-first', total: ids.length, width: 640, height: 360 }),
    );
    expect(first.at(-1)).toEqual({
      type: 'done',
      total: ids.length,
      attempted: 2,
      succeeded: 2,
      failed: 0,
      skipped: ids.length - 2,
    });
    const items = first.filter((e) => e.type === 'item') as Item[];
    expect(items.map((i) => i.id).sort()).toEqual([...ids].sort());
    for (const item of items) {
      if (withAudio.includes(item.id)) {
        expect(item).toMatchObject({ ok: true, skipped: false, status: 'rendered', error: null });
        expect(item.url).toMatch(new RegExp(`^/api/media/file/${SUBJECT}/video%2F${item.id}-[0-9a-f]{8}\\.mp4\\?`));
      } else
        expect(item).toMatchObject({ ok: false, skipped: true, status: 'skipped', error: 'no audio yet', url: null });
    }
    // running counters: the last item's are the totals
    expect(items.at(-1)).toMatchObject({ attempted: 2, succeeded: 2, failed: 0, skippedCount: ids.length - 2 });
    // every event between start and done is an item or a section's progress
    for (const e of first.slice(1, -1)) expect(['item', 'progress']).toContain(e.type);
    for (const p of first.filter((e) => e.type === 'progress')) {
      expect(withAudio).toContain(p.id);
      expect(p.percent).toBeGreaterThanOrEqual(0);
      expect(p.percent).toBeLessThanOrEqual(100);
    }
  });

  it('each mp4 is H.264 at the asked size with AAC audio, as long as its audio (within 0.2 s), and plays from its signed URL', async () => {
    const rows = await videos(SUBJECT);
    const plain = rows.filter((r) => r.voice === '640x360');
    expect(plain.map((r) => r.section_id).sort()).toEqual([...withAudio].sort());
    for (const row of plain) {
      const audio = await h.sql<{ duration_ms: number; captions_file: string }>(
        `select duration_ms, captions_file from media_files where subject_id = ? and section_id = ? and kind = 'audio'`,
        [SUBJECT, row.section_id],
      );
      const p = probe(localFile(SUBJECT, row.file_name));
      expect(p.streams.find((s) => s.codec_type === 'video')).toMatchObject({
        codec_name: 'h264',
        width: 640,
        height: 360,
      });
      expect(p.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
      const seconds = Number(p.format.duration);
      console.log(
        `video e2e: ${row.section_id} audio ${audio[0].duration_ms} ms, mp4 ${Math.round(seconds * 1000)} ms`,
      );
      expect(Math.abs(seconds * 1000 - audio[0].duration_ms)).toBeLessThanOrEqual(200);
      expect(row.duration_ms).toBe(audio[0].duration_ms);
      // not burned: the audio's WebVTT is the video's sidecar
      expect(row.captions_file).toBe(audio[0].captions_file);
    }
    const item = first.find((e) => e.type === 'item' && e.id === withAudio[0]) as Item;
    const res = await h.get(item.url!, { headers: { range: 'bytes=0-99' } });
    expect(res.status).toBe(206);
    expect(res.headers['content-type']).toBe('video/mp4');
  });

  it('burned captions make another file whose pictures differ, without a sidecar', async () => {
    const res = await render({ subject: SUBJECT, width: 640, height: 360, burnCaptions: true });
    expect(res.status).toBe(200);
    const events = parse(res.body);
    expect(events.at(-1)).toMatchObject({ type: 'done', succeeded: 2, failed: 0 });
    const rows = await videos(SUBJECT);
    for (const id of withAudio) {
      const plain = rows.find((r) => r.section_id === id && r.voice === '640x360')!;
      const burned = rows.find((r) => r.section_id === id && r.voice === '640x360+cc')!;
      expect(burned.file_name).not.toBe(plain.file_name);
      expect(burned.content_hash).not.toBe(plain.content_hash);
      expect(burned.captions_file).toBeNull();
      const p = probe(localFile(SUBJECT, burned.file_name));
      expect(Math.abs(Number(p.format.duration) * 1000 - burned.duration_ms)).toBeLessThanOrEqual(200);
    }
  }, 120000);

  it('a rerun with the same audio and settings skips every video and writes nothing', async () => {
    const before = await videos(SUBJECT);
    const res = await render({ subject: SUBJECT, width: 640, height: 360 });
    const events = parse(res.body);
    const items = events.filter((e) => e.type === 'item') as Item[];
    for (const id of withAudio)
      expect(items.find((i) => i.id === id)).toMatchObject({ ok: true, skipped: true, status: 'skipped' });
    expect(events.at(-1)).toMatchObject({ type: 'done', attempted: 0, skipped: ids.length });
    expect(await videos(SUBJECT)).toEqual(before);
  }, 60000);

  it('replays a finished run by its job id', async () => {
    const res = await render({ subject: SUBJECT, jobId: 'video-e2e-first' });
    expect(parse(res.body).filter((e) => e.type !== 'progress')).toEqual(first.filter((e) => e.type !== 'progress'));
  });
});

describe('cancel', () => {
  const OTHER = 'metabolic';

  it('kills ffmpeg in the middle of a render, leaves no partial file, ends the stream with cancelled; a second run meanwhile is a 409', async () => {
    const [id] = await sectionIds(OTHER);
    // about a minute of speech: a 1080p render with burned captions takes a few seconds
    const text = Array.from(
      { length: 12 },
      (_, i) => `This is sentence ${i + 1} of a long section about metabolism.`,
    ).join(' ');
    await synthesize(OTHER, id, text);
    const tempBefore = new Set(readdirSync(tmpdir()).filter((f) => f.startsWith('lp-video-')));
    const streaming = render({
      subject: OTHER,
      width: 1920,
      height: 1080,
      burnCaptions: true,
      jobId: 'video-e2e-cancel',
    });
    // rendering: the job reports the section's progress
    await until('the render to report progress', async () => {
      const job = await queue().getJob('video-e2e-cancel');
      const current = (job?.progress as { current?: unknown[] } | undefined)?.current;
      return Array.isArray(current) && current.length > 0;
    });
    const ffmpegs = () =>
      spawnSync('pgrep', ['-f', 'ffmpeg.*lp-video-'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    expect(ffmpegs().length).toBeGreaterThan(0);

    const busy = await render({ subject: OTHER, jobId: 'video-e2e-busy' });
    expect(busy.status).toBe(409);
    expect((busy.body as unknown as ApiError).message).toMatch(/already running/);

    const cancel = await h.post('/api/tts/video/render/cancel', { jobId: 'video-e2e-cancel' }, { token: studio });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ cancelled: true });
    const events = parse((await streaming).body);
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', succeeded: 0 });
    expect(events.filter((e) => e.type === 'item' && e.id === id)).toEqual([]);
    await until('ffmpeg to be gone', async () => ffmpegs().length === 0, 10000);
    expect(await videos(OTHER)).toEqual([]);
    const tempAfter = readdirSync(tmpdir()).filter((f) => f.startsWith('lp-video-') && !tempBefore.has(f));
    expect(tempAfter).toEqual([]);
    // ended: cancelling again changes nothing; an unknown run is a 404
    expect(
      (await h.post('/api/tts/video/render/cancel', { jobId: 'video-e2e-cancel' }, { token: studio })).body,
    ).toEqual({
      cancelled: false,
    });
    expect((await h.post('/api/tts/video/render/cancel', { jobId: 'video-e2e-nope' }, { token: studio })).status).toBe(
      404,
    );
  }, 120000);
});

describe('refusals', () => {
  it('401 without a token, 403 for a learner', async () => {
    expect((await h.post('/api/tts/video/render/stream', { subject: SUBJECT })).status).toBe(401);
    expect((await render({ subject: SUBJECT }, learner)).status).toBe(403);
    expect((await h.post('/api/tts/video/render/cancel', { jobId: 'x-1' }, { token: learner })).status).toBe(403);
  });

  it.each([
    [{ width: 641 }, /even/],
    [{ width: 100 }, /width/],
    [{ height: 4000 }, /height/],
    [{ width: 'wide' }, /width/],
    [{ burnCaptions: 'yes' }, /burnCaptions/],
    [{ jobId: '12345' }, /jobId|job id/i],
  ])('400 for %j', async (extra, message) => {
    const res = await render({ subject: SUBJECT, ...extra });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(message);
  });

  it('a cleared size (empty or null) means 1280x720; 404 for an unknown subject; 409 for a job id of another subject', async () => {
    expect((await render({ subject: 'no-such-subject' })).status).toBe(404);
    const taken = await render({ subject: 'ai-user', jobId: 'video-e2e-first' });
    expect(taken.status).toBe(409);
    // nothing has audio in ai-user: a quick run that only reports skipped sections
    const res = await render({ subject: 'ai-user', width: '', height: null });
    expect(res.status).toBe(200);
    expect(parse(res.body)[0]).toMatchObject({ type: 'start', width: 1280, height: 720, burnCaptions: false });
    expect(parse(res.body).at(-1)).toMatchObject({ type: 'done', attempted: 0 });
  }, 60000);
});
