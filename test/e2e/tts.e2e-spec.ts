import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { request } from 'node:http';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { QUEUES } from '../../src/queues/queues';
import { type ApiError, Harness, until } from '../support/harness';

/**
 * Studio's text-to-speech calls against the real API and worker, with the local engine (flite when on
 * PATH, else espeak-ng). To keep runs short, sections get overrides with one short sentence each.
 */

interface BulkEvent {
  type: 'start' | 'item' | 'done' | 'cancelled' | 'error';
  [key: string]: unknown;
}
interface ItemEvent extends BulkEvent {
  type: 'item';
  id: string;
  ok: boolean;
  url: string | null;
  error: string | null;
  status: string;
  attempted: number;
  succeeded: number;
  failed: number;
  skipped: number;
}
interface BulkResult {
  jobId: string;
  total: number;
  attempted: number;
  succeeded: number;
  failed: number;
  skipped: number;
  cancelled: boolean;
  items: { id: string; ok: boolean; url: string | null; status: string }[];
}

let h: Harness;
let studio: string;
let learner: string;

const parse = (body: unknown): BulkEvent[] =>
  String(body)
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as BulkEvent);

async function sectionIds(subject: string): Promise<string[]> {
  const rows = await h.sql<{ id: string }>(`select id from lecture_sections where subject_id = ? order by position`, [
    subject,
  ]);
  return rows.map((r) => r.id);
}

/** One short sentence per section: a run of 16 sections takes a few seconds. */
async function shortTexts(subject: string): Promise<string[]> {
  const ids = await sectionIds(subject);
  const overrides = Object.fromEntries(ids.map((id, i) => [id, { text: `Section ${i + 1} of ${subject}.` }]));
  const res = await h.put(`/api/tts/overrides/${subject}`, { overrides }, { token: studio });
  expect(res.status).toBe(200);
  return ids;
}

const stream = (body: Record<string, unknown>, token = studio) =>
  h.post<string>('/api/tts/synthesize/bulk/stream', body, { token });

const queue = () => h.app.get<Queue>(getQueueToken(QUEUES.tts), { strict: false });

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  studio = await h.demoToken('studio');
  learner = await h.demoToken('learner');
}, 60000);
afterAll(() => h.close());

// jest runs the tests of a file in random order (npm test): each test here stands on its own, on
// top of the first run made in beforeAll.
describe('bulk synthesis stream', () => {
  const SUBJECT = 'ai-for-founders';
  let ids: string[];
  let firstRes: Awaited<ReturnType<typeof stream>>;
  let first: BulkEvent[];
  let firstMs: number;

  beforeAll(async () => {
    ids = await shortTexts(SUBJECT);
    const started = Date.now();
    firstRes = await stream({ subject: SUBJECT, provider: 'local', format: 'mp3', jobId: 'tts-e2e-first' });
    firstMs = Date.now() - started;
    first = parse(firstRes.body);
    console.log(`tts e2e: ${ids.length} sections synthesised and streamed in ${firstMs} ms`);
  }, 120000);

  it('answers start, one item per section with running counts, then done; the files are in the library', async () => {
    expect(firstRes.status).toBe(200);
    expect(firstRes.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(firstRes.headers['cache-control']).toBe('private, no-store');
    expect(firstRes.headers['x-content-type-options']).toBe('nosniff');
    expect(first[0]).toEqual(
      expect.objectContaining({ type: 'start', total: ids.length, provider: 'local', fellBack: false }),
    );
    const items = first.slice(1, -1) as ItemEvent[];
    expect(items.map((i) => i.type)).toEqual(ids.map(() => 'item'));
    expect(items.map((i) => i.id).sort()).toEqual([...ids].sort());
    items.forEach((item, n) => {
      expect(item).toEqual(
        expect.objectContaining({ ok: true, error: null, status: 'synthesized', attempted: n + 1, succeeded: n + 1 }),
      );
      expect(item.failed).toBe(0);
      expect(item.skipped).toBe(0);
      expect(item.url).toMatch(new RegExp(`/api/media/file/${SUBJECT}/`));
    });
    expect(first.at(-1)).toEqual({
      type: 'done',
      total: ids.length,
      attempted: ids.length,
      succeeded: ids.length,
      failed: 0,
      skipped: 0,
    });

    const files = await h.sql<{ kind: string; n: string }>(
      `select kind, count(distinct section_id) as n from media_files where subject_id = ? group by kind order by kind`,
      [SUBJECT],
    );
    expect(files).toEqual([
      { kind: 'audio', n: String(ids.length) },
      { kind: 'captions', n: String(ids.length) },
    ]);
    // the signed URL plays
    const url = new URL(items[0].url!, 'http://x');
    const audio = await h.get(url.pathname + url.search);
    expect(audio.status).toBe(200);
    expect(audio.headers['content-type']).toMatch(/^audio\/mpeg/);
  });

  it('replays the finished run to a second viewer of the same job id', async () => {
    const again = parse((await stream({ subject: SUBJECT, provider: 'local', jobId: 'tts-e2e-first' })).body);
    expect(again).toEqual(first);
  });

  it('a second run skips every section (the default provider falls back to local and says so)', async () => {
    const audioFiles = async () =>
      Number(
        (
          await h.sql<{ n: string }>(`select count(*) as n from media_files where subject_id = ? and kind = 'audio'`, [
            SUBJECT,
          ])
        )[0].n,
      );
    const before = await audioFiles();
    const res = await stream({ subject: SUBJECT, jobId: 'tts-e2e-second' });
    const events = parse(res.body);
    expect(events[0]).toEqual(
      expect.objectContaining({ type: 'start', total: ids.length, provider: 'local', fellBack: true }),
    );
    expect(String(events[0].message)).toMatch(/local/);
    const items = events.slice(1, -1) as ItemEvent[];
    expect(items).toHaveLength(ids.length);
    expect(items.every((i) => i.ok && i.status === 'skipped' && i.url)).toBe(true);
    expect(events.at(-1)).toEqual({
      type: 'done',
      total: ids.length,
      attempted: 0,
      succeeded: 0,
      failed: 0,
      skipped: ids.length,
    });
    expect(await audioFiles()).toBe(before);
  }, 60000);

  it('the subjects list counts the audio', async () => {
    const res = await h.get<{ id: string; name: string; sections: number; withAudio: number; stale: number }[]>(
      '/api/tts/subjects',
      { token: studio },
    );
    expect(res.status).toBe(200);
    expect(res.body.find((s) => s.id === SUBJECT)).toEqual({
      id: SUBJECT,
      name: 'AI for Founders',
      sections: ids.length,
      withAudio: ids.length,
      stale: 0,
    });
    // no test makes audio for metabolic
    expect(res.body.find((s) => s.id === 'metabolic')).toEqual(
      expect.objectContaining({ sections: 16, withAudio: 0, stale: 0 }),
    );
  });

  it('a changed override re-makes only that section', async () => {
    const overrides = (
      await h.get<{ overrides: Record<string, { text?: string }> }>(`/api/tts/overrides/${SUBJECT}`, { token: studio })
    ).body.overrides;
    expect(Object.keys(overrides).sort()).toEqual([...ids].sort());
    overrides[ids[3]] = { text: 'A different short sentence.' };
    expect((await h.put(`/api/tts/overrides/${SUBJECT}`, { overrides }, { token: studio })).status).toBe(200);
    const res = await h.post<BulkResult>(
      '/api/tts/synthesize/bulk',
      { subject: SUBJECT, provider: 'local', format: 'mp3' },
      { token: studio },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({ total: ids.length, attempted: 1, succeeded: 1, failed: 0, skipped: ids.length - 1 }),
    );
    expect(res.body.items.find((i) => i.status === 'synthesized')?.id).toBe(ids[3]);
  }, 60000);
  it('409 when a job id is reused for another subject', async () => {
    const res = await stream({ subject: 'metabolic', jobId: 'tts-e2e-first' });
    expect(res.status).toBe(409);
  });
});

describe('cancel', () => {
  const SUBJECT = 'ai-for-ceos';

  it('stops a run in the middle; both viewers end with cancelled, and the job is not retried', async () => {
    const ids = await shortTexts(SUBJECT);
    const jobId = 'tts-e2e-cancel';
    const viewer1 = stream({ subject: SUBJECT, provider: 'local', delayMs: 1500, jobId });
    // the run has begun: at least one section is done
    await until('the first item', async () => {
      const job = await queue().getJob(jobId);
      return ((job?.progress as { items?: unknown[] } | undefined)?.items?.length ?? 0) > 0;
    });
    // a second viewer joins the same run; a second run of the subject is refused
    const viewer2 = stream({ subject: SUBJECT, provider: 'local', jobId });
    const conflict = await stream({ subject: SUBJECT, provider: 'local', jobId: 'tts-e2e-other' });
    expect(conflict.status).toBe(409);
    expect((conflict.body as unknown as ApiError).message).toMatch(/already running/);

    const cancel = await h.post('/api/tts/synthesize/bulk/cancel', { jobId }, { token: studio });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ cancelled: true });

    const [a, b] = await Promise.all([viewer1, viewer2]);
    const events = parse(a.body);
    expect(parse(b.body)).toEqual(events);
    expect(events[0]).toEqual(expect.objectContaining({ type: 'start', total: ids.length }));
    const last = events.at(-1)!;
    expect(last.type).toBe('cancelled');
    const items = events.filter((e) => e.type === 'item') as ItemEvent[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(ids.length);
    expect(last).toEqual(
      expect.objectContaining({ attempted: items.length, succeeded: items.length, skipped: 0, total: ids.length }),
    );
    // what was made is what the stream listed, once each
    const rows = await h.sql<{ section_id: string }>(
      `select section_id from media_files where subject_id = ? and kind = 'audio' order by section_id`,
      [SUBJECT],
    );
    expect(rows.map((r) => r.section_id)).toEqual(items.map((i) => i.id).sort());
    const job = await queue().getJob(jobId);
    expect(await job!.getState()).toBe('completed');
    expect(job!.attemptsMade).toBe(1);

    // cancelling an ended run changes nothing
    expect((await h.post('/api/tts/synthesize/bulk/cancel', { jobId }, { token: studio })).body).toEqual({
      cancelled: false,
    });

    // the next run makes only the rest
    const rest = await h.post<BulkResult>(
      '/api/tts/synthesize/bulk',
      { subject: SUBJECT, provider: 'local' },
      {
        token: studio,
      },
    );
    expect(rest.body).toEqual(
      expect.objectContaining({ attempted: ids.length - items.length, skipped: items.length, failed: 0 }),
    );
  }, 120000);
});

describe('over a real connection', () => {
  const SUBJECT = 'ai-user';

  it('flushes each event as it happens, and a closed browser does not stop the run', async () => {
    const ids = await shortTexts(SUBJECT);
    await h.app.listen(0, '127.0.0.1');
    const address = h.app.getHttpServer().address() as { port: number };
    const jobId = 'tts-e2e-browser-closed';
    const started = Date.now();
    // a browser tab: reads the stream until the first item, then goes away (its socket closes)
    const { seen, close } = await new Promise<{ seen: BulkEvent[]; close: () => void }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: address.port,
          method: 'POST',
          path: '/api/tts/synthesize/bulk/stream',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${studio}` },
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          const events: BulkEvent[] = [];
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            const lines = buffer.split('\n');
            buffer = lines.pop()!;
            events.push(...lines.filter((l) => l.trim()).map((l) => JSON.parse(l) as BulkEvent));
            if (events.some((e) => e.type === 'item')) resolve({ seen: events, close: () => req.destroy() });
          });
          res.on('end', () => reject(new Error(`the stream ended early: ${JSON.stringify(events)}`)));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ subject: SUBJECT, provider: 'local', delayMs: 300, jobId }));
    });
    const firstItemMs = Date.now() - started;
    expect(seen[0]).toEqual(expect.objectContaining({ type: 'start', total: ids.length }));
    expect(seen[1]).toEqual(expect.objectContaining({ type: 'item', attempted: 1 }));
    // the first item came while the run was still going: nothing waited for the end
    expect(await (await queue().getJob(jobId))!.getState()).toBe('active');
    close();

    const job = await until('the run to end', async () => {
      const j = await queue().getJob(jobId);
      // read again once completed: the job read before its state may be from just before it finished (no result)
      return (await j?.getState()) === 'completed' ? queue().getJob(jobId) : undefined;
    });
    expect(job!.returnvalue).toEqual(
      expect.objectContaining({ cancelled: false, succeeded: ids.length, total: ids.length }),
    );
    // coming back later replays the whole run
    const replay = parse((await stream({ subject: SUBJECT, jobId })).body);
    expect(replay.slice(0, 2)).toEqual(seen.slice(0, 2));
    expect(replay.filter((e) => e.type === 'item')).toHaveLength(ids.length);
    expect(replay.at(-1)).toEqual(expect.objectContaining({ type: 'done', succeeded: ids.length }));
    console.log(`tts e2e: first item over HTTP after ${firstItemMs} ms`);
  }, 120000);
});

describe('one section', () => {
  it('makes the mp3 and answers its signed URL', async () => {
    const [id] = await sectionIds('vagus-nerve');
    await h.put(
      '/api/tts/overrides/vagus-nerve',
      { overrides: { [id]: { text: 'The vagus nerve wanders.', voiceId: 'slt' } } },
      { token: studio },
    );
    const res = await h.post<{ url: string; skipped: boolean }>(
      '/api/tts/synthesize',
      { subject: 'vagus-nerve', sectionId: id, provider: 'local', format: 'mp3' },
      { token: studio },
    );
    expect(res.status).toBe(200);
    expect(res.body.skipped).toBe(false);
    const url = new URL(res.body.url, 'http://x');
    const audio = await h.get(url.pathname + url.search);
    expect(audio.status).toBe(200);
    const again = await h.post<{ url: string; skipped: boolean }>(
      '/api/tts/synthesize',
      { subject: 'vagus-nerve', sectionId: id, provider: 'local' },
      { token: studio },
    );
    expect(again.body.skipped).toBe(true);
    const rows = await h.sql<{ voice: string }>(
      `select voice from media_files where subject_id = 'vagus-nerve' and section_id = ? and kind = 'audio'`,
      [id],
    );
    expect(rows).toEqual([{ voice: 'slt' }]);
  }, 60000);
});

describe('refusals', () => {
  it('401 without a token and 403 for a learner on every tts call', async () => {
    const calls: [string, string, unknown][] = [
      ['GET', '/api/tts/subjects', undefined],
      ['GET', '/api/tts/overrides/vagus-nerve', undefined],
      ['PUT', '/api/tts/overrides/vagus-nerve', { overrides: {} }],
      ['POST', '/api/tts/synthesize', { subject: 'vagus-nerve', sectionId: 'vn-anatomy' }],
      ['POST', '/api/tts/synthesize/bulk/stream', { subject: 'vagus-nerve' }],
      ['POST', '/api/tts/synthesize/bulk', { subject: 'vagus-nerve' }],
      ['POST', '/api/tts/synthesize/bulk/cancel', { jobId: 'tts-x' }],
    ];
    for (const [method, url, body] of calls) {
      expect(`${method} ${url} ${(await h.request(method as 'GET', url, { body })).status}`).toBe(
        `${method} ${url} 401`,
      );
      expect(`${method} ${url} ${(await h.request(method as 'GET', url, { body, token: learner })).status}`).toBe(
        `${method} ${url} 403`,
      );
    }
  });

  it.each([
    ['an unknown provider', { subject: 'vagus-nerve', provider: 'polly' }, /provider/],
    ['a format other than mp3', { subject: 'vagus-nerve', format: 'wav' }, /format/],
    ['a job id with a slash', { subject: 'vagus-nerve', jobId: 'a/b' }, /jobId/],
    ['a numeric job id', { subject: 'vagus-nerve', jobId: '12345' }, /jobId/],
    ['a job id over 100 characters', { subject: 'vagus-nerve', jobId: 'x'.repeat(101) }, /jobId/],
    ['a long delay', { subject: 'vagus-nerve', delayMs: 60000 }, /delayMs/],
    ['a negative delay', { subject: 'vagus-nerve', delayMs: -1 }, /delayMs/],
    ['includeAll as a string', { subject: 'vagus-nerve', includeAll: 'yes' }, /includeAll/],
    ['a voice id that is a path', { subject: 'vagus-nerve', voiceId: '/etc/passwd' }, /voiceId/],
    ['an unknown field', { subject: 'vagus-nerve', extra: 1 }, /extra/],
    ['no subject', {}, /subject/],
  ])('400 for %s', async (_, body, message) => {
    for (const url of ['/api/tts/synthesize/bulk/stream', '/api/tts/synthesize/bulk']) {
      const res = await h.post<ApiError>(url, body, { token: studio });
      expect(`${url} ${res.status}`).toBe(`${url} 400`);
      expect(res.body.message).toMatch(message);
    }
  });

  it('400 for a bad single-section request, a bad cancel and bad overrides', async () => {
    const bad: [string, string, unknown][] = [
      ['POST', '/api/tts/synthesize', { subject: 'vagus-nerve', sectionId: 'vn-anatomy', format: 'ogg' }],
      ['POST', '/api/tts/synthesize', { subject: 'vagus-nerve', sectionId: '../x' }],
      ['POST', '/api/tts/synthesize/bulk/cancel', { jobId: '' }],
      ['POST', '/api/tts/synthesize/bulk/cancel', {}],
      ['PUT', '/api/tts/overrides/vagus-nerve', { overrides: [] }],
      ['PUT', '/api/tts/overrides/vagus-nerve', { overrides: { 'vn-anatomy': { text: 5 } } }],
      ['PUT', '/api/tts/overrides/vagus-nerve', { overrides: { 'vn-anatomy': { other: 'x' } } }],
      ['PUT', '/api/tts/overrides/vagus-nerve', { overrides: { 'vn-anatomy': { voiceId: '../../x' } } }],
      ['PUT', '/api/tts/overrides/vagus-nerve', { overrides: { 'no-such-section': { text: 'Hello.' } } }],
    ];
    for (const [method, url, body] of bad) {
      const res = await h.request(method as 'POST', url, { body, token: studio });
      expect(`${method} ${url} ${JSON.stringify(body)} ${res.status}`).toBe(
        `${method} ${url} ${JSON.stringify(body)} 400`,
      );
    }
  });

  it('404 for an unknown subject, section or run', async () => {
    const missing: [string, string, unknown][] = [
      ['GET', '/api/tts/overrides/no-such-subject', undefined],
      ['PUT', '/api/tts/overrides/no-such-subject', { overrides: {} }],
      ['POST', '/api/tts/synthesize', { subject: 'no-such-subject', sectionId: 'vn-anatomy' }],
      ['POST', '/api/tts/synthesize', { subject: 'vagus-nerve', sectionId: 'no-such-section' }],
      ['POST', '/api/tts/synthesize/bulk/stream', { subject: 'no-such-subject' }],
      ['POST', '/api/tts/synthesize/bulk', { subject: 'no-such-subject' }],
      ['POST', '/api/tts/synthesize/bulk/cancel', { jobId: 'tts-never-started' }],
    ];
    for (const [method, url, body] of missing) {
      const res = await h.request(method as 'POST', url, { body, token: studio });
      expect(`${method} ${url} ${res.status}`).toBe(`${method} ${url} 404`);
    }
  });
});
