import { Migration20261201000000LearningLoop } from '../../src/database/migrations/Migration20261201000000LearningLoop';
import { EntityManager } from '@mikro-orm/postgresql';
import { UserDataService } from '../../src/modules/auth/user-data/user-data.service';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { Harness, type TestUser } from '../support/harness';

/*
 * The learning loop (docs/learning-loop-api.md §2, §5, §7): a topic's check items answered one at a time with
 * their key revealed, the path to the next ready topic or the post test, and the modules' soft lock. The check
 * items are read from the database (ids `<node>-q5`, `-q6` by the content's convention), never hard-coded.
 */

interface CheckItem {
  id: string;
  nodeId: string;
  correct: string;
  choices: { id: string }[];
}
interface CheckAnswer {
  questionId: string;
  correct: boolean;
  correctAnswer: string;
  explanation: string;
  counted: boolean;
  mastery: number | null;
  check: { total: number; answered: number; correct: number; passed: boolean };
  complete: boolean;
}
interface Path {
  subjectId: string;
  complete: number;
  total: number;
  topics: { id: string; moduleId: string; level: number; complete: boolean; ready: boolean }[];
  modules: { id: string; title: string; locked: boolean; reason: string | null; openedBy: string | null }[];
  next: { type: string; topic?: { id: string; title: string }; quiz?: string; reason?: string };
  openAttempts: { attemptId: string; kind: string; question: number; createdAt: string }[];
}
interface TopicPage {
  micro_quiz: {
    id: string;
    answered: { answer: string; correct: boolean; correctAnswer: string; explanation: string } | null;
  }[];
  check: { total: number; answered: number; correct: number; passed: boolean };
  complete: boolean;
}

const SUBJECT = 'vagus-nerve';
let h: Harness;
let checks: CheckItem[];
let topicsInOrder: { id: string; moduleId: string }[];
let modules: { id: string; title: string }[];

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  checks = await h.sql<CheckItem>(
    `select id, node_id as "nodeId", correct, choices from quiz_items where subject_id = ? and use = 'check' order by node_id, position, id`,
    [SUBJECT],
  );
  modules = await h.sql(`select id, title from subject_modules where subject_id = ? order by position, id`, [SUBJECT]);
  const learner = await h.learnerWith(SUBJECT, 'loop-setup');
  topicsInOrder = (await path(learner)).topics.map((t) => ({ id: t.id, moduleId: t.moduleId }));
});
afterAll(() => h.close());

const itemsOf = (nodeId: string) => checks.filter((c) => c.nodeId === nodeId);
const wrongOf = (c: CheckItem) => c.choices.find((x) => x.id !== c.correct)!.id;
const answer = (u: TestUser, nodeId: string, questionId: string, choice: string, subjectId = SUBJECT) =>
  h.post<CheckAnswer & { message?: string }>(
    `/api/checks/${nodeId}/answers`,
    { subjectId, questionId, answer: choice },
    { token: u.token },
  );
async function path(u: TestUser, after?: string): Promise<Path> {
  const res = await h.get<Path>(`/api/users/me/path?subjectId=${SUBJECT}${after ? `&after=${after}` : ''}`, {
    token: u.token,
  });
  expect(res.status).toBe(200);
  return res.body;
}
const page = (u: TestUser, nodeId: string) =>
  h.get<TopicPage>(`/api/graph/nodes/${nodeId}?subject=${SUBJECT}`, { token: u.token });
/** Completes a topic through its check: every check item answered right. */
async function complete(u: TestUser, nodeId: string) {
  for (const c of itemsOf(nodeId)) expect((await answer(u, nodeId, c.id, c.correct)).status).toBe(200);
}

it('has check items in every topic (the content convention <node>-q5, -q6)', () => {
  expect(topicsInOrder.length).toBeGreaterThan(0);
  for (const t of topicsInOrder) {
    expect(itemsOf(t.id).length).toBeGreaterThanOrEqual(2);
    for (const c of itemsOf(t.id)) expect(c.id).toMatch(new RegExp(`^${t.id}-q\\d+$`));
  }
});

describe('POST /api/checks/{nodeId}/answers', () => {
  it('ten answers of one item at once: exactly one counts, and it is the first answer the page shows', async () => {
    const u = await h.learnerWith(SUBJECT, 'loop-race');
    const topic = topicsInOrder[2].id;
    const [q] = itemsOf(topic);
    const choices = Array.from({ length: 10 }, (_, i) => (i % 2 ? q.correct : wrongOf(q)));
    const answers = await Promise.all(choices.map((c) => answer(u, topic, q.id, c)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.body.counted)).toHaveLength(1);
    const counted = answers.find((a) => a.body.counted)!;
    const rows = await h.sql<{ answer: string; counted: boolean }>(
      `select answer, counted from learning_answers where user_id = ? and item_id = ? order by answered_at, id`,
      [u.id, q.id],
    );
    expect(rows).toHaveLength(10);
    // the earliest answer is the counted one, and the topic page's feedback is that answer
    expect(rows[0]).toEqual({ answer: counted.body.correct ? q.correct : wrongOf(q), counted: true });
    const shown = (await page(u, topic)).body.micro_quiz.find((i) => i.id === q.id)!.answered!;
    expect(shown.answer).toBe(rows[0].answer);
    expect((await page(u, topic)).body.check.correct).toBe(counted.body.correct ? 1 : 0);
  });

  it('reveals the key after answering; both right completes the topic, and the page shows the first answers', async () => {
    const u = await h.learnerWith(SUBJECT, 'loop-check');
    const first = topicsInOrder[0].id;
    const [q1, q2] = itemsOf(first);
    const before = await page(u, first);
    expect(before.status).toBe(200);
    expect(before.body.micro_quiz.map((q) => q.id)).toEqual(itemsOf(first).map((c) => c.id));
    expect(before.body.micro_quiz.every((q) => q.answered === null)).toBe(true);
    expect(JSON.stringify(before.body.micro_quiz)).not.toMatch(/correctAnswer|explanation/);
    expect(before.body).toMatchObject({ check: { total: 2, answered: 0, correct: 0, passed: false }, complete: false });

    const a1 = await answer(u, first, q1.id, q1.correct);
    expect(a1.status).toBe(200);
    expect(a1.body).toMatchObject({
      questionId: q1.id,
      correct: true,
      correctAnswer: q1.correct,
      counted: true,
      check: { total: 2, answered: 1, correct: 1, passed: false },
      complete: false,
    });
    expect(a1.body.explanation.length).toBeGreaterThan(0);
    const a2 = await answer(u, first, q2.id, q2.correct);
    expect(a2.body).toMatchObject({ check: { total: 2, answered: 2, correct: 2, passed: true }, complete: true });

    const after = await page(u, first);
    expect(after.body).toMatchObject({ check: { answered: 2, correct: 2, passed: true }, complete: true });
    expect(after.body.micro_quiz[0].answered).toEqual({
      answer: q1.correct,
      correct: true,
      correctAnswer: q1.correct,
      explanation: expect.any(String),
    });
    expect((await path(u)).topics.find((t) => t.id === first)).toMatchObject({ complete: true, ready: false });
  });

  it('grades a repeat answer for learning only: counted false, mastery unchanged, the first answer kept', async () => {
    const u = await h.learnerWith(SUBJECT, 'loop-repeat');
    const node = topicsInOrder[1].id;
    const [q] = itemsOf(node);
    const first = await answer(u, node, q.id, wrongOf(q));
    expect(first.body).toMatchObject({ correct: false, correctAnswer: q.correct, counted: true });
    const again = await answer(u, node, q.id, q.correct);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ correct: true, counted: false, mastery: first.body.mastery });
    // the first answer decides the check
    expect(again.body.check).toMatchObject({ answered: 1, correct: 0 });
    expect((await page(u, node)).body.micro_quiz.find((i) => i.id === q.id)!.answered).toMatchObject({
      answer: wrongOf(q),
      correct: false,
    });
  });

  it('refuses assessment items, another topic’s items, a non-choice, an unknown topic and a learner without access', async () => {
    const u = await h.learnerWith(SUBJECT, 'loop-refuse');
    const node = topicsInOrder[0].id;
    const [assessment] = await h.sql<{ id: string; correct: string }>(
      `select id, correct from quiz_items where subject_id = ? and node_id = ? and use = 'assessment' limit 1`,
      [SUBJECT, node],
    );
    const refused = await answer(u, node, assessment.id, assessment.correct);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: `Question ${assessment.id} is not a check question of this topic` });
    expect(JSON.stringify(refused.body)).not.toMatch(/correctAnswer|explanation/);
    const other = itemsOf(topicsInOrder[1].id)[0];
    expect((await answer(u, node, other.id, other.correct)).status).toBe(400);
    const [q] = itemsOf(node);
    const notChoice = await answer(u, node, q.id, 'zz');
    expect(notChoice.status).toBe(400);
    expect(notChoice.body.message).toBe("answer must be one of the question's choice ids");
    const unknown = await answer(u, 'no-such-topic', q.id, q.correct);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Topic not found');
    // nothing was logged by the refusals
    expect(await h.sql(`select 1 from learning_answers where user_id = ?`, [u.id])).toHaveLength(0);

    const stranger = await h.newUser('loop-stranger');
    const forbidden = await answer(stranger, node, q.id, q.correct);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('You do not have access to this course. Buy access to continue.');
    expect((await h.get(`/api/users/me/path?subjectId=${SUBJECT}`, { token: stranger.token })).status).toBe(403);
  });
});

describe('GET /api/users/me/path', () => {
  it('names the next ready topic after the one just finished, and the post test once every topic is complete', async () => {
    const u = await h.learnerWith(SUBJECT, 'loop-path');
    const start = await path(u);
    expect(start).toMatchObject({ subjectId: SUBJECT, complete: 0, total: topicsInOrder.length, openAttempts: [] });
    expect(start.next).toEqual({ type: 'topic', topic: { id: topicsInOrder[0].id, title: expect.any(String) } });

    const first = topicsInOrder[0].id;
    await complete(u, first);
    const after = await path(u, first);
    const ready = after.topics.filter((t) => t.ready).map((t) => t.id);
    expect(ready.length).toBeGreaterThan(0);
    expect(ready).not.toContain(first);
    // the first ready topic after the finished one in reading order (else the first before it)
    const at = after.topics.findIndex((t) => t.id === first);
    const expected = [...after.topics.slice(at + 1), ...after.topics.slice(0, at)].find((t) => t.ready)!;
    expect(after.next).toEqual({ type: 'topic', topic: { id: expected.id, title: expect.any(String) } });
    // an unknown `after` is ignored
    expect((await path(u, 'no-such-topic')).next.type).toBe('topic');

    // every module opened by staff, every topic completed by its check: the post test is next
    const admin = await h.demoToken('admin');
    for (const m of modules.slice(1))
      expect(
        (await h.post(`/api/admin/users/${u.id}/unlocks`, { subjectId: SUBJECT, moduleId: m.id }, { token: admin }))
          .status,
      ).toBe(201);
    for (const t of topicsInOrder.slice(1)) await complete(u, t.id);
    const done = await path(u);
    expect(done.complete).toBe(done.total);
    expect(done.next).toEqual({ type: 'post_test', quiz: 'q_final' });
  });

  it('lists an open attempt with the question it resumes at', async () => {
    const u = await h.learnerWith(SUBJECT, 'loop-open');
    const started = await h.post<{ attemptId: string; question: { id: string; choices: { id: string }[] } }>(
      '/api/quizzes/q_diag/attempts',
      { subject: SUBJECT },
      { token: u.token },
    );
    expect(started.status).toBe(201);
    const q = started.body.question;
    const answered = await h.post(
      `/api/attempts/${started.body.attemptId}/answer`,
      { questionId: q.id, answer: q.choices[0].id },
      { token: u.token },
    );
    expect(answered.status).toBe(200);
    expect((await path(u)).openAttempts).toEqual([
      { attemptId: started.body.attemptId, kind: 'q_diag', question: 2, createdAt: expect.any(String) },
    ]);
  });
});

describe('soft lock of modules', () => {
  it('locks module 2 with its reason; next and practice skip it; its topics stay readable and answerable', async () => {
    const u = await h.learnerWith(SUBJECT, 'loop-lock');
    const [m1, m2] = modules;
    const p = await path(u);
    expect(p.modules[0]).toMatchObject({ id: m1.id, locked: false, openedBy: 'first', reason: null });
    expect(p.modules[1]).toEqual({
      id: m2.id,
      title: m2.title,
      locked: true,
      reason: `Master “${m1.title}” to open this module`,
      openedBy: null,
    });
    const unlocks = await h.get(`/api/me/unlocks?subjectId=${SUBJECT}`, { token: u.token });
    expect(unlocks.status).toBe(200);
    expect(unlocks.body).toEqual({
      subjectId: SUBJECT,
      modules: [],
      locked: modules
        .slice(1)
        .map((m, i) => ({ id: m.id, title: m.title, reason: `Master “${modules[i].title}” to open this module` })),
    });

    // before anything: only module 1's topics can be ready, and next is one of them
    expect(p.topics.filter((t) => t.ready).every((t) => t.moduleId === m1.id)).toBe(true);
    expect(p.topics.find((t) => t.id === p.next.topic!.id)!.moduleId).toBe(m1.id);

    // module 1 complete by its checks but not mastered (one topic's level back under 0.7): nothing else is
    // ready, the next step is practice with the lock's reason
    const m1Topics = topicsInOrder.filter((x) => x.moduleId === m1.id);
    for (const t of m1Topics) await complete(u, t.id);
    await h.sql(`update user_mastery set p_known = 0.6 where user_id = ? and subject_id = ? and skill_id = ?`, [
      u.id,
      SUBJECT,
      m1Topics[0].id,
    ]);
    const blocked = await path(u);
    expect(blocked.topics.filter((t) => t.moduleId !== m1.id).every((t) => !t.ready)).toBe(true);
    expect(blocked.next).toEqual({ type: 'practice', reason: `Master “${m1.title}” to open this module` });
    const ready = await h.get<{ readyToLearn: { id: string }[] }>(`/api/users/me/mastery?subjectId=${SUBJECT}`, {
      token: u.token,
    });
    expect(ready.body.readyToLearn).toEqual([]);

    // practice serves no card of a locked module
    expect((await h.post('/api/practice/seed', { subjectId: SUBJECT }, { token: u.token })).status).toBe(200);
    const cards = await h.get<{ nodeId: string }[]>(`/api/practice/next?subjectId=${SUBJECT}&limit=50`, {
      token: u.token,
    });
    const lockedTopics = new Set(topicsInOrder.filter((t) => t.moduleId !== m1.id).map((t) => t.id));
    expect(cards.body.filter((c) => lockedTopics.has(c.nodeId))).toEqual([]);

    // a locked topic is still readable, and its check answerable
    const lockedTopic = topicsInOrder.find((t) => t.moduleId === m2.id)!.id;
    expect((await page(u, lockedTopic)).status).toBe(200);
    const [q] = itemsOf(lockedTopic);
    expect((await answer(u, lockedTopic, q.id, q.correct)).status).toBe(200);
  });

  it('opens module 2 by an admin unlock, and by mastering module 1', async () => {
    const [m1, m2] = modules;
    const admin = await h.demoToken('admin');
    const unlocked = await h.learnerWith(SUBJECT, 'loop-unlock');
    expect(
      (
        await h.post(
          `/api/admin/users/${unlocked.id}/unlocks`,
          { subjectId: SUBJECT, moduleId: m2.id },
          { token: admin },
        )
      ).status,
    ).toBe(201);
    expect((await path(unlocked)).modules[1]).toMatchObject({ locked: false, openedBy: 'unlock' });
    expect((await h.get(`/api/me/unlocks?subjectId=${SUBJECT}`, { token: unlocked.token })).body).toMatchObject({
      modules: [m2.id],
    });

    const mastered = await h.learnerWith(SUBJECT, 'loop-mastered');
    for (const t of topicsInOrder.filter((x) => x.moduleId === m1.id))
      await h.sql(
        `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known, attempts, correct, updated_at)
         values (?, ?, ?, ?, 'topic', 0.8, 1, 1, now())`,
        [mastered.id, SUBJECT, t.id, t.id],
      );
    const p = await path(mastered);
    expect(p.modules[1]).toMatchObject({ locked: false, openedBy: 'mastery' });
    const firstOfM2 = topicsInOrder.find((t) => t.moduleId === m2.id)!;
    expect(p.topics.filter((t) => t.ready).map((t) => t.moduleId)).toContain(m2.id);
    expect(p.next.type).toBe('topic');
    expect(p.topics.find((t) => t.id === firstOfM2.id)!.complete).toBe(false);
  });
});

describe('staff and test unlocks of one module', () => {
  it('neither overwrites the other: a test that masters a staff-opened module keeps it open and opens the next', async () => {
    const [, m2, m3] = modules;
    const admin = await h.demoToken('admin');
    const u = await h.learnerWith(SUBJECT, 'loop-both-unlocks');
    const url = `/api/admin/users/${u.id}/unlocks`;
    expect((await h.post(url, { subjectId: SUBJECT, moduleId: m2.id }, { token: admin })).status).toBe(201);
    // a test shows module 2 mastered (gating writes its unlock beside the staff one)
    const userData = h.app.get(UserDataService);
    const em = h.app.get(EntityManager).fork();
    await em.transactional((tx) => userData.unlock(tx, u.id, SUBJECT, [m2.id], 'gating'));

    const p = await path(u);
    expect(p.modules[1]).toMatchObject({ id: m2.id, locked: false, openedBy: 'unlock' });
    expect(p.modules[2]).toMatchObject({ id: m3.id, locked: false, openedBy: 'mastery' });
    expect(
      await h.sql(`select source from user_unlocks where user_id = ? and module_id = ? order by source`, [u.id, m2.id]),
    ).toEqual([{ source: 'gating' }, { source: 'staff' }]);
    // the admin still sees (and can take back) the staff unlock; the earned one stays
    expect((await h.get<{ moduleId: string }[]>(url, { token: admin })).body.map((x) => x.moduleId)).toEqual([m2.id]);
    expect(
      (await h.request('DELETE', url, { token: admin, body: { subjectId: SUBJECT, moduleId: m2.id } })).status,
    ).toBe(200);
    const after = await path(u);
    expect(after.modules[2]).toMatchObject({ locked: false, openedBy: 'mastery' });
    // an admin unlock of a module a test already earned is a staff unlock of its own, not "already unlocked"
    const v = await h.learnerWith(SUBJECT, 'loop-earned-then-staff');
    await em.transactional((tx) => userData.unlock(tx, v.id, SUBJECT, [m3.id], 'gating'));
    expect(
      (await h.post(`/api/admin/users/${v.id}/unlocks`, { subjectId: SUBJECT, moduleId: m3.id }, { token: admin }))
        .status,
    ).toBe(201);
    expect((await path(v)).modules[2]).toMatchObject({ locked: false, openedBy: 'unlock' });
  });
});

describe('a hidden staff tag and the achievement of the same name', () => {
  it('a test that earns it takes the tag over, so the learner sees the achievement', async () => {
    const [m1] = modules;
    const admin = await h.demoToken('admin');
    const u = await h.learnerWith(SUBJECT, 'loop-tag-takeover');
    const tag = `${SUBJECT}:${m1.id}-mastered`;
    expect((await h.post(`/api/admin/users/${u.id}/tags`, { tag }, { token: admin })).status).toBe(201);
    expect((await h.get<{ tags: string[] }>('/api/me/tags', { token: u.token })).body.tags).toEqual([]);
    const em = h.app.get(EntityManager).fork();
    await em.transactional((tx) => h.app.get(UserDataService).tag(tx, u.id, [tag], 'gating'));
    expect((await h.get<{ tags: string[] }>('/api/me/tags', { token: u.token })).body.tags).toEqual([
      `${m1.title} mastered`,
    ]);
    expect(await h.sql(`select source, learner_visible from user_tags where user_id = ?`, [u.id])).toEqual([
      { source: 'gating', learner_visible: true },
    ]);
  });
});

describe('user_unlocks.source backfill', () => {
  it('marks an unlock with its module’s -mastered tag as gating, any other as staff', async () => {
    const migration = new Migration20261201000000LearningLoop(undefined as never, undefined as never);
    await migration.up();
    const backfill = migration
      .getQueries()
      .map(String)
      .find((q) => q.startsWith('update "user_unlocks"'))!;
    expect(backfill).toBeDefined();
    const u = await h.newUser('loop-backfill');
    const [m1, m2] = modules;
    await h.sql(
      `insert into user_unlocks (user_id, subject_id, module_id, source) values (?, ?, ?, 'staff'), (?, ?, ?, 'staff')`,
      [u.id, SUBJECT, m1.id, u.id, SUBJECT, m2.id],
    );
    await h.sql(`insert into user_tags (user_id, tag) values (?, ?)`, [u.id, `${SUBJECT}:${m1.id}-mastered`]);
    await h.sql(backfill);
    expect(
      await h.sql(`select module_id, source from user_unlocks where user_id = ? order by module_id`, [u.id]),
    ).toEqual(
      [
        { module_id: m1.id, source: 'gating' },
        { module_id: m2.id, source: 'staff' },
      ].sort((a, b) => (a.module_id < b.module_id ? -1 : 1)),
    );
  });
});

describe('placement', () => {
  it('a diagnostic taken first places the learner: figures match the path, no review, the next step is to learn', async () => {
    const u = await h.learnerWith(SUBJECT, 'loop-placement');
    type Q = { id: string; choices: { id: string }[] };
    const started = await h.post<{ attemptId: string; question: Q }>(
      '/api/quizzes/q_diag/attempts',
      { subject: SUBJECT },
      { token: u.token },
    );
    let q: Q | undefined = started.body.question;
    let result: Record<string, any> | undefined;
    // answer everything wrong: a learner who knows nothing yet
    for (let i = 0; i < 40 && q && !result; i++) {
      const [key] = await h.sql<{ correct: string }>(`select correct from quiz_items where subject_id = ? and id = ?`, [
        SUBJECT,
        q.id,
      ]);
      const res: { status: number; body: { done: boolean; question?: Q; result?: Record<string, any> } } = await h.post(
        `/api/attempts/${started.body.attemptId}/answer`,
        { questionId: q.id, answer: q.choices.find((c) => c.id !== key.correct)!.id },
        { token: u.token },
      );
      expect(res.status).toBe(200);
      if (res.body.done) result = res.body.result;
      else q = res.body.question;
    }
    expect(result).toBeDefined();
    expect(result!.graded.every((g: object) => Object.keys(g).sort().join() === 'correct,questionId')).toBe(true);
    const p = await path(u);
    const ready = p.topics.filter((t) => t.ready);
    expect(result!.placement).toEqual({
      known: p.complete,
      total: p.total,
      start: p.next.type === 'topic' ? p.next.topic : null,
      learnNext: ready.slice(0, 5).map((t) => ({ id: t.id, title: expect.any(String), moduleId: t.moduleId })),
    });
    expect(result!.gating.recommendReview).toEqual([]);
    expect(result!.nextStep.type).toBe('learn');
    expect(result!.nextStep.skills).toEqual(result!.placement.learnNext.map((t: { title: string }) => t.title));
  });
});
