import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { Harness } from '../support/harness';

/**
 * Bulk synthesis through ElevenLabs (the SDK), against a local stand-in for its API: the app is booted
 * with ELEVENLABS_API_KEY and ELEVENLABS_BASE_URL, so the default provider is really ElevenLabs here.
 */

const SUBJECT = 'ai-user';
const VOICE = 'fakeVoice123';

interface Seen {
  url: string;
  apiKey: string | undefined;
  text: string;
}

/** 0.4 s of a tone per word, as ElevenLabs' pcm_22050 (signed 16-bit mono); `status` makes it refuse instead. */
class FakeElevenLabs {
  seen: Seen[] = [];
  status = 200;
  private server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { text: string };
      this.seen.push({ url: req.url!, apiKey: req.headers['xi-api-key'] as string | undefined, text: body.text });
      if (this.status !== 200) {
        res.writeHead(this.status, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ detail: { status: 'invalid_api_key', message: 'Invalid API key' } }));
      }
      const n = Math.round(22050 * 0.4 * body.text.split(/\s+/).length);
      const pcm = Buffer.alloc(n * 2);
      for (let i = 0; i < n; i++) pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / 22050) * 9000), i * 2);
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(pcm);
    });
  });

  listen(): Promise<string> {
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () =>
        resolve(`http://127.0.0.1:${(this.server.address() as AddressInfo).port}`),
      ),
    );
  }

  close(): Promise<void> {
    return new Promise((r) => {
      this.server.close(() => r());
      this.server.closeAllConnections();
    });
  }
}

interface BulkEvent {
  type: string;
  [key: string]: unknown;
}
const parse = (body: unknown): BulkEvent[] =>
  String(body)
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as BulkEvent);

const saved = { key: process.env.ELEVENLABS_API_KEY, base: process.env.ELEVENLABS_BASE_URL };
let h: Harness;
let fake: FakeElevenLabs;
let studio: string;
let ids: string[];

beforeAll(async () => {
  fake = new FakeElevenLabs();
  process.env.ELEVENLABS_API_KEY = 'xi-e2e-key';
  process.env.ELEVENLABS_BASE_URL = await fake.listen();
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  studio = await h.demoToken('studio');
  ids = (
    await h.sql<{ id: string }>(`select id from lecture_sections where subject_id = ? order by position`, [SUBJECT])
  ).map((r) => r.id);
  const overrides = Object.fromEntries(ids.map((id, i) => [id, { text: `Part ${i + 1} of the course.` }]));
  expect((await h.put(`/api/tts/overrides/${SUBJECT}`, { overrides }, { token: studio })).status).toBe(200);
}, 60000);

afterAll(async () => {
  await h?.close();
  await fake?.close();
  for (const [name, value] of [
    ['ELEVENLABS_API_KEY', saved.key],
    ['ELEVENLABS_BASE_URL', saved.base],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

it('synthesises every section through ElevenLabs with the key and voice; a refusing API fails items, not the run', async () => {
  const res = await h.post<string>(
    '/api/tts/synthesize/bulk/stream',
    { subject: SUBJECT, voiceId: VOICE, format: 'mp3', jobId: 'tts-e2e-eleven' },
    { token: studio },
  );
  expect(res.status).toBe(200);
  const events = parse(res.body);
  expect(events[0]).toEqual(
    expect.objectContaining({ type: 'start', total: ids.length, provider: 'elevenlabs', fellBack: false }),
  );
  expect(events.filter((e) => e.type === 'item').every((e) => e.ok === true && e.status === 'synthesized')).toBe(true);
  expect(events.at(-1)).toEqual(
    expect.objectContaining({ type: 'done', attempted: ids.length, succeeded: ids.length, failed: 0 }),
  );

  // one call per sentence (one sentence per section here), with the key, to the voice's path
  expect(fake.seen).toHaveLength(ids.length);
  expect(new Set(fake.seen.map((s) => s.apiKey))).toEqual(new Set(['xi-e2e-key']));
  expect(fake.seen.every((s) => new URL(s.url, 'http://x').pathname === `/v1/text-to-speech/${VOICE}`)).toBe(true);
  expect(fake.seen.map((s) => s.text).sort()).toEqual(ids.map((_, i) => `Part ${i + 1} of the course.`).sort());
  const rows = await h.sql<{ provider: string; voice: string; duration_ms: number }>(
    `select provider, voice, duration_ms from media_files where subject_id = ? and kind = 'audio'`,
    [SUBJECT],
  );
  expect(rows).toHaveLength(ids.length);
  expect(rows.every((r) => r.provider === 'elevenlabs' && r.voice === VOICE)).toBe(true);
  // five words at 0.4 s each
  expect(rows.every((r) => Math.abs(r.duration_ms - 2000) < 50)).toBe(true);

  // the same request again: everything is current, ElevenLabs is not called
  fake.seen = [];
  const again = parse(
    (await h.post('/api/tts/synthesize/bulk/stream', { subject: SUBJECT, voiceId: VOICE }, { token: studio })).body,
  );
  expect(again.at(-1)).toEqual(expect.objectContaining({ type: 'done', skipped: ids.length, attempted: 0 }));
  expect(fake.seen).toHaveLength(0);

  // ElevenLabs refusing the key: each section is a failed item with the reason, the run still ends with done
  fake.status = 401;
  const refused = await h.post<{ failed: number; succeeded: number; items: { ok: boolean; error: string }[] }>(
    '/api/tts/synthesize/bulk',
    { subject: SUBJECT, voiceId: VOICE, includeAll: true },
    { token: studio },
  );
  expect(refused.status).toBe(200);
  expect(refused.body).toEqual(expect.objectContaining({ failed: ids.length, succeeded: 0 }));
  expect(refused.body.items.every((i) => !i.ok && /401|invalid/i.test(i.error))).toBe(true);
}, 120000);
