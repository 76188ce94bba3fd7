// Before anything boots (config is read then): a small upload cap, so "too big" needs no 200 MB body.
process.env.MEDIA_UPLOAD_MAX_BYTES = String(512 * 1024);

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaLibraryService, type MediaFileRecord } from '../../src/modules/media/media-library.service';
import { Ffmpeg } from '../../src/modules/media/speech/ffmpeg';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, type ApiResponse, Harness, type Method, type TestUser } from '../support/harness';

interface MediaRow {
  id: string;
  subjectId: string;
  nodeId: string | null;
  sectionId: string | null;
  name: string;
  path: string;
  url: string;
  captions: string | null;
  size: number;
  durationMs: number | null;
  stale: boolean;
  free: boolean;
  source: 'render' | 'upload';
  createdAt: string;
}
interface Attached {
  nodeId: string;
  subjectId: string;
  video: { url: string; title: string };
}
interface NodeDetail {
  id: string;
  title: string;
  video: { url: string; title: string; captions: string | null } | null;
}

const LIST_SUBJECT = 'ai-for-ceos';
const SUBJECT = 'vagus-nerve';
const CAP = 512 * 1024;

let h: Harness;
let library: MediaLibraryService;
let studio: string;
let owner: TestUser;
let learner: string;
let dir: string;
let mp4: Buffer;
let nodes: { id: string; title: string }[];
/** per test: a rendered video (with captions) and an audio file of a node of SUBJECT */
const seeded = new Map<string, { video: MediaFileRecord; audio: MediaFileRecord }>();
let listVideos: MediaFileRecord[];
let otherSubjectVideo: MediaFileRecord;

function ffmpeg(args: string[]) {
  execFileSync(Ffmpeg.locate().binary, ['-v', 'error', '-nostdin', '-y', ...args]);
}

/** The brief's one-second test video: blue 320x240 and a tone, H.264 + AAC. */
function makeMp4(path: string): Buffer {
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'color=c=blue:s=320x240:d=1', '-f', 'lavfi', '-i', 'sine=d=1'],
    ...['-shortest', '-c:v', 'libx264', '-c:a', 'aac', path],
  ]);
  return readFileSync(path);
}

function addFile(subjectId: string, fileName: string, source: string, extra: Record<string, unknown> = {}) {
  return library.add(null, { subjectId, kind: 'video', fileName, sourcePath: source, durationMs: 1000, ...extra });
}

/** A rendered video with its WebVTT sidecar and the audio it was made from, for one node. */
async function seedNode(nodeId: string) {
  const tag = nodeId
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8)
    .padEnd(8, '0');
  const vtt = `video/${nodeId}-${tag}.vtt`;
  await addFile(SUBJECT, vtt, join(dir, 'captions.vtt'), { kind: 'captions', sectionId: nodeId, textHash: tag });
  const video = await addFile(SUBJECT, `video/${nodeId}-${tag}.mp4`, join(dir, 'clip.mp4'), {
    sectionId: nodeId,
    provider: 'ffmpeg',
    voice: '320x240',
    textHash: tag,
    captionsFile: vtt,
  });
  const audio = await addFile(SUBJECT, `tts/${nodeId}-${tag}.mp3`, join(dir, 'tone.mp3'), {
    kind: 'audio',
    sectionId: nodeId,
    provider: 'local',
    voice: 'test',
    textHash: tag,
  });
  seeded.set(nodeId, { video, audio });
  return { video, audio };
}

/** A multipart/form-data body, parts in the order given. */
function form(parts: ({ name: string; value: string } | { name: string; filename: string; content: Buffer })[]) {
  const boundary = `----lp-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
            `Content-Type: application/octet-stream\r\n\r\n`,
        ),
        p.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(parts: Parameters<typeof form>[0], token: string | undefined = studio) {
  const { body, contentType } = form(parts);
  return h.request<MediaRow & ApiError>('POST', '/api/admin/media', {
    body,
    token,
    headers: { 'content-type': contentType },
  });
}

const list = (query: string, token: string | undefined = studio) =>
  h.get<MediaRow[] & ApiError>(`/api/admin/media?${query}`, { token });
const filterOf = (subjectId: string) => `filter=${encodeURIComponent(JSON.stringify({ subjectId }))}`;
const attach = (body: unknown, token = studio) =>
  h.post<Attached & ApiError>('/api/admin/media/attach', body, { token });
const publish = () =>
  h.post<{ version: number; changedNodes: string[] } & ApiError>(
    '/api/studio/versions/publish',
    { subjectId: SUBJECT },
    { token: studio },
  );
const learnerNode = (nodeId: string, token = owner.token) =>
  h.get<NodeDetail & ApiError>(`/api/graph/nodes/${nodeId}?subject=${SUBJECT}`, { token });
const path = (f: MediaFileRecord) => `/media/${f.subjectId}/${f.fileName}`;
const staleOf = async (f: MediaFileRecord) =>
  (await h.sql<{ stale: boolean }>(`select stale from media_files where id = ?`, [f.id]))[0].stale;
const uploadDirs = () => readdirSync(tmpdir()).filter((n) => n.startsWith('lp-upload-')).length;

/** GET of a signed URL, as a media element would (no token), optionally a range. */
const play = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  library = h.app.get(MediaLibraryService);
  studio = await h.demoToken('studio');
  owner = await h.learnerWith([SUBJECT], 'media-admin-owner');
  learner = (await h.newUser('media-admin-learner')).token;
  nodes = await h.sql<{ id: string; title: string }>(
    `select id, title from topic_nodes where subject_id = ? and archived_at is null order by position, id limit 8`,
    [SUBJECT],
  );

  dir = mkdtempSync(join(tmpdir(), 'lp-media-admin-'));
  mp4 = makeMp4(join(dir, 'clip.mp4'));
  ffmpeg(['-f', 'lavfi', '-i', 'sine=d=1', '-q:a', '9', join(dir, 'tone.mp3')]);
  writeFileSync(join(dir, 'captions.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.000\nA blue picture.\n');

  // the list subject: two videos (an upload-like one without captions), an audio file and captions
  await addFile(LIST_SUBJECT, 'video/first-00000001.vtt', join(dir, 'captions.vtt'), { kind: 'captions' });
  const first = await addFile(LIST_SUBJECT, 'video/first-00000001.mp4', join(dir, 'clip.mp4'), {
    provider: 'ffmpeg',
    captionsFile: 'video/first-00000001.vtt',
  });
  await h.sql(`update media_files set created_at = now() - interval '1 hour' where id = ?`, [first.id]);
  const second = await addFile(LIST_SUBJECT, 'upload/0a0b0c0d-a_lecture.mp4', join(dir, 'clip.mp4'), {
    provider: 'upload',
    durationMs: null,
  });
  await addFile(LIST_SUBJECT, 'tts/intro-00000002.mp3', join(dir, 'tone.mp3'), { kind: 'audio' });
  listVideos = [second, (await library.find(LIST_SUBJECT, first.fileName))!];
  otherSubjectVideo = await addFile('metabolic', 'video/other-00000003.mp4', join(dir, 'clip.mp4'));
  for (const n of nodes.slice(0, 4)) await seedNode(n.id);
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});
// Every test starts without drafts (a test that fails half-way may leave one behind).
beforeEach(() => h.sql(`delete from node_overlays`));

describe('refusals', () => {
  it('401 without a token and 403 for a learner, on every route', async () => {
    const { body, contentType } = form([
      { name: 'subjectId', value: SUBJECT },
      { name: 'file', filename: 'a.mp4', content: mp4 },
    ]);
    const routes: [Method, string, unknown, Record<string, string>][] = [
      ['GET', `/api/admin/media?${filterOf(LIST_SUBJECT)}`, undefined, {}],
      [
        'POST',
        '/api/admin/media/attach',
        { nodeId: nodes[0].id, subjectId: SUBJECT, url: path(otherSubjectVideo) },
        {},
      ],
      ['POST', '/api/admin/media', body, { 'content-type': contentType }],
    ];
    const before = await h.sql(`select id from media_files`);
    for (const [method, url, payload, headers] of routes) {
      expect([method, url, (await h.request(method, url, { body: payload, headers })).status]).toEqual([
        method,
        url,
        401,
      ]);
      expect([method, url, (await h.request(method, url, { body: payload, headers, token: learner })).status]).toEqual([
        method,
        url,
        403,
      ]);
    }
    expect(await h.sql(`select id from media_files`)).toHaveLength(before.length);
    expect(await h.sql(`select 1 from node_overlays`)).toHaveLength(0);
  });
});

describe('GET /api/admin/media', () => {
  it("lists only the subject's videos, newest first, with Content-Range and every field", async () => {
    const res = await list(`${filterOf(LIST_SUBJECT)}&sort=${encodeURIComponent('["createdAt","DESC"]')}&range=[0,24]`);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('media 0-1/2');
    expect(res.body.map((r) => r.name)).toEqual(['upload/0a0b0c0d-a_lecture.mp4', 'video/first-00000001.mp4']);
    const [upload, render] = res.body;
    expect(upload).toEqual({
      id: listVideos[0].id,
      subjectId: LIST_SUBJECT,
      nodeId: null,
      sectionId: null,
      name: 'upload/0a0b0c0d-a_lecture.mp4',
      path: `/media/${LIST_SUBJECT}/upload/0a0b0c0d-a_lecture.mp4`,
      url: expect.stringMatching(
        /^\/api\/media\/file\/ai-for-ceos\/upload%2F0a0b0c0d-a_lecture\.mp4\?u=.+&exp=\d+&sig=/,
      ),
      captions: null,
      size: mp4.length,
      durationMs: null,
      stale: false,
      free: false,
      source: 'upload',
      createdAt: listVideos[0].createdAt.toISOString(),
    });
    expect(render).toMatchObject({
      source: 'render',
      durationMs: 1000,
      path: `/media/${LIST_SUBJECT}/video/first-00000001.mp4`,
    });
    expect(render.captions).toMatch(/^\/api\/media\/file\/ai-for-ceos\/video%2Ffirst-00000001\.vtt\?/);
    // signed for the caller
    const [me] = await h.sql<{ id: string }>(`select id from users where email = 'studio@example.com'`);
    expect(new URL(render.url, 'http://x').searchParams.get('u')).toBe(me.id);
  });

  it('the signed urls play: the video (with Range) and its captions', async () => {
    const [, render] = (await list(filterOf(LIST_SUBJECT))).body;
    const whole = await play(render.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(mp4)).toBe(true);
    const part = await play(render.url, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${mp4.length}`);
    const captions = await play(render.captions!);
    expect(captions.statusCode).toBe(200);
    expect(captions.body).toContain('WEBVTT');
  });

  it('sorts by name and pages by range; the default is the newest first', async () => {
    const byName = await list(`${filterOf(LIST_SUBJECT)}&sort=${encodeURIComponent('["name","ASC"]')}&range=[0,0]`);
    expect(byName.status).toBe(200);
    expect(byName.headers['content-range']).toBe('media 0-0/2');
    expect(byName.body.map((r) => r.name)).toEqual(['upload/0a0b0c0d-a_lecture.mp4']);
    const next = await list(`${filterOf(LIST_SUBJECT)}&sort=${encodeURIComponent('["name","DESC"]')}&range=[1,1]`);
    expect(next.headers['content-range']).toBe('media 1-1/2');
    expect(next.body.map((r) => r.name)).toEqual(['upload/0a0b0c0d-a_lecture.mp4']);
    const past = await list(`${filterOf(LIST_SUBJECT)}&range=[10,19]`);
    expect(past.status).toBe(200);
    expect(past.headers['content-range']).toBe('media */2');
    expect(past.body).toEqual([]);
    // the subject by its title, as everywhere in the Studio
    const title = (await h.sql<{ title: string }>(`select title from subjects where id = ?`, [LIST_SUBJECT]))[0].title;
    expect((await list(filterOf(title))).body.map((r) => r.id)).toEqual(listVideos.map((f) => f.id));
  });

  it('400 without filter.subjectId or with a bad sort, range or filter; 404 for an unknown subject', async () => {
    const bad: [string, RegExp][] = [
      ['', /filter\.subjectId is required/],
      ['filter={}', /filter\.subjectId is required/],
      [`filter=${encodeURIComponent('{"subjectId":""}')}`, /filter\.subjectId is required/],
      [`filter=${encodeURIComponent('{"subjectId":5}')}`, /filter\.subjectId must be a string/],
      [`filter=${encodeURIComponent('{"q":"x"}')}`, /filter\.q is not a known filter/],
      ['filter=nope', /filter must be a JSON object/],
      [
        `${filterOf(LIST_SUBJECT)}&sort=${encodeURIComponent('["size","ASC"]')}`,
        /sort field must be one of: createdAt, name/,
      ],
      [`${filterOf(LIST_SUBJECT)}&range=[0,500]`, /range may span at most 100 records/],
    ];
    for (const [query, message] of bad) {
      const res = await list(query);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body.message).toMatch(message);
    }
    const unknown = await list(filterOf('no-such-subject'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Subject not found');
  });
});

describe('POST /api/admin/media/attach', () => {
  it('sets the video in the draft; learners get it, signed and playable, only after publishing', async () => {
    const node = nodes[0];
    const { video, audio } = seeded.get(node.id)!;
    const before = (await learnerNode(node.id)).body.video;

    const res = await attach({ nodeId: node.id, subjectId: SUBJECT, url: path(video) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ nodeId: node.id, subjectId: SUBJECT, video: { url: path(video), title: node.title } });

    // the draft overlay holds it (with the rest of the node's content), and the Studio's preview plays it
    const [overlay] = await h.sql<{ content: { title: string; video: unknown } }>(
      `select content from node_overlays where subject_id = ? and node_id = ?`,
      [SUBJECT, node.id],
    );
    expect(overlay.content).toMatchObject({ title: node.title, video: { url: path(video), title: node.title } });
    const preview = await h.get<NodeDetail>(`/api/graph/nodes/${node.id}?subject=${SUBJECT}&preview=overlay`, {
      token: studio,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.video?.url).toMatch(/^\/api\/media\/file\/vagus-nerve\/video%2F/);

    // learners still see the published node
    expect((await learnerNode(node.id)).body.video).toEqual(before);

    const published = await publish();
    expect(published.status).toBe(200);
    expect(published.body.changedNodes).toEqual([node.id]);
    const [row] = await h.sql<{ video: unknown }>(`select video from topic_nodes where subject_id = ? and id = ?`, [
      SUBJECT,
      node.id,
    ]);
    expect(row.video).toEqual({ url: path(video), title: node.title });
    const [snap] = await h.sql<{ after: { video?: unknown } }>(
      `select after from node_version_snapshots where subject_id = ? and node_id = ? order by version desc limit 1`,
      [SUBJECT, node.id],
    );
    expect(snap.after.video).toEqual({ url: path(video), title: node.title });

    const seen = await learnerNode(node.id);
    expect(seen.status).toBe(200);
    expect(seen.body.video).toEqual({
      url: expect.stringMatching(/^\/api\/media\/file\/vagus-nerve\/video%2F.+\.mp4\?u=.+&exp=\d+&sig=/),
      title: node.title,
      captions: expect.stringMatching(/^\/api\/media\/file\/vagus-nerve\/video%2F.+\.vtt\?u=.+&exp=\d+&sig=/),
    });
    expect(new URL(seen.body.video!.url, 'http://x').searchParams.get('u')).toBe(owner.id);
    const stream = await play(seen.body.video!.url, { range: 'bytes=0-' });
    expect([200, 206]).toContain(stream.statusCode);
    expect(stream.headers['content-type']).toBe('video/mp4');
    expect(stream.rawPayload.equals(mp4)).toBe(true);
    const captions = await play(seen.body.video!.captions!);
    expect(captions.statusCode).toBe(200);
    expect(captions.body).toContain('WEBVTT');

    // a change of the video alone leaves the node's audio and video current
    expect(await staleOf(video)).toBe(false);
    expect(await staleOf(audio)).toBe(false);
  });

  it("takes the file's signed url too; a text edit of the draft keeps the video, and marks media stale on publish", async () => {
    const node = nodes[1];
    const { video, audio } = seeded.get(node.id)!;
    const signed = library.signedUrl(video, null);
    const res = await attach({ nodeId: node.id, subjectId: 'Vagus Nerve', url: signed });
    expect(res.status).toBe(200);
    expect(res.body.video).toEqual({ url: path(video), title: node.title });

    // the whole draft as read, against its ETag, with the video left out (kept)
    const read = await h.get<{ video: unknown; etag: string }>(`/api/studio/nodes/${node.id}?subject=${SUBJECT}`, {
      token: studio,
    });
    const { video: _video, ...current } = read.body;
    const draft = {
      ...current,
      title: `${node.title} (edited)`,
      summary_html: '<p>a new summary</p>',
      variants: { beginner: 'b', advanced: 'a', practical: 'p', theoretical: 't' },
      sources: [],
    };
    const saved = await h.put(`/api/studio/nodes/${node.id}?subject=${SUBJECT}`, draft, {
      token: studio,
      headers: { 'if-match': read.body.etag },
    });
    expect(saved.status).toBe(200);
    const [overlay] = await h.sql<{ content: { video: unknown } }>(
      `select content from node_overlays where subject_id = ? and node_id = ?`,
      [SUBJECT, node.id],
    );
    expect(overlay.content.video).toEqual({ url: path(video), title: node.title });

    expect((await publish()).status).toBe(200);
    expect((await learnerNode(node.id)).body).toMatchObject({ title: draft.title, video: { title: node.title } });
    // the text changed: the media made from it must be made again
    expect(await staleOf(audio)).toBe(true);
    expect(await staleOf(video)).toBe(true);
  });

  it('refuses a file of another subject or not a video (400), an unknown subject, node or file (404)', async () => {
    const node = nodes[2];
    const { video, audio } = seeded.get(node.id)!;
    const cases: [string, unknown, number, RegExp][] = [
      [
        'another subject',
        { nodeId: node.id, subjectId: SUBJECT, url: path(otherSubjectVideo) },
        400,
        /belongs to another subject \(metabolic\)/,
      ],
      [
        'an audio file',
        { nodeId: node.id, subjectId: SUBJECT, url: path(audio) },
        400,
        /Not a video: .+ is a audio file/,
      ],
      [
        'unknown file',
        { nodeId: node.id, subjectId: SUBJECT, url: `/media/${SUBJECT}/video/nothing.mp4` },
        404,
        /Media file not found/,
      ],
      ['unknown node', { nodeId: 'no-such-node', subjectId: SUBJECT, url: path(video) }, 404, /Node not found/],
      [
        'unknown subject',
        { nodeId: node.id, subjectId: 'no-such-subject', url: path(video) },
        404,
        /Subject not found/,
      ],
      [
        'an external url',
        { nodeId: node.id, subjectId: SUBJECT, url: 'https://example.org/v.mp4' },
        400,
        /url must be/,
      ],
      [
        'a path leaving the folder',
        { nodeId: node.id, subjectId: SUBJECT, url: `/media/${SUBJECT}/../x.mp4` },
        400,
        /url must be/,
      ],
      [
        'a bad %-escape',
        { nodeId: node.id, subjectId: SUBJECT, url: `/api/media/file/${SUBJECT}/%E0%A4%A` },
        400,
        /url must be/,
      ],
      ['no url', { nodeId: node.id, subjectId: SUBJECT }, 400, /url/],
      ['no node', { subjectId: SUBJECT, url: path(video) }, 400, /nodeId/],
      ['a bad node id', { nodeId: '../x', subjectId: SUBJECT, url: path(video) }, 400, /nodeId is not a topic id/],
      ['no subject', { nodeId: node.id, url: path(video) }, 400, /subjectId/],
      ['an extra field', { nodeId: node.id, subjectId: SUBJECT, url: path(video), title: 'x' }, 400, /title/],
    ];
    for (const [what, body, status, message] of cases) {
      const res = await attach(body);
      expect([what, res.status]).toEqual([what, status]);
      expect([what, res.body.message]).toEqual([what, expect.stringMatching(message)]);
    }
    expect(await h.sql(`select 1 from node_overlays`)).toHaveLength(0);
  });

  it('node pages: a library video that is gone plays as none; an external https video passes through', async () => {
    const [gone, external] = [nodes[3], nodes[4]];
    const { video } = seeded.get(gone.id)!;
    const removed = await addFile(SUBJECT, `video/${gone.id}-gone.mp4`, join(dir, 'clip.mp4'));
    await h.sql(`update topic_nodes set video = ?::jsonb where subject_id = ? and id = ?`, [
      JSON.stringify({ url: path(removed), title: 'Gone' }),
      SUBJECT,
      gone.id,
    ]);
    expect((await learnerNode(gone.id)).body.video).toMatchObject({ title: 'Gone', captions: null });
    await h.sql(`delete from media_files where id = ?`, [removed.id]);
    expect((await learnerNode(gone.id)).body.video).toBeNull();
    // a path of another subject's file is not signed for this course's page
    await h.sql(`update topic_nodes set video = ?::jsonb where subject_id = ? and id = ?`, [
      JSON.stringify({ url: path(otherSubjectVideo), title: 'Other' }),
      SUBJECT,
      gone.id,
    ]);
    expect((await learnerNode(gone.id)).body.video).toBeNull();
    await h.sql(`update topic_nodes set video = ?::jsonb where subject_id = ? and id = ?`, [
      JSON.stringify({ url: path(video), title: 'Here' }),
      SUBJECT,
      gone.id,
    ]);
    expect((await learnerNode(gone.id)).body.video?.captions).toMatch(/\.vtt\?/);

    await h.sql(`update topic_nodes set video = ?::jsonb where subject_id = ? and id = ?`, [
      JSON.stringify({ url: 'https://videos.example.org/lecture.mp4', title: 'External' }),
      SUBJECT,
      external.id,
    ]);
    expect((await learnerNode(external.id)).body.video).toEqual({
      url: 'https://videos.example.org/lecture.mp4',
      title: 'External',
      captions: null,
    });
  });
});

describe('POST /api/admin/media (upload)', () => {
  it('takes a real mp4: 201 with the row, listed, playable, temp files gone', async () => {
    const dirs = uploadDirs();
    const res = await upload([
      { name: 'subjectId', value: SUBJECT },
      { name: 'file', filename: 'My Lecture (final).MP4', content: mp4 },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      subjectId: SUBJECT,
      nodeId: null,
      sectionId: null,
      source: 'upload',
      size: mp4.length,
      stale: false,
      free: false,
      captions: null,
    });
    expect(res.body.name).toMatch(/^upload\/[0-9a-f]{8}-My_Lecture_final\.mp4$/);
    expect(res.body.path).toBe(`/media/${SUBJECT}/${res.body.name}`);
    expect(res.body.durationMs).toBeGreaterThan(900);
    expect(res.body.durationMs).toBeLessThan(1200);
    const [row] = await h.sql<{ provider: string; created_by: string; kind: string }>(
      `select provider, created_by, kind from media_files where id = ?`,
      [res.body.id],
    );
    const [me] = await h.sql<{ id: string }>(`select id from users where email = 'studio@example.com'`);
    expect(row).toEqual({ provider: 'upload', created_by: me.id, kind: 'video' });

    const listed = await list(`${filterOf(SUBJECT)}&range=[0,99]`);
    expect(listed.body.find((r) => r.id === res.body.id)).toMatchObject({ name: res.body.name, source: 'upload' });
    const played = await play(res.body.url);
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(mp4)).toBe(true);
    expect(uploadDirs()).toBe(dirs);

    // and it can be attached like any video of the subject
    const attached = await attach({ nodeId: nodes[5].id, subjectId: SUBJECT, url: res.body.path });
    expect(attached.status).toBe(200);
  });

  it('takes a WebM (stored as .webm, its length read although the file declares none)', async () => {
    const webm = join(dir, 'clip.webm');
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'color=c=red:s=160x90:d=1', '-c:v', 'libvpx', '-b:v', '100k'],
      ...['-deadline', 'realtime', '-f', 'webm', '-live', '1', webm],
    ]);
    const res = await upload([
      { name: 'subjectId', value: SUBJECT },
      { name: 'file', filename: 'screen.webm', content: readFileSync(webm) },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.name).toMatch(/^upload\/[0-9a-f]{8}-screen\.webm$/);
    expect(res.body.durationMs).toBeGreaterThan(500);
    expect((await play(res.body.url)).headers['content-type']).toBe('video/webm');
  });

  it('400 Not a video file: text renamed .mp4, ftyp followed by junk, an audio-only mp4; nothing stored', async () => {
    const dirs = uploadDirs();
    const before = await h.sql(`select id from media_files where subject_id = ?`, [SUBJECT]);
    const m4a = join(dir, 'tone.m4a');
    ffmpeg(['-f', 'lavfi', '-i', 'sine=d=1', '-c:a', 'aac', m4a]);
    const files: [string, Buffer][] = [
      ['notes.mp4', Buffer.from('These are my lecture notes, not a video.\n'.repeat(20))],
      ['empty.mp4', Buffer.alloc(0)],
      ['junk.mp4', Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(2000, 7)])],
      ['fake.webm', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000, 1)])],
      ['audio.mp4', readFileSync(m4a)],
    ];
    for (const [name, content] of files) {
      const res = await upload([
        { name: 'subjectId', value: SUBJECT },
        { name: 'file', filename: name, content },
      ]);
      expect([name, res.status, res.body.message]).toEqual([name, 400, 'Not a video file']);
    }
    expect(await h.sql(`select id from media_files where subject_id = ?`, [SUBJECT])).toHaveLength(before.length);
    expect(uploadDirs()).toBe(dirs);
  });

  it('413 over MEDIA_UPLOAD_MAX_BYTES: by the declared length, and by the bytes received', async () => {
    const dirs = uploadDirs();
    const head = mp4.subarray(0, 64);
    // just over the cap: within the multipart allowance, so the parser cuts the file off
    const slightly = Buffer.concat([head, Buffer.alloc(CAP + 1 - head.length, 0)]);
    // far over: refused before the body is read
    const far = Buffer.concat([head, Buffer.alloc(CAP * 2, 0)]);
    for (const content of [slightly, far]) {
      const res = await upload([
        { name: 'subjectId', value: SUBJECT },
        { name: 'file', filename: 'big.mp4', content },
      ]);
      expect([content.length, res.status]).toEqual([content.length, 413]);
      expect(res.body.message).toBe('The file is larger than the upload limit of 512 KB (MEDIA_UPLOAD_MAX_BYTES)');
    }
    // exactly the cap is allowed (and then judged by its bytes)
    const exact = await upload([
      { name: 'subjectId', value: SUBJECT },
      { name: 'file', filename: 'exact.mp4', content: Buffer.concat([head, Buffer.alloc(CAP - head.length, 0)]) },
    ]);
    expect(exact.status).toBe(400);
    expect(uploadDirs()).toBe(dirs);
  });

  it("over a real connection too (the browser's FormData, streamed in chunks)", async () => {
    const server = h.app.getHttpServer();
    if (!server.listening) await h.app.listen(0, '127.0.0.1');
    const { port } = server.address() as { port: number };
    const send = (content: Buffer, name: string) => {
      const body = new FormData();
      body.append('subjectId', SUBJECT);
      body.append('file', new Blob([new Uint8Array(content)], { type: 'video/mp4' }), name);
      return fetch(`http://127.0.0.1:${port}/api/admin/media`, {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${studio}` },
      });
    };
    // a real video, padded at the end (ffmpeg ignores what follows the last box) to many chunks' worth
    const padded = Buffer.concat([mp4, Buffer.alloc(CAP - mp4.length - 10, 0)]);
    const ok = await send(padded, 'padded.mp4');
    expect(ok.status).toBe(201);
    const row = (await ok.json()) as MediaRow;
    expect(row.size).toBe(padded.length);
    expect(readFileSync(join(process.env.MEDIA_DIR!, SUBJECT, row.name)).equals(padded)).toBe(true);
    const big = await send(Buffer.concat([padded, Buffer.alloc(100, 0)]), 'big.mp4');
    expect(big.status).toBe(413);
  });

  it('400 for a malformed form, 404 for an unknown subject', async () => {
    const file = { name: 'file', filename: 'a.mp4', content: mp4 };
    const whole = form([{ name: 'subjectId', value: SUBJECT }, file]);
    const cases: [string, ApiResponse<ApiError>, number, RegExp][] = [
      ['no subjectId', await upload([file]), 400, /subjectId is required before the file/],
      ['the file first', await upload([file, { name: 'subjectId', value: SUBJECT }]), 400, /subjectId is required/],
      ['no file', await upload([{ name: 'subjectId', value: SUBJECT }]), 400, /No file/],
      ['empty subjectId', await upload([{ name: 'subjectId', value: '' }, file]), 400, /subjectId must be/],
      [
        'an unknown field',
        await upload([{ name: 'subjectId', value: SUBJECT }, { name: 'title', value: 'x' }, file]),
        400,
        /Unknown field title/,
      ],
      [
        'another file field',
        await upload([
          { name: 'subjectId', value: SUBJECT },
          { ...file, name: 'video' },
        ]),
        400,
        /Unknown file field video/,
      ],
      [
        'subjectId twice',
        await upload([{ name: 'subjectId', value: SUBJECT }, { name: 'subjectId', value: SUBJECT }, file]),
        400,
        /sent twice/,
      ],
      [
        'an unknown subject',
        await upload([{ name: 'subjectId', value: 'no-such-subject' }, file]),
        404,
        /Subject not found/,
      ],
      [
        'a JSON body',
        await h.post<ApiError>('/api/admin/media', { subjectId: SUBJECT }, { token: studio }),
        400,
        /multipart/,
      ],
      [
        'no boundary',
        await h.request<ApiError>('POST', '/api/admin/media', {
          body: 'x',
          token: studio,
          headers: { 'content-type': 'multipart/form-data' },
        }),
        400,
        /not a valid multipart/,
      ],
      [
        'a body that ends inside the file',
        await h.request<ApiError>('POST', '/api/admin/media', {
          body: whole.body.subarray(0, whole.body.length - 100),
          token: studio,
          headers: { 'content-type': whole.contentType },
        }),
        400,
        /The upload ended before the file did/,
      ],
    ];
    for (const [what, res, status, message] of cases) {
      expect([what, res.status]).toEqual([what, status]);
      expect([what, res.body.message]).toEqual([what, expect.stringMatching(message)]);
    }
  });
});
