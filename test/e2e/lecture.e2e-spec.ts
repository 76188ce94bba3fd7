import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaLibraryService } from '../../src/modules/media/media-library.service';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, Harness, type TestUser } from '../support/harness';

/**
 * A topic's lecture in its page's Video tab (GET /api/graph/nodes/{id}/lecture): the section's newest
 * video, else its newest audio, with captions, signed for the caller; the script as transcript.
 */
interface Lecture {
  sectionId: string;
  title: string;
  text: string;
  video: { url: string; captions: string | null } | null;
  audio: { url: string; captions: string | null } | null;
}

const SUBJECT = 'ai-for-ceos';
const PREFIX = 'lecture-e2e/';
let h: Harness;
let owner: TestUser;
let stranger: TestUser;
let dir: string;
let sections: string[];

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  owner = await h.learnerWith([SUBJECT], 'lecture-owner');
  stranger = await h.learnerWith(['metabolic'], 'lecture-stranger');
  sections = (
    await h.sql<{ id: string }>(`select id from lecture_sections where subject_id = ? order by position, id`, [SUBJECT])
  ).map((r) => r.id);
  dir = mkdtempSync(join(tmpdir(), 'lp-lecture-'));
  try {
    execFileSync(
      'ffmpeg',
      ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-q:a', '9', '-y', join(dir, 'a.mp3')],
      {
        timeout: 30_000,
      },
    );
  } catch {
    writeFileSync(join(dir, 'a.mp3'), Buffer.alloc(4000, 7));
  }
  writeFileSync(join(dir, 'c.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello.\n');
  writeFileSync(join(dir, 'v.mp4'), Buffer.alloc(4096, 1));
  const library = h.app.get(MediaLibraryService);
  const add = (fileName: string, file: string, extra: Partial<Parameters<MediaLibraryService['add']>[1]>) =>
    library.add(null, {
      subjectId: SUBJECT,
      kind: 'audio',
      fileName,
      sourcePath: join(dir, file),
      durationMs: 1000,
      ...extra,
    });
  // section 0: audio with captions; section 1: audio, then a rendered video (the video wins); section 2: nothing
  await add(`${PREFIX}s0.vtt`, 'c.vtt', { kind: 'captions', sectionId: sections[0] });
  await add(`${PREFIX}s0.mp3`, 'a.mp3', { sectionId: sections[0], captionsFile: `${PREFIX}s0.vtt` });
  await add(`${PREFIX}s1.mp3`, 'a.mp3', { sectionId: sections[1] });
  await add(`${PREFIX}s1.mp4`, 'v.mp4', { kind: 'video', sectionId: sections[1] });
});

afterAll(async () => {
  // leave the subject's library as the other files expect it
  await h.sql(`delete from media_files where subject_id = ? and file_name like ?`, [SUBJECT, `${PREFIX}%`]);
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const lecture = (id: string, token: string | undefined, subject: string | null = SUBJECT) =>
  h.get<Lecture & ApiError>(`/api/graph/nodes/${id}/lecture${subject === null ? '' : `?subject=${subject}`}`, {
    token,
  });

it('plays the section audio with its captions when the topic has no video, with the script as transcript', async () => {
  const res = await lecture(sections[0], owner.token);
  expect(res.status).toBe(200);
  const [section] = await h.sql<{ title: string; text: string }>(
    `select title, text from lecture_sections where subject_id = ? and id = ?`,
    [SUBJECT, sections[0]],
  );
  expect(res.body).toMatchObject({ sectionId: sections[0], title: section.title, text: section.text, video: null });
  expect(res.body.audio!.url).toMatch(/^\/api\/media\/file\//);
  expect(res.body.audio!.captions).toMatch(/^\/api\/media\/file\//);

  // the signed URLs play for the caller: the bytes and the captions
  const audio = await h.app.inject({ method: 'GET', url: res.body.audio!.url });
  expect(audio.statusCode).toBe(200);
  expect(audio.rawPayload.equals(readFileSync(join(dir, 'a.mp3')))).toBe(true);
  const vtt = await h.app.inject({ method: 'GET', url: res.body.audio!.captions! });
  expect(vtt.statusCode).toBe(200);
  expect(vtt.body).toContain('Hello.');
});

it('prefers the rendered video over the audio', async () => {
  const res = await lecture(sections[1], owner.token);
  expect(res.status).toBe(200);
  expect(res.body.audio).toBeNull();
  expect(res.body.video!.url).toContain(encodeURIComponent(`${PREFIX}s1.mp4`));
  expect(res.body.video!.captions).toBeNull();
});

it('a section with no recording yet still gives its transcript', async () => {
  const res = await lecture(sections[2], owner.token);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ sectionId: sections[2], video: null, audio: null });
  expect(res.body.text.length).toBeGreaterThan(50);
});

it('refuses: no token 401, another course 403, no lecture 404, no subject 400', async () => {
  expect((await lecture(sections[0], undefined)).status).toBe(401);
  const other = await lecture(sections[0], stranger.token);
  expect(other.status).toBe(403);
  expect(other.body.message).toBe('You do not have access to this course. Buy access to continue.');
  const missing = await lecture('aic-no-such-topic', owner.token);
  expect(missing.status).toBe(404);
  expect(missing.body.message).toBe('No lecture for this topic yet');
  expect((await lecture(sections[0], owner.token, null)).status).toBe(400);
  expect((await lecture('Bad Id!', owner.token)).status).toBe(400);
});
