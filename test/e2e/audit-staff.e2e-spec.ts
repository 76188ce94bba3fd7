import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditService } from '../../src/modules/audit/audit.service';
import { CertificatesService } from '../../src/modules/challenges/certificates/certificates.service';
import { CHALLENGE_CLOCK, type ChallengeClock } from '../../src/modules/challenges/challenge-clock';
import { MediaLibraryService } from '../../src/modules/media/media-library.service';
import { Ffmpeg } from '../../src/modules/media/speech/ffmpeg';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { QUEUES } from '../../src/queues/queues';
import { type ApiError, Harness, type TestUser } from '../support/harness';

/**
 * Issue 29 (4): every staff action leaves an entry in the audit trail (GET /api/admin/audit) naming who did
 * it, what it was done to and what changed; an action that is refused leaves none. Each test makes the
 * changes it reads (memoized where two tests read the same change), so the tests run in any order.
 */
interface AuditEntry {
  id: string;
  actorId: string;
  actorEmail: string | null;
  targetUserId: string | null;
  targetJobId?: string;
  targetType?: string;
  targetId?: string;
  action: string;
  details: Record<string, unknown>;
  createdAt: string;
}
interface StudioNode {
  lesson_html: string;
  moduleId: string;
  prerequisites: string[];
  quiz: unknown[];
  etag: string;
}

let h: Harness;
let admin: string;
let studio: string;
let adminId: string;
let studioId: string;
let dir: string;
let mp4: Buffer;

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  [admin, studio] = await Promise.all([h.demoToken('admin'), h.demoToken('studio')]);
  const ids = await h.sql<{ id: string; email: string }>(
    `select id, email from users where email in ('admin@example.com', 'studio@example.com')`,
  );
  adminId = ids.find((u) => u.email === 'admin@example.com')!.id;
  studioId = ids.find((u) => u.email === 'studio@example.com')!.id;
  dir = mkdtempSync(join(tmpdir(), 'lp-audit-staff-'));
  execFileSync(Ffmpeg.locate().binary, [
    ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'color=c=blue:s=320x240:d=1'],
    ...['-c:v', 'libx264', join(dir, 'clip.mp4')],
  ]);
  mp4 = readFileSync(join(dir, 'clip.mp4'));
}, 120_000);
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The trail as the admins' list answers it, newest first, with a filter. */
async function audit(filter: Record<string, string>): Promise<AuditEntry[]> {
  const query = `filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,99]')}`;
  const res = await h.get<AuditEntry[]>(`/api/admin/audit?${query}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body;
}
const entriesOf = (targetType: string, targetId: string, action: string) => audit({ targetType, targetId, action });

/** Runs once, however many tests ask for it (in whatever order). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => (made ??= make());
}

/** A topic of the subject, edited in the draft overlay as the Studio's node editor saves it. */
async function editDraft(subject: string, tag: string): Promise<string> {
  const [node] = await h.sql<{ id: string }>(
    `select id from topic_nodes where subject_id = ? and archived_at is null order by position, id limit 1`,
    [subject],
  );
  const url = `/api/studio/nodes/${node.id}?subject=${subject}`;
  const read = await h.get<StudioNode>(url, { token: studio });
  expect(read.status).toBe(200);
  const { lesson_html, moduleId, prerequisites, quiz } = read.body;
  const saved = await h.put(
    url,
    {
      title: `Audited ${tag}`,
      summary_html: `<p>summary ${tag}</p>`,
      variants: { beginner: `<p>${tag}</p>`, advanced: `<p>${tag}</p>`, practical: `<p>${tag}</p>`, theoretical: '' },
      sources: [],
      lesson_html,
      moduleId,
      prerequisites,
      quiz,
    },
    { token: studio, headers: { 'if-match': read.body.etag } },
  );
  expect(saved.status).toBe(200);
  return node.id;
}

/** The studio user hides ai-for-ceos from the shop and shows it again: two changes. */
const visibilityToggled = once(async () => {
  const hidden = await h.put('/api/admin/courses/ai-for-ceos', { published: false }, { token: studio });
  expect(hidden.status).toBe(200);
  const shown = await h.post(
    '/api/admin/courses/publish',
    { subjectId: 'ai-for-ceos', published: true },
    { token: studio },
  );
  expect(shown.status).toBe(200);
});

/** An admin revokes a certificate a learner was issued for vagus-breath-7. */
const revokedCertificate = once(async () => {
  const u = await h.learnerWith('vagus-nerve', 'audit-cert');
  expect((await h.put('/api/me/profile', { name: 'Ada Audit' }, { token: u.token })).status).toBe(200);
  const issued = await h.app.get(CertificatesService).issueIfNotIssued(u.id, 'vagus-breath-7');
  const res = await h.post(
    `/api/admin/certificates/${issued!.id}/revoke`,
    { reason: 'Plagiarised project' },
    { token: admin },
  );
  expect(res.status).toBe(200);
  return { id: issued!.id, learner: u };
});

describe('content versions', () => {
  it('publishing a draft records version.publish with the version and the changed topics; a refused publish records nothing', async () => {
    const nodeId = await editDraft('metabolic', 'publish');
    // a draft ETag that is not the current one: 412, nothing published, nothing recorded
    const stale = await h.post(
      '/api/studio/versions/publish',
      { subjectId: 'metabolic' },
      { token: studio, headers: { 'if-match': '"stale"' } },
    );
    expect(stale.status).toBe(412);
    expect(await entriesOf('subject', 'metabolic', 'version.publish')).toEqual([]);

    const res = await h.post<{ version: number; changedNodes: string[] }>(
      '/api/studio/versions/publish',
      { subjectId: 'metabolic' },
      { token: studio },
    );
    expect(res.status).toBe(200);
    const entries = await entriesOf('subject', 'metabolic', 'version.publish');
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: studioId,
        actorEmail: 'studio@example.com',
        targetUserId: null,
        targetType: 'subject',
        targetId: 'metabolic',
        action: 'version.publish',
        details: { version: res.body.version, changedNodes: [nodeId] },
      }),
    ]);
    expect(entries[0]).not.toHaveProperty('targetJobId');

    // nothing left to publish: 409, and still the one entry
    const again = await h.post<ApiError>('/api/studio/versions/publish', { subjectId: 'metabolic' }, { token: studio });
    expect(again.status).toBe(409);
    expect(await entriesOf('subject', 'metabolic', 'version.publish')).toHaveLength(1);
  });

  it('discarding a draft records version.reset with the discarded topics; a reset of no draft records nothing', async () => {
    const nodeId = await editDraft('ai-user', 'reset');
    const res = await h.post<{ discarded?: number }>(
      '/api/studio/versions/reset',
      { subjectId: 'ai-user' },
      { token: studio },
    );
    expect(res.status).toBe(200);
    const entries = await entriesOf('subject', 'ai-user', 'version.reset');
    expect(entries).toEqual([
      expect.objectContaining({ actorId: studioId, action: 'version.reset', details: { discardedNodes: [nodeId] } }),
    ]);
    expect((await h.post('/api/studio/versions/reset', { subjectId: 'ai-user' }, { token: studio })).status).toBe(200);
    expect(await entriesOf('subject', 'ai-user', 'version.reset')).toHaveLength(1);
    // an unknown subject: 404, no entry
    expect(
      (await h.post('/api/studio/versions/reset', { subjectId: 'no-such-subject' }, { token: studio })).status,
    ).toBe(404);
    expect(await audit({ targetId: 'no-such-subject' })).toEqual([]);
  });
});

describe('course visibility', () => {
  it('each change records course.visibility with before and after; setting what is set, or an unknown course, records nothing', async () => {
    await visibilityToggled();
    const entries = await entriesOf('subject', 'ai-for-ceos', 'course.visibility');
    // newest first
    expect(entries.map((e) => [e.actorId, e.details])).toEqual([
      [studioId, { before: { published: false }, after: { published: true } }],
      [studioId, { before: { published: true }, after: { published: false } }],
    ]);
    const same = await h.put('/api/admin/courses/ai-for-ceos', { published: true }, { token: studio });
    expect(same.status).toBe(200);
    const unknown = await h.put('/api/admin/courses/no-such-course', { published: false }, { token: studio });
    expect(unknown.status).toBe(404);
    expect(await entriesOf('subject', 'ai-for-ceos', 'course.visibility')).toHaveLength(2);
    expect(await audit({ targetId: 'no-such-course' })).toEqual([]);
  });
});

describe('one transaction', () => {
  it('when the entry cannot be written, the change it describes is rolled back (500, the course stays as it was)', async () => {
    const spy = jest.spyOn(h.app.get(AuditService), 'record').mockRejectedValueOnce(new Error('audit trail is down'));
    try {
      const res = await h.put('/api/admin/courses/metabolic', { published: false }, { token: studio });
      expect(res.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const [subject] = await h.sql<{ is_published: boolean }>(
      `select is_published from subjects where id = 'metabolic'`,
    );
    expect(subject.is_published).toBe(true);
    expect(await entriesOf('subject', 'metabolic', 'course.visibility')).toEqual([]);
  });
});

describe('media', () => {
  const upload = (subjectId: string, filename: string, content: Buffer) => {
    const boundary = `----audit-${Math.random().toString(16).slice(2)}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="subjectId"\r\n\r\n${subjectId}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          `Content-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return h.request<{ id: string; path: string; size: number } & ApiError>('POST', '/api/admin/media', {
      body,
      token: studio,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };

  it('an upload records media.upload naming the new file; a file that is not a video records nothing', async () => {
    const before = (await audit({ action: 'media.upload' })).length;
    const refused = await upload('vagus-nerve', 'notes.mp4', Buffer.from('not a video at all'));
    expect(refused.status).toBe(400);
    expect(await audit({ action: 'media.upload' })).toHaveLength(before);

    const res = await upload('vagus-nerve', 'Audit Lecture.mp4', mp4);
    expect(res.status).toBe(201);
    const [file] = await h.sql<{ file_name: string; size: string }>(
      'select file_name, size from media_files where id = ?',
      [res.body.id],
    );
    expect(await entriesOf('media', res.body.id, 'media.upload')).toEqual([
      expect.objectContaining({
        actorId: studioId,
        targetType: 'media',
        targetId: res.body.id,
        details: {
          subjectId: 'vagus-nerve',
          fileName: file.file_name,
          kind: 'video',
          size: Number(file.size),
          originalName: 'Audit Lecture.mp4',
        },
      }),
    ]);
  });

  it("attaching a video to a topic records media.attach with the topic; another subject's file records nothing", async () => {
    const library = h.app.get(MediaLibraryService);
    const file = await library.add(null, {
      subjectId: 'vagus-nerve',
      kind: 'video',
      fileName: 'upload/audit-attach.mp4',
      sourcePath: join(dir, 'clip.mp4'),
      durationMs: 1000,
    });
    const [node] = await h.sql<{ id: string }>(
      `select id from topic_nodes where subject_id = 'vagus-nerve' and archived_at is null order by position desc limit 1`,
    );
    const url = `/media/vagus-nerve/${file.fileName}`;
    const wrong = await h.post(
      '/api/admin/media/attach',
      { subjectId: 'metabolic', nodeId: node.id, url },
      { token: studio },
    );
    expect(wrong.status).toBe(400);
    expect(await entriesOf('media', file.id, 'media.attach')).toEqual([]);

    const res = await h.post(
      '/api/admin/media/attach',
      { subjectId: 'vagus-nerve', nodeId: node.id, url },
      { token: studio },
    );
    expect(res.status).toBe(200);
    expect(await entriesOf('media', file.id, 'media.attach')).toEqual([
      expect.objectContaining({
        actorId: studioId,
        details: { subjectId: 'vagus-nerve', nodeId: node.id, fileName: 'upload/audit-attach.mp4' },
      }),
    ]);
    await h.sql('delete from node_overlays where subject_id = ? and node_id = ?', ['vagus-nerve', node.id]);
  });
});

describe('certificates', () => {
  it('a revocation records certificate.revoke with the reason and the holder; a second one (409) and a studio user (403) record nothing', async () => {
    const { id, learner } = await revokedCertificate();
    const again = await h.post(`/api/admin/certificates/${id}/revoke`, { reason: 'Twice' }, { token: admin });
    expect(again.status).toBe(409);
    const byStudio = await h.post(`/api/admin/certificates/${id}/revoke`, { reason: 'Not mine to' }, { token: studio });
    expect(byStudio.status).toBe(403);
    expect(await entriesOf('certificate', id, 'certificate.revoke')).toEqual([
      expect.objectContaining({
        actorId: adminId,
        actorEmail: 'admin@example.com',
        details: { reason: 'Plagiarised project', challengeId: 'vagus-breath-7', userId: learner.id },
      }),
    ]);
  });
});

describe('review grades', () => {
  it("a reviewer's grade records review.grade with the verdict; grading again (409) records nothing", async () => {
    const clock = h.app.get<ChallengeClock>(CHALLENGE_CLOCK);
    const realNow = clock.now;
    clock.now = () => new Date('2030-03-10T12:00:00Z');
    let u: TestUser;
    let submissionId: string;
    try {
      u = await h.learnerWith('vagus-nerve', 'audit-review');
      const enrolled = await h.post(
        '/api/challenges/vagus-breath-7/enroll',
        { startLocalDate: '2030-03-10', timezone: 'America/New_York', dailyUnlockLocalTime: '00:00' },
        { token: u.token },
      );
      expect(enrolled.status).toBe(201);
      const sub = await h.post<{ submissionId: string }>(
        '/api/me/challenges/vagus-breath-7/days/1/project',
        { payload: { how_you_felt: ' https://example.org/audit-notes ' } },
        { token: u.token },
      );
      expect(sub.status).toBe(201);
      submissionId = sub.body.submissionId;
      const graded = await h.post(
        `/api/admin/review/${submissionId}/grade`,
        { passed: false, score: 0.3, rubric: { note: 'Count for a full minute.' } },
        { token: studio },
      );
      expect(graded.status).toBe(200);
      const twice = await h.post(
        `/api/admin/review/${submissionId}/grade`,
        { passed: true, score: 1 },
        { token: studio },
      );
      expect(twice.status).toBe(409);
    } finally {
      clock.now = realNow;
    }
    expect(await entriesOf('submission', submissionId, 'review.grade')).toEqual([
      expect.objectContaining({
        actorId: studioId,
        details: { passed: false, score: 0.3, challengeId: 'vagus-breath-7', day: 1, userId: u.id },
      }),
    ]);
  });
});

describe('queue dashboard', () => {
  const BOARD = `/api/admin/queues/api/queues/${QUEUES.crawl}`;
  /** What the board's own page sends (test/support/env.ts sets PUBLIC_URL). */
  const OWN = { origin: 'http://learn.test', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
  const board = (path: string) => h.request('PUT', `${BOARD}${path}`, { token: admin, headers: OWN, body: {} });
  const queue = () => h.app.get<Queue>(getQueueToken(QUEUES.crawl), { strict: false });

  it('pause and resume of a queue record queue.pause and queue.resume with the admin', async () => {
    const before = await entriesOf('queue', QUEUES.crawl, 'queue.pause');
    expect((await board('/pause')).status).toBe(200);
    expect((await board('/resume')).status).toBe(200);
    expect(await queue().isPaused()).toBe(false);
    const paused = await entriesOf('queue', QUEUES.crawl, 'queue.pause');
    expect(paused).toHaveLength(before.length + 1);
    expect(paused[0]).toMatchObject({ actorId: adminId, targetType: 'queue', details: { queue: QUEUES.crawl } });
    expect((await entriesOf('queue', QUEUES.crawl, 'queue.resume'))[0]).toMatchObject({ actorId: adminId });
  });

  it('pausing and resuming every queue records an entry per queue', async () => {
    const count = async () => (await audit({ action: 'queue.resume', actorId: adminId })).length;
    const before = await count();
    const all = (verb: string) =>
      h.request('PUT', `/api/admin/queues/api/queues/${verb}`, { token: admin, headers: OWN, body: {} });
    expect((await all('pause')).status).toBe(200);
    expect((await all('resume')).status).toBe(200);
    expect(await queue().isPaused()).toBe(false);
    const resumed = (await audit({ action: 'queue.resume', actorId: adminId })).slice(0, Object.values(QUEUES).length);
    expect(await count()).toBe(before + Object.values(QUEUES).length);
    expect(resumed.map((e) => e.targetId).sort()).toEqual(Object.values(QUEUES).sort());
    expect(resumed.every((e) => e.details.all === true)).toBe(true);
  });

  it("a job's retry and removal record queue.job.*; a retry the board refuses (400) records nothing", async () => {
    const jobId = `audit-board-${Date.now()}`;
    // delayed for an hour: not retriable (the board answers 400), and no worker takes it meanwhile
    await queue().add('crawl-sources', { subjectId: 'metabolic', urls: [] }, { jobId, delay: 3_600_000 });
    expect((await board(`/${jobId}/retry`)).status).toBe(400);
    expect(await entriesOf('queue_job', jobId, 'queue.job.retry')).toEqual([]);

    const removed = await board(`/${jobId}/clean`);
    expect([200, 204]).toContain(removed.status);
    expect(await queue().getJob(jobId)).toBeUndefined();
    expect(await entriesOf('queue_job', jobId, 'queue.job.remove')).toEqual([
      expect.objectContaining({ actorId: adminId, targetId: jobId, details: { queue: QUEUES.crawl, jobId } }),
    ]);
  });

  it('a change the trail does not record (obliterate, concurrency) is refused (403) and the queue keeps its jobs', async () => {
    const jobId = `audit-kept-${Date.now()}`;
    await queue().add('crawl-sources', { subjectId: 'metabolic', urls: [] }, { jobId, delay: 3_600_000 });
    try {
      for (const path of ['/obliterate', '/concurrency']) {
        const res = await h.request<ApiError>('PUT', `${BOARD}${path}`, {
          token: admin,
          headers: OWN,
          body: { concurrency: 2 },
        });
        expect(res.status).toBe(403);
        expect(res.body.message).toMatch(/only the changes the audit trail records/);
      }
      expect(await queue().getJob(jobId)).toBeDefined();
      expect(await audit({ targetType: 'queue', targetId: QUEUES.crawl, actorId: adminId })).not.toContainEqual(
        expect.objectContaining({ action: expect.stringMatching(/obliterate|concurrency/) }),
      );
    } finally {
      await (await queue().getJob(jobId))?.remove();
    }
  });
});

describe('GET /api/admin/audit filters', () => {
  it('by action and by actor, alone and together', async () => {
    await Promise.all([visibilityToggled(), revokedCertificate()]);
    const byAction = await audit({ action: 'course.visibility' });
    expect(byAction.length).toBeGreaterThanOrEqual(2);
    expect(new Set(byAction.map((e) => e.action))).toEqual(new Set(['course.visibility']));

    const byStudio = await audit({ actorId: studioId });
    expect(byStudio.length).toBeGreaterThanOrEqual(2);
    expect(new Set(byStudio.map((e) => e.actorId))).toEqual(new Set([studioId]));
    expect(byStudio.map((e) => e.action)).not.toContain('certificate.revoke');

    const byAdmin = await audit({ actorId: adminId, action: 'certificate.revoke' });
    expect(byAdmin.length).toBeGreaterThanOrEqual(1);
    expect(byAdmin.every((e) => e.actorId === adminId && e.action === 'certificate.revoke')).toBe(true);
    expect(await audit({ actorId: studioId, action: 'certificate.revoke' })).toEqual([]);
  });

  it('refuses an unknown action or target type, and an actor that is not a user id (400)', async () => {
    for (const [filter, message] of [
      [{ action: 'queue.obliterate' }, /^filter\.action must be one of: .*version\.publish/],
      [{ targetType: 'planet' }, /^filter\.targetType must be one of: subject, media/],
      [{ actorId: 'studio@example.com' }, /^filter\.actorId must be a user id/],
    ] as const) {
      const res = await h.get<ApiError>(`/api/admin/audit?filter=${encodeURIComponent(JSON.stringify(filter))}`, {
        token: admin,
      });
      expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(message)]);
    }
    // the trail is the admins': a studio user reads none of it
    expect((await h.get('/api/admin/audit', { token: studio })).status).toBe(403);
  });
});
