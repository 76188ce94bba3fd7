// Before anything boots (config is read then): a one-minute cap, so "too long" needs no hour of video.
process.env.MEDIA_UPLOAD_MAX_SECONDS = '60';

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BODY_NOT_OBJECT_MESSAGE } from '../../src/common/http/validation';
import { MediaSweeper } from '../../src/modules/media/media-sweeper.service';
import { Ffmpeg } from '../../src/modules/media/speech/ffmpeg';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, Harness, type TestUser } from '../support/harness';
import { writeLyingMp4 } from '../support/lying-mp4';

interface MediaRow {
  id: string;
  name: string;
  path: string;
  url: string;
  durationMs: number | null;
}
interface MediaList {
  files: { name: string; url: string }[];
}

const SUBJECT = 'vagus-nerve';

let h: Harness;
let studio: string;
let owner: TestUser;
let dir: string;
const bytes = new Map<string, Buffer>();

/** A multipart/form-data body: the subject, then the file. */
function upload(filename: string, content: Buffer) {
  const boundary = `----lp-test-${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="subjectId"\r\n\r\n${SUBJECT}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return h.request<MediaRow & ApiError>('POST', '/api/admin/media', {
    body,
    token: studio,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** What MEDIA_DIR holds under the subject's upload folder, and the library rows of uploads. */
async function uploadsStored() {
  const folder = join(process.env.MEDIA_DIR!, SUBJECT, 'upload');
  const files = existsSync(folder) ? readdirSync(folder).sort() : [];
  const rows = await h.sql<{ file_name: string }>(
    `select file_name from media_files where subject_id = ? and provider = 'upload' order by file_name`,
    [SUBJECT],
  );
  return { files, rows: rows.map((r) => r.file_name.replace(/^upload\//, '')) };
}

const expiresIn = (url: string) => Number(new URL(url, 'http://x').searchParams.get('exp')) - Date.now() / 1000;

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  studio = await h.demoToken('studio');
  owner = await h.learnerWith([SUBJECT], 'media-uploads-owner');
  dir = mkdtempSync(join(tmpdir(), 'lp-media-uploads-'));
  const ffmpeg = Ffmpeg.locate().binary;
  for (const hours of [500, 600]) {
    writeLyingMp4(ffmpeg, join(dir, `claims-${hours}h.mp4`), hours);
    bytes.set(`claims-${hours}h`, readFileSync(join(dir, `claims-${hours}h.mp4`)));
  }
  // 70 s of streams (a tiny picture at one frame a second), honestly declared
  execFileSync(ffmpeg, [
    ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'color=c=green:s=32x32:r=1:d=70'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', join(dir, 'long.mp4')],
  ]);
  bytes.set('long', readFileSync(join(dir, 'long.mp4')));
}, 60_000);
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an upload whose header lies about its length', () => {
  it.each([600, 500])('claiming %i hours: 201 with the 2 s its streams last, a short-lived URL', async (hours) => {
    const res = await upload(`claims-${hours}h.mp4`, bytes.get(`claims-${hours}h`)!);
    expect(res.status).toBe(201);
    expect(res.body.durationMs).toBeGreaterThan(1800);
    expect(res.body.durationMs).toBeLessThan(2300);
    // the media's length and ten minutes, not the 20 days the claim would sign
    expect(expiresIn(res.body.url)).toBeLessThan(2 + 600 + 5);
    const [row] = await h.sql<{ duration_ms: number }>(`select duration_ms from media_files where id = ?`, [
      res.body.id,
    ]);
    expect(row.duration_ms).toBe(res.body.durationMs);
    // every stored upload has its row: nothing orphaned
    const stored = await uploadsStored();
    expect(stored.files).toEqual(stored.rows);
  });

  it('70 s of streams over MEDIA_UPLOAD_MAX_SECONDS=60: 400 naming both, nothing stored', async () => {
    const before = await uploadsStored();
    const res = await upload('long.mp4', bytes.get('long')!);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The video lasts 1:(0[1-9]|10); the longest upload is 1:00$/);
    expect(await uploadsStored()).toEqual(before);
  });
});

describe('uploads a topic does not play are the Studio’s alone', () => {
  const secure = (token?: string) => h.get<MediaList>(`/api/media/secure?subject=${SUBJECT}`, { token });
  const stream = (name: string, token?: string) =>
    h.get<ApiError>(`/api/media/secure/stream?subject=${SUBJECT}&file=${encodeURIComponent(name)}`, { token });

  it('an owner neither lists nor streams an unpublished upload; after attach and publish they do', async () => {
    const up = await upload('unpublished.mp4', bytes.get('claims-600h')!);
    expect(up.status).toBe(201);
    const names = async (token?: string) => (await secure(token)).body.files.map((f) => f.name);

    expect(await names(studio)).toContain(up.body.name);
    expect((await stream(up.body.name, studio)).status).toBe(200);
    expect(await names(owner.token)).not.toContain(up.body.name);
    const refused = await stream(up.body.name, owner.token);
    expect([refused.status, refused.body.message]).toEqual([404, 'Media file not found']);

    // attached in the draft only: still not published
    const [node] = await h.sql<{ id: string }>(
      `select id from topic_nodes where subject_id = ? and archived_at is null order by position desc, id limit 1`,
      [SUBJECT],
    );
    const attached = await h.post(
      '/api/admin/media/attach',
      { subjectId: SUBJECT, nodeId: node.id, url: up.body.path },
      {
        token: studio,
      },
    );
    expect(attached.status).toBe(200);
    expect(await names(owner.token)).not.toContain(up.body.name);
    const published = await h.post('/api/studio/versions/publish', { subjectId: SUBJECT }, { token: studio });
    expect(published.status).toBe(200);
    expect(await names(owner.token)).toContain(up.body.name);
    expect((await stream(up.body.name, owner.token)).status).toBe(200);
  });
});

describe('the media sweeper', () => {
  it('a day on, removes bytes no library row names and keeps every row’s', async () => {
    const up = await upload('kept.mp4', bytes.get('claims-500h')!);
    expect(up.status).toBe(201);
    const folder = join(process.env.MEDIA_DIR!, SUBJECT, 'upload');
    mkdirSync(folder, { recursive: true });
    // what a process that died between the bytes and the row leaves behind
    writeFileSync(join(folder, 'deadbeef-orphan.mp4'), bytes.get('claims-500h')!);
    const sweeper = h.app.get(MediaSweeper);
    // today everything is too young to judge
    expect(await sweeper.sweep()).toEqual({ orphans: 0, incomplete: 0 });
    expect(existsSync(join(folder, 'deadbeef-orphan.mp4'))).toBe(true);
    const later = await sweeper.sweep(new Date(Date.now() + 25 * 3600 * 1000));
    expect(later.orphans).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(folder, 'deadbeef-orphan.mp4'))).toBe(false);
    const stored = await uploadsStored();
    expect(stored.files).toEqual(stored.rows);
    expect(stored.files).toContain(up.body.name.replace(/^upload\//, ''));
    expect((await h.get(up.body.url)).status).toBe(200);
  });
});

describe('null bodies', () => {
  let learner: TestUser;
  const assess = (payload: string) =>
    h.request<ApiError>('POST', '/api/me/challenges/vagus-breath-7/days/1/bot/assess', {
      body: payload,
      token: learner.token,
      headers: { 'content-type': 'application/json' },
    });
  beforeAll(async () => {
    learner = await h.learnerWith(SUBJECT, 'media-uploads-bot');
    const today = new Date().toISOString().slice(0, 10);
    const enrolled = await h.post(
      '/api/challenges/vagus-breath-7/enroll',
      { startLocalDate: today, timezone: 'UTC', dailyUnlockLocalTime: '00:00' },
      { token: learner.token },
    );
    expect(enrolled.status).toBe(201);
  });

  it('bot assess: {"submission": null} is a 400 naming the field, not a 500', async () => {
    const res = await assess('{"submission": null}');
    expect([res.status, res.body.message]).toEqual([400, 'submission must be an object of field to text']);
  });

  it.each(['null', '"text"', '42', '[]'])('a body of %s bound to a DTO is a 400', async (payload) => {
    const res = await assess(payload);
    expect([res.status, res.body.message]).toEqual([400, BODY_NOT_OBJECT_MESSAGE]);
    // any route with a DTO body: the check is the global pipe's
    const login = await h.request<ApiError>('POST', '/api/auth/login', {
      body: payload,
      headers: { 'content-type': 'application/json' },
    });
    expect([login.status, login.body.message]).toEqual([400, BODY_NOT_OBJECT_MESSAGE]);
  });
});
