// Before anything boots: the static learner UI (and its index.html fallback for unknown paths) is
// served, so these tests also show that it does not swallow /media/{subject}/tts_scripts.json.
process.env.SERVE_UI = 'true';

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaLibraryService, type MediaFileRecord } from '../../src/modules/media/media-library.service';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, type ApiResponse, Harness, type TestUser } from '../support/harness';

interface MediaList {
  files: { name: string; url: string; free: boolean; size: number; captions: string | null }[];
}
interface ScriptSection {
  id: string;
  title: string;
  text: string;
  audio_url: string | null;
  est_seconds: number;
}

const SUBJECT = 'vagus-nerve';
const FREE_AUDIO = 'tts/vn-what-is-the-vagus-nerve-0000aaaa.mp3';
const FREE_CAPTIONS = 'tts/vn-what-is-the-vagus-nerve-0000aaaa.vtt';
const PAID_AUDIO_2 = 'tts/vn-anatomy-0000bbbb.mp3';
const PAID_AUDIO_3 = 'tts/vn-afferent-efferent-0000cccc.mp3';
const PAID_VIDEO = 'video/overview.mp4';

let h: Harness;
let library: MediaLibraryService;
let studio: string;
let owner: TestUser;
let stranger: TestUser;
let dir: string;
let mp3: Buffer;
let sections: string[];

/** A real small mp3 (ffmpeg when there is one; else any bytes do for range requests). */
function makeMp3(path: string): Buffer {
  try {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=2',
      '-q:a',
      '9',
      '-y',
      path,
    ]);
  } catch {
    writeFileSync(path, Buffer.alloc(8000, 7));
  }
  return readFileSync(path);
}

function add(fileName: string, sourcePath: string, extra: Partial<Parameters<MediaLibraryService['add']>[1]> = {}) {
  return library.add(null, {
    subjectId: SUBJECT,
    kind: 'audio',
    fileName,
    sourcePath,
    durationMs: 2000,
    provider: 'local',
    voice: 'test',
    ...extra,
  });
}

const names = (r: ApiResponse<MediaList>) => r.body.files.map((f) => f.name).sort();
const urlOf = (r: ApiResponse<MediaList>, name: string) => r.body.files.find((f) => f.name === name)!.url;

/** A signed URL with one query parameter changed. */
function withParam(url: string, key: string, value: string): string {
  const u = new URL(url, 'http://x');
  u.searchParams.set(key, value);
  return `${u.pathname}${u.search}`;
}

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  library = h.app.get(MediaLibraryService);
  studio = await h.demoToken('studio');
  owner = await h.learnerWith([SUBJECT], 'media-owner');
  stranger = await h.learnerWith(['metabolic'], 'media-stranger');
  sections = (
    await h.sql<{ id: string }>(`select id from lecture_sections where subject_id = ? order by position, id`, [SUBJECT])
  ).map((r) => r.id);

  dir = mkdtempSync(join(tmpdir(), 'lp-media-src-'));
  mp3 = makeMp3(join(dir, 'tone.mp3'));
  writeFileSync(join(dir, 'captions.vtt'), 'WEBVTT\n\n00:00.000 --> 00:02.000\nA tone.\n');
  writeFileSync(join(dir, 'video.mp4'), Buffer.alloc(4096, 1));
  await add(FREE_AUDIO, join(dir, 'tone.mp3'), {
    sectionId: sections[0],
    textHash: 'aaaa',
    free: true,
    captionsFile: FREE_CAPTIONS,
  });
  await add(FREE_CAPTIONS, join(dir, 'captions.vtt'), { kind: 'captions', sectionId: sections[0], textHash: 'aaaa' });
  await add(PAID_AUDIO_2, join(dir, 'tone.mp3'), { sectionId: sections[1], textHash: 'bbbb' });
  await add(PAID_AUDIO_3, join(dir, 'tone.mp3'), { sectionId: sections[2], textHash: 'cccc' });
  // made for a lecture section, so published: an upload no topic plays is the Studio's alone (media-uploads e2e)
  await add(PAID_VIDEO, join(dir, 'video.mp4'), {
    kind: 'video',
    sectionId: sections[3],
    textHash: 'dddd',
    durationMs: 60000,
    provider: null,
    voice: null,
  });
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the library', () => {
  it('holds the content migration sections, and the files it was given on disk under MEDIA_DIR', async () => {
    expect(sections.slice(0, 3)).toEqual(['vn-what-is-the-vagus-nerve', 'vn-anatomy', 'vn-afferent-efferent']);
    const [row] = await h.sql<{ size: string; content_hash: string; storage_key: string }>(
      `select size, content_hash, storage_key from media_files where subject_id = ? and file_name = ?`,
      [SUBJECT, PAID_AUDIO_2],
    );
    expect(Number(row.size)).toBe(mp3.length);
    expect(row.storage_key).toBe(`${SUBJECT}/${PAID_AUDIO_2}`);
    expect(readFileSync(join(process.env.MEDIA_DIR!, row.storage_key)).equals(mp3)).toBe(true);
  });

  it('adds a file once: the same section, text, provider and voice again returns the first', async () => {
    const before = await h.sql(`select id from media_files where subject_id = ?`, [SUBJECT]);
    const again = await add(PAID_AUDIO_2, join(dir, 'video.mp4'), { sectionId: sections[1], textHash: 'bbbb' });
    expect(again.size).toBe(mp3.length);
    expect(await h.sql(`select id from media_files where subject_id = ?`, [SUBJECT])).toHaveLength(before.length);
    expect(readFileSync(join(process.env.MEDIA_DIR!, SUBJECT, PAID_AUDIO_2)).equals(mp3)).toBe(true);
  });

  it('refuses a file name that would leave the subject folder', async () => {
    await expect(add('../escape.mp3', join(dir, 'tone.mp3'))).rejects.toThrow(/Invalid media file name/);
    await expect(add('tts/../../x.mp3', join(dir, 'tone.mp3'))).rejects.toThrow(/Invalid media file name/);
    expect(existsSync(join(process.env.MEDIA_DIR!, 'escape.mp3'))).toBe(false);
  });
});

describe('GET /api/media/secure', () => {
  const all = [FREE_AUDIO, PAID_AUDIO_2, PAID_AUDIO_3, PAID_VIDEO].sort();

  it('lists every file for an owner and for studio staff, each with a signed URL', async () => {
    for (const token of [owner.token, studio]) {
      const res = await h.get<MediaList>(`/api/media/secure?subject=${SUBJECT}`, { token });
      expect(res.status).toBe(200);
      expect(names(res)).toEqual(all);
      for (const f of res.body.files) expect(f.url).toMatch(/^\/api\/media\/file\/vagus-nerve\/.+\?u=.*&exp=\d+&sig=/);
    }
    const res = await h.get<MediaList>(`/api/media/secure?subject=${SUBJECT}`, { token: owner.token });
    const free = res.body.files.find((f) => f.name === FREE_AUDIO)!;
    expect(free).toMatchObject({ free: true, size: mp3.length });
    // the captions travel with their audio, not as a file of their own
    expect(free.captions).toContain(encodeURIComponent(FREE_CAPTIONS));
    expect(res.body.files.find((f) => f.name === PAID_AUDIO_2)).toMatchObject({ free: false, captions: null });
  });

  it('lists only free files for a signed-out visitor and for a learner who does not own the course', async () => {
    for (const token of [undefined, stranger.token]) {
      const res = await h.get<MediaList>(`/api/media/secure?subject=${SUBJECT}`, { token });
      expect(res.status).toBe(200);
      expect(names(res)).toEqual([FREE_AUDIO]);
    }
  });

  it('answers 400 without a subject, 404 for an unknown one, 401 for a bad token', async () => {
    expect((await h.get<ApiError>('/api/media/secure')).body).toMatchObject({ statusCode: 400 });
    expect((await h.get('/api/media/secure?subject=no-such-subject', { token: owner.token })).status).toBe(404);
    expect((await h.get('/api/media/secure?subject=no-such-subject')).status).toBe(404);
    expect((await h.get(`/api/media/secure?subject=${SUBJECT}`, { token: 'not-a-token' })).status).toBe(401);
  });
});

describe('streams with HTTP Range', () => {
  let url: string;
  beforeAll(async () => {
    url = urlOf(await h.get<MediaList>(`/api/media/secure?subject=${SUBJECT}`, { token: owner.token }), PAID_AUDIO_2);
  });

  async function raw(path: string, headers: Record<string, string> = {}) {
    return h.app.inject({ method: 'GET', url: path, headers });
  }

  it('200 with the whole file without a range, private and not sniffable', async () => {
    const res = await raw(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(mp3)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(mp3.length);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('206 with exactly the bytes asked for and their Content-Range', async () => {
    const res = await raw(url, { range: 'bytes=0-99' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-99/${mp3.length}`);
    expect(res.rawPayload).toHaveLength(100);
    expect(res.rawPayload.equals(mp3.subarray(0, 100))).toBe(true);
    const tail = await raw(url, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(mp3.subarray(mp3.length - 10))).toBe(true);
  });

  it('416 past the end', async () => {
    const res = await raw(url, { range: `bytes=${mp3.length + 10}-${mp3.length + 20}` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${mp3.length}`);
    expect(res.json()).toMatchObject({ statusCode: 416 });
  });

  it('the same through /api/media/secure/stream for an owner, with the bearer token', async () => {
    const path = `/api/media/secure/stream?subject=${SUBJECT}&file=${encodeURIComponent(PAID_AUDIO_2)}`;
    const auth = { authorization: `Bearer ${owner.token}` };
    const full = await raw(path, auth);
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(mp3)).toBe(true);
    expect(full.headers['cache-control']).toBe('private, no-store');
    const part = await raw(path, { ...auth, range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${mp3.length}`);
    expect(part.rawPayload).toHaveLength(100);
    expect((await raw(path, { ...auth, range: `bytes=${mp3.length}-` })).statusCode).toBe(416);
  });
});

describe('GET /api/media/secure/stream refusals', () => {
  const stream = (file: string, subject = SUBJECT) =>
    `/api/media/secure/stream?subject=${subject}&file=${encodeURIComponent(file)}`;

  it('a paid file: 401 signed out, 403 for a learner who does not own the course, 200 for studio', async () => {
    expect((await h.get<ApiError>(stream(PAID_AUDIO_3))).status).toBe(401);
    const refused = await h.get<ApiError>(stream(PAID_AUDIO_3), { token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have access to this course. Buy access to continue.');
    expect((await h.get(stream(PAID_AUDIO_3), { token: studio })).status).toBe(200);
  });

  it('a free file and its captions: anyone', async () => {
    expect((await h.get(stream(FREE_AUDIO))).status).toBe(200);
    const captions = await h.get<string>(stream(FREE_CAPTIONS), { token: stranger.token });
    expect(captions.status).toBe(200);
    expect(captions.body).toContain('WEBVTT');
  });

  it('400 without a file or subject, 404 for an unknown file or subject', async () => {
    expect((await h.get(`/api/media/secure/stream?subject=${SUBJECT}`, { token: owner.token })).status).toBe(400);
    expect((await h.get(`/api/media/secure/stream?file=x.mp3`, { token: owner.token })).status).toBe(400);
    expect((await h.get(stream('tts/nothing.mp3'), { token: owner.token })).status).toBe(404);
    expect((await h.get(stream(FREE_AUDIO, 'no-such-subject'), { token: owner.token })).status).toBe(404);
  });
});

describe('signed URLs', () => {
  let url: string;
  let freeUrl: string;
  beforeAll(async () => {
    const res = await h.get<MediaList>(`/api/media/secure?subject=${SUBJECT}`, { token: owner.token });
    url = urlOf(res, PAID_AUDIO_2);
    freeUrl = urlOf(await h.get<MediaList>(`/api/media/secure?subject=${SUBJECT}`), FREE_AUDIO);
  });

  it('name the user they were issued to and play without any token', async () => {
    expect(new URL(url, 'http://x').searchParams.get('u')).toBe(owner.id);
    expect((await h.get(url)).status).toBe(200);
    expect(new URL(freeUrl, 'http://x').searchParams.get('u')).toBe('');
    expect((await h.get(freeUrl)).status).toBe(200);
  });

  it('403 when any signed part is changed: signature, expiry, file, subject or user', async () => {
    const u = new URL(url, 'http://x');
    const sig = u.searchParams.get('sig')!;
    const exp = Number(u.searchParams.get('exp'));
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    const tampered = [
      withParam(url, 'sig', flipped),
      withParam(url, 'sig', sig.slice(0, -1)),
      withParam(url, 'sig', ''),
      withParam(url, 'exp', String(exp + 3600)),
      withParam(url, 'exp', 'soon'),
      withParam(url, 'u', stranger.id),
      withParam(url, 'u', ''),
      url.replace(encodeURIComponent(PAID_AUDIO_2), encodeURIComponent(PAID_AUDIO_3)),
      url.replace(`/file/${SUBJECT}/`, '/file/metabolic/'),
      url.split('?')[0],
    ];
    for (const t of tampered) {
      const res = await h.get<ApiError>(t);
      expect([t, res.status, res.body.message]).toEqual([t, 403, 'This media link is not valid']);
    }
  });

  it('403 once expired', async () => {
    const file = (await library.find(SUBJECT, PAID_AUDIO_3)) as MediaFileRecord;
    const past = library.signedUrl(file, owner.id, -1);
    const res = await h.get<ApiError>(past);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This media link has expired');

    // a link for 60 s plays now and is refused once the server's clock has passed it (moved, not waited for)
    const short = library.signedUrl(file, owner.id, 60);
    expect((await h.get(short)).status).toBe(200);
    const later = Date.now() + 61_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      const expired = await h.get<ApiError>(short);
      expect([expired.status, expired.body.message]).toEqual([403, 'This media link has expired']);
    } finally {
      clock.mockRestore();
    }
  });

  it('last as long as the media plus ten minutes by default', async () => {
    const exp = (u: string) => Number(new URL(u, 'http://x').searchParams.get('exp'));
    const now = Math.floor(Date.now() / 1000);
    const res = await h.get<MediaList>(`/api/media/secure?subject=${SUBJECT}`, { token: owner.token });
    expect(exp(urlOf(res, PAID_AUDIO_2)) - now).toBeGreaterThanOrEqual(602 - 1);
    expect(exp(urlOf(res, PAID_AUDIO_2)) - now).toBeLessThanOrEqual(602 + 1);
    expect(exp(urlOf(res, PAID_VIDEO)) - now).toBeGreaterThanOrEqual(660 - 1);
  });
});

describe('GET /media/{subject}/tts_scripts.json', () => {
  it('gives an owner and studio every section, with signed audio where there is audio', async () => {
    for (const token of [owner.token, studio]) {
      const res = await h.get<ScriptSection[]>(`/media/${SUBJECT}/tts_scripts.json`, { token });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toHaveLength(16);
      expect(res.body.map((s) => s.id)).toEqual(sections);
      expect(res.body[0]).toMatchObject({
        id: sections[0],
        title: expect.any(String),
        est_seconds: expect.any(Number),
      });
      expect(res.body[0].text.length).toBeGreaterThan(20);
      expect(res.body[0].audio_url).toContain(encodeURIComponent(FREE_AUDIO));
      expect(res.body[1].audio_url).toContain(encodeURIComponent(PAID_AUDIO_2));
      expect(res.body[2].audio_url).toContain(encodeURIComponent(PAID_AUDIO_3));
      expect(res.body[3].audio_url).toBeNull();
      expect((await h.get(res.body[1].audio_url!)).status).toBe(200);
    }
  });

  it('gives everyone else the first two sections, with audio only where it is free', async () => {
    for (const token of [undefined, stranger.token]) {
      const res = await h.get<ScriptSection[]>(`/media/${SUBJECT}/tts_scripts.json`, { token });
      expect(res.status).toBe(200);
      expect(res.body.map((s) => s.id)).toEqual(sections.slice(0, 2));
      expect(res.body[0].audio_url).toContain(encodeURIComponent(FREE_AUDIO));
      expect(res.body[1].audio_url).toBeNull();
      expect((await h.get(res.body[0].audio_url!)).status).toBe(200);
    }
  });

  it('is served outside /api only, and never by the learner site fallback', async () => {
    expect((await h.get(`/api/media/${SUBJECT}/tts_scripts.json`)).status).toBe(404);
    // the fallback is there (an unknown page is the learner site) but does not answer for the scripts
    const page = await h.get<string>(`/media/${SUBJECT}/other.json`);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect((await h.get(`/media/no-such-subject/tts_scripts.json`)).status).toBe(404);
    expect((await h.get(`/media/no-such-subject/tts_scripts.json`)).headers['content-type']).toMatch(/json/);
    expect((await h.get(`/media/${SUBJECT}/tts_scripts.json`, { token: 'not-a-token' })).status).toBe(401);
  });

  it('is listed in the OpenAPI document where it is served', async () => {
    const doc = await h.get<{ paths: Record<string, unknown> }>('/api/docs/json');
    expect(Object.keys(doc.body.paths)).toContain('/media/{subject}/tts_scripts.json');
    expect(Object.keys(doc.body.paths)).not.toContain('/api/media/{subject}/tts_scripts.json');
    expect(Object.keys(doc.body.paths)).toContain('/api/media/secure');
  });
});

describe('publishing a version', () => {
  it("marks the changed nodes' audio and captions stale; stale audio still plays; the next run re-makes it", async () => {
    await h.sql(`delete from node_overlays`);
    const nodeId = sections[0];
    const node = await h.get<{ title: string; summary_html: string; variants: Record<string, string>; etag: string }>(
      `/api/studio/nodes/${nodeId}?subject=${SUBJECT}`,
      { token: studio },
    );
    expect(node.status).toBe(200);
    const saved = await h.put(
      `/api/studio/nodes/${nodeId}?subject=${SUBJECT}`,
      {
        ...node.body,
        title: `${node.body.title} (revised)`,
        summary_html: '<p>revised</p>',
        variants: node.body.variants,
        sources: [],
      },
      { token: studio, headers: { 'if-match': node.body.etag } },
    );
    expect(saved.status).toBe(200);
    const published = await h.post<{ changedNodes: string[] }>(
      '/api/studio/versions/publish',
      { subjectId: SUBJECT },
      { token: studio },
    );
    expect(published.status).toBe(200);
    expect(published.body.changedNodes).toEqual([nodeId]);

    const stale = await h.sql<{ file_name: string; stale: boolean }>(
      `select file_name, stale from media_files where subject_id = ? order by file_name`,
      [SUBJECT],
    );
    expect(stale.filter((r) => r.stale).map((r) => r.file_name)).toEqual([FREE_AUDIO, FREE_CAPTIONS]);

    const scripts = await h.get<ScriptSection[]>(`/media/${SUBJECT}/tts_scripts.json`);
    expect((await h.get(scripts.body[0].audio_url!)).status).toBe(200);

    // a bulk run making the same audio again replaces the stale file rather than skipping it
    const remade = await add(FREE_AUDIO, join(dir, 'tone.mp3'), {
      sectionId: nodeId,
      textHash: 'aaaa',
      free: true,
      captionsFile: FREE_CAPTIONS,
    });
    expect(remade.stale).toBe(false);
    const [row] = await h.sql<{ n: number }>(
      `select count(*)::int as n from media_files where subject_id = ? and section_id = ? and kind = 'audio'`,
      [SUBJECT, nodeId],
    );
    expect(row.n).toBe(1);
  });
});
