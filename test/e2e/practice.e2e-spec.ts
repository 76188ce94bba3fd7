import { type Clock, CLOCK } from '../../src/modules/practice/clock';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { Harness } from '../support/harness';

interface Card {
  nodeId: string;
  title: string;
  questionId: string;
  question: string;
  options: { id: string; text: string }[];
  type: string;
  due: string;
}
interface Reviewed {
  nodeId: string;
  rating: number;
  correct: boolean | null;
  due: string;
  scheduledDays: number;
  state: string;
  mastery: number | null;
}
interface Stats {
  due: number;
  completedToday: number;
  accuracy: number | null;
  streak: number;
  totalReviews: number;
}
interface StoredCard {
  reps: number;
  lapses: number;
  state: number;
  due: Date;
  last_review: Date;
}

let h: Harness;
let clock: Clock;
let now: Date;
const setNow = (iso: string | Date) => {
  now = new Date(iso);
};

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  clock = h.app.get<Clock>(CLOCK);
  clock.now = () => new Date(now);
});
afterAll(() => h.close());
// The clock of every test starts at the same moment; tests that care set their own.
beforeEach(() => setNow('2030-03-10T09:00:00Z'));

interface Answered {
  nodeId: string;
  questionId: string;
  correct: boolean;
  correctAnswer: string;
  explanation: string;
  counted: boolean;
  mastery: number | null;
  intervals: { rating: number; label: string; scheduledDays: number; due: string }[];
}

/**
 * A learner who owns vagus-nerve, with every module opened by staff (a locked module's cards are not served:
 * tests of the lock use `unlock = false`) and seeded practice.
 */
async function learner(tag: string, seed = true, unlock = true) {
  const u = await h.learnerWith('vagus-nerve', tag);
  if (unlock)
    await h.sql(
      `insert into user_unlocks (user_id, subject_id, module_id, source)
       select ?, subject_id, id, 'staff' from subject_modules where subject_id = 'vagus-nerve'`,
      [u.id],
    );
  if (seed)
    expect(
      (await h.post<{ created: number }>('/api/practice/seed', { subjectId: 'vagus-nerve' }, { token: u.token })).body,
    ).toEqual({ created: 16 });
  return u;
}

const review = (token: string, body: Record<string, unknown>) =>
  h.post<Reviewed>('/api/practice/review', { subjectId: 'vagus-nerve', ...body }, { token });
const answerPost = (token: string, body: Record<string, unknown>) =>
  h.post<Answered>('/api/practice/answer', { subjectId: 'vagus-nerve', ...body }, { token });
/** Answers the question the card of `nodeId` is served with (loading it with next), right or wrong. */
async function answerServed(token: string, nodeId: string, right = true) {
  const c = (await next(token, '&limit=50')).body.find((x) => x.nodeId === nodeId);
  if (!c) throw new Error(`${nodeId} is not served`);
  const q = await correctAnswer(c.questionId);
  const res = await answerPost(token, {
    nodeId,
    questionId: c.questionId,
    answer: right ? q.correct : q.choices.find((o) => o.id !== q.correct)!.id,
  });
  expect(res.status).toBe(200);
  return res;
}
/** Answers the served question, then rates the card. */
async function rate(token: string, nodeId: string, rating: number, right = true) {
  await answerServed(token, nodeId, right);
  return review(token, { nodeId, rating });
}
const next = (token: string, q = '') => h.get<Card[]>(`/api/practice/next?subjectId=vagus-nerve${q}`, { token });
const stats = (token: string) => h.get<Stats>('/api/practice/stats?subjectId=vagus-nerve', { token });

async function card(userId: string, nodeId: string) {
  return (
    await h.sql<StoredCard>(
      `select * from practice_cards where user_id = ? and subject_id = 'vagus-nerve' and node_id = ?`,
      [userId, nodeId],
    )
  )[0];
}

async function correctAnswer(questionId: string) {
  return (
    await h.sql<{ correct: string; choices: { id: string }[] }>(
      `select correct, choices from quiz_items where subject_id = 'vagus-nerve' and id = ?`,
      [questionId],
    )
  )[0];
}

describe('refusals', () => {
  it('needs a signed-in learner who owns the course', async () => {
    expect((await h.get('/api/practice/next?subjectId=vagus-nerve')).status).toBe(401);
    expect((await h.get('/api/practice/stats?subjectId=vagus-nerve')).status).toBe(401);
    expect((await h.post<{ created: number }>('/api/practice/seed', { subjectId: 'vagus-nerve' })).status).toBe(401);
    expect(
      (await h.post('/api/practice/review', { subjectId: 'vagus-nerve', nodeId: 'vn-anatomy', rating: 3 })).status,
    ).toBe(401);

    const stranger = await h.newUser('practice-stranger');
    expect((await next(stranger.token)).status).toBe(403);
    expect((await stats(stranger.token)).status).toBe(403);
    expect(
      (await h.post<{ created: number }>('/api/practice/seed', { subjectId: 'vagus-nerve' }, { token: stranger.token }))
        .status,
    ).toBe(403);
    expect((await review(stranger.token, { nodeId: 'vn-anatomy', rating: 3 })).status).toBe(403);
    expect(await h.sql(`select 1 from practice_cards where user_id = ?`, [stranger.id])).toEqual([]);
  });

  it('refuses bad requests with 400 and unknown subjects or cards with 404', async () => {
    const u = await learner('practice-bad', false);
    const t = u.token;
    expect((await h.get('/api/practice/next', { token: t })).status).toBe(400);
    expect((await h.get('/api/practice/next?subjectId=no-such-course', { token: t })).status).toBe(404);
    for (const limit of ['0', '51', 'abc', '2.5']) expect((await next(t, `&limit=${limit}`)).status).toBe(400);
    expect((await h.post<{ created: number }>('/api/practice/seed', {}, { token: t })).status).toBe(400);
    expect(
      (await h.post<{ created: number }>('/api/practice/seed', { subjectId: 'vagus-nerve', extra: 1 }, { token: t }))
        .status,
    ).toBe(400);

    // no card yet
    const none = await review(t, { nodeId: 'vn-anatomy', rating: 3 });
    expect(none.status).toBe(404);
    expect(
      (await h.post<{ created: number }>('/api/practice/seed', { subjectId: 'vagus-nerve' }, { token: t })).body,
    ).toEqual({ created: 16 });

    for (const rating of [2, 4, 6, -1, '3', null, undefined]) {
      const res = await review(t, { nodeId: 'vn-anatomy', rating });
      expect(res.status).toBe(400);
    }
    expect((await review(t, { nodeId: 'no-such-node', rating: 3 })).status).toBe(404);
    expect((await review(t, { rating: 3 })).status).toBe(400);

    // the old answer-in-review fields are gone: the global pipe refuses them
    expect(
      (await review(t, { nodeId: 'vn-anatomy', rating: 3, questionId: 'vn-anatomy-q5', answer: 'a' })).status,
    ).toBe(400);
    // a rating needs a graded answer
    const unanswered = await review(t, { nodeId: 'vn-anatomy', rating: 3 });
    expect(unanswered.status).toBe(409);
    expect(unanswered.body).toMatchObject({ message: "Answer this card's question before rating it" });
    // nothing of the refused reviews was stored
    expect(await h.sql(`select 1 from practice_reviews where user_id = ?`, [u.id])).toEqual([]);
    expect((await card(u.id, 'vn-anatomy')).reps).toBe(0);
  });
});

describe('answer then review', () => {
  it('grades only the served question, once: unserved, other and second answers are 409, a non-choice 400', async () => {
    const u = await learner('practice-answer-refusals');
    const t = u.token;
    const checks = await h.sql<{ id: string; correct: string; choices: { id: string }[] }>(
      `select id, correct, choices from quiz_items where subject_id = 'vagus-nerve' and node_id = 'vn-anatomy' and use = 'check' order by position, id`,
    );
    expect(checks.length).toBeGreaterThanOrEqual(2);
    // not served yet
    const unserved = await answerPost(t, { nodeId: 'vn-anatomy', questionId: checks[0].id, answer: checks[0].correct });
    expect(unserved.status).toBe(409);
    expect(unserved.body).toMatchObject({
      message: 'This card has not been served yet: load it with GET /api/practice/next',
    });
    const served = (await next(t, '&limit=50')).body.find((c) => c.nodeId === 'vn-anatomy')!;
    expect(checks.map((c) => c.id)).toContain(served.questionId);
    // next twice serves the same question
    expect((await next(t, '&limit=50')).body.find((c) => c.nodeId === 'vn-anatomy')!.questionId).toBe(
      served.questionId,
    );
    const other = checks.find((c) => c.id !== served.questionId)!;
    const wrongItem = await answerPost(t, { nodeId: 'vn-anatomy', questionId: other.id, answer: other.correct });
    expect(wrongItem.status).toBe(409);
    expect(wrongItem.body).toMatchObject({
      message: `Question ${other.id} is not the question this card was served with`,
    });
    expect(JSON.stringify(wrongItem.body)).not.toMatch(/correctAnswer|explanation/);
    const key = checks.find((c) => c.id === served.questionId)!;
    const notChoice = await answerPost(t, { nodeId: 'vn-anatomy', questionId: key.id, answer: 'zz' });
    expect(notChoice.status).toBe(400);
    expect(notChoice.body).toMatchObject({ message: "answer must be one of the question's choice ids" });
    expect((await answerPost(t, { nodeId: 'no-such-node', questionId: key.id, answer: key.correct })).status).toBe(404);

    const graded = await answerPost(t, { nodeId: 'vn-anatomy', questionId: key.id, answer: key.correct });
    expect(graded.status).toBe(200);
    expect(graded.body).toMatchObject({
      nodeId: 'vn-anatomy',
      questionId: key.id,
      correct: true,
      correctAnswer: key.correct,
      counted: true,
    });
    expect(graded.body.explanation.length).toBeGreaterThan(0);
    expect(graded.body.intervals.map((i) => [i.rating, i.label])).toEqual([
      [0, 'Again'],
      [1, 'Hard'],
      [3, 'Good'],
      [5, 'Easy'],
    ]);
    const second = await answerPost(t, { nodeId: 'vn-anatomy', questionId: key.id, answer: key.correct });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: "This card's answer has already been graded: rate it" });

    // the rating schedules as the preview said, and logs the question with the graded answer
    const good = graded.body.intervals.find((i) => i.rating === 3)!;
    const rated = await review(t, { nodeId: 'vn-anatomy', rating: 3 });
    expect(rated.status).toBe(200);
    expect(rated.body).toMatchObject({ correct: true, scheduledDays: good.scheduledDays, due: good.due });
    expect(await h.sql(`select question_id, correct from practice_reviews where user_id = ?`, [u.id])).toEqual([
      { question_id: key.id, correct: true },
    ]);
    // rated: the card must be served and answered again before another rating
    expect((await review(t, { nodeId: 'vn-anatomy', rating: 3 })).status).toBe(409);
  });

  it('seeds a complete topic 3 days ahead and serves no card of a locked module', async () => {
    const u = await learner('practice-lock', false, false);
    // vn-anatomy complete: its level is at least 0.7
    await h.sql(
      `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known) values (?, 'vagus-nerve', 'vn-anatomy', 'A', 'topic', 0.8)`,
      [u.id],
    );
    expect(
      (await h.post<{ created: number }>('/api/practice/seed', { subjectId: 'vagus-nerve' }, { token: u.token })).body,
    ).toEqual({ created: 16 });
    expect(new Date((await card(u.id, 'vn-anatomy')).due).toISOString()).toBe('2030-03-13T09:00:00.000Z');
    expect(new Date((await card(u.id, 'vn-gut-brain')).due).toISOString()).toBe('2030-03-10T09:00:00.000Z');
    const [first] = await h.sql<{ id: string }>(
      `select id from subject_modules where subject_id = 'vagus-nerve' order by position, id limit 1`,
    );
    const served = (await next(u.token, '&limit=50')).body;
    const moduleOf = new Map(
      (
        await h.sql<{ id: string; module_id: string }>(
          `select id, module_id from topic_nodes where subject_id = 'vagus-nerve' and archived_at is null`,
        )
      ).map((r) => [r.id, r.module_id]),
    );
    expect(served.length).toBeGreaterThan(0);
    expect(served.every((c) => moduleOf.get(c.nodeId) === first.id)).toBe(true);
    expect(served.map((c) => c.nodeId)).not.toContain('vn-anatomy');
  });

  it('counts an item once a UTC day: a repeat of a counted item that day leaves mastery alone', async () => {
    setNow('2030-05-01T08:00:00Z');
    const u = await learner('practice-daily');
    const node = 'vn-anatomy';
    const first = await answerServed(u.token, node, true);
    expect(first.body.counted).toBe(true);
    expect((await review(u.token, { nodeId: node, rating: 0 })).status).toBe(200);
    // due again minutes later: the other check item, counted
    setNow('2030-05-01T09:00:00Z');
    const second = await answerServed(u.token, node, false);
    expect(second.body.questionId).not.toBe(first.body.questionId);
    expect(second.body.counted).toBe(true);
    expect(second.body.mastery!).toBeLessThan(first.body.mastery!);
    expect((await review(u.token, { nodeId: node, rating: 0 })).status).toBe(200);
    // back to the first item the same day: graded and revealed, not counted
    setNow('2030-05-01T10:00:00Z');
    const third = await answerServed(u.token, node, true);
    expect(third.body.questionId).toBe(first.body.questionId);
    expect(third.body).toMatchObject({ correct: true, counted: false, mastery: second.body.mastery });
    expect((await review(u.token, { nodeId: node, rating: 0 })).status).toBe(200);
    // the next day it counts again
    setNow('2030-05-02T10:00:00Z');
    const fourth = await answerServed(u.token, node, true);
    expect(fourth.body.questionId).toBe(second.body.questionId);
    expect(fourth.body.counted).toBe(true);
    const [m] = await h.sql<{ attempts: number }>(
      `select attempts from user_mastery where user_id = ? and skill_id = ?`,
      [u.id, node],
    );
    expect(m.attempts).toBe(3);
  });
});

describe('seed', () => {
  it('creates one card per live topic, once', async () => {
    setNow('2030-03-10T09:00:00Z');
    const u = await learner('practice-seed');
    const live = await h.sql<{ n: number }>(
      `select count(*)::int as n from topic_nodes where subject_id = 'vagus-nerve' and archived_at is null`,
    );
    expect(live[0].n).toBe(16);
    const cards = await h.sql<{ node_id: string; due: Date; reps: number; state: number }>(
      `select node_id, due, reps, state from practice_cards where user_id = ? and subject_id = 'vagus-nerve'`,
      [u.id],
    );
    expect(cards).toHaveLength(16);
    for (const c of cards) expect(c).toMatchObject({ reps: 0, state: 0 });
    expect(new Date(cards[0].due).toISOString()).toBe('2030-03-10T09:00:00.000Z');
    expect(
      (await h.post<{ created: number }>('/api/practice/seed', { subjectId: 'vagus-nerve' }, { token: u.token })).body,
    ).toEqual({ created: 0 });
  });

  it('is idempotent when seeds race', async () => {
    const u = await learner('practice-race', false);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        h.post<{ created: number }>('/api/practice/seed', { subjectId: 'vagus-nerve' }, { token: u.token }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.reduce((sum, r) => sum + r.body.created, 0)).toBe(16);
    const rows = await h.sql<{ n: number }>(`select count(*)::int as n from practice_cards where user_id = ?`, [u.id]);
    expect(rows[0].n).toBe(16);
  });
});

describe('next', () => {
  it('returns due cards, most overdue first, with a question and no answer', async () => {
    setNow('2030-03-10T09:00:00Z');
    const u = await learner('practice-next');
    await h.sql(
      `update practice_cards set due = '2030-03-01T00:00:00Z' where user_id = ? and node_id = 'vn-slow-breathing'`,
      [u.id],
    );
    await h.sql(`update practice_cards set due = '2030-03-20T00:00:00Z' where user_id = ? and node_id = 'vn-anatomy'`, [
      u.id,
    ]);

    const first = await next(u.token);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(10);
    expect(first.body[0]).toEqual({
      nodeId: 'vn-slow-breathing',
      title: expect.any(String),
      questionId: expect.any(String),
      question: expect.any(String),
      options: expect.arrayContaining([{ id: expect.any(String), text: expect.any(String) }]),
      type: 'multiple_choice',
      due: '2030-03-01T00:00:00.000Z',
    });
    const all = (await next(u.token, '&limit=50')).body;
    expect(all).toHaveLength(15); // vn-anatomy is not due yet
    expect(all.map((c) => c.nodeId)).not.toContain('vn-anatomy');
    const dues = all.map((c) => c.due);
    expect([...dues].sort()).toEqual(dues);
    for (const c of all) {
      // nothing that gives the answer away
      expect(Object.keys(c).sort()).toEqual(['due', 'nodeId', 'options', 'question', 'questionId', 'title', 'type']);
      for (const o of c.options) expect(Object.keys(o).sort()).toEqual(['id', 'text']);
      const q = (
        await h.sql<{ node_id: string; use: string }>(
          `select node_id, use from quiz_items where subject_id = 'vagus-nerve' and id = ?`,
          [c.questionId],
        )
      )[0];
      // a check item of the card's topic: practice never serves an assessment item
      expect(q).toEqual({ node_id: c.nodeId, use: 'check' });
    }

    // later, vn-anatomy is due too
    setNow('2030-03-21T00:00:00Z');
    expect((await next(u.token, '&limit=50')).body).toHaveLength(16);
  });

  it('orders a fresh deck by the topics the learner has reached, then the least sure, then reading order', async () => {
    setNow('2030-03-10T09:00:00Z');
    const u = await learner('practice-order');
    const topics = await h.sql<{ id: string; prereqs: number }>(
      `select t.id, (select count(*)::int from node_prerequisites p where p.subject_id = t.subject_id and p.node_id = t.id) as prereqs
         from topic_nodes t where t.subject_id = 'vagus-nerve' and t.archived_at is null order by t.position, t.id`,
    );
    const roots = topics.filter((t) => t.prereqs === 0).map((t) => t.id);
    const unreached = topics.find((t) => t.prereqs > 0)!.id;
    // an unreached topic (its prerequisites incomplete) at the lowest level, a root at a lower level than the other
    const level = (id: string, p: number) =>
      h.sql(
        `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known) values (?, 'vagus-nerve', ?, ?, 'topic', ?)`,
        [u.id, id, id, p],
      );
    await level(unreached, 0.01);
    await level(roots[0], 0.5);
    const deck = (await next(u.token, '&limit=50')).body.map((c) => c.nodeId);
    const path = await h.get<{ topics: { id: string; ready: boolean; complete: boolean; level: number }[] }>(
      '/api/users/me/path?subjectId=vagus-nerve',
      { token: u.token },
    );
    const reached = path.body.topics.filter((t) => t.ready || t.complete).map((t) => t.id);
    expect(reached).toContain(roots[0]);
    expect(reached).not.toContain(unreached);
    // every reached topic before any other; among them the least sure first: the root at 0.5 comes last of them
    expect(deck.slice(0, reached.length).sort()).toEqual([...reached].sort());
    expect(deck[reached.length - 1]).toBe(roots[0]);
    expect(deck.indexOf(unreached)).toBeGreaterThanOrEqual(reached.length);
  });

  it('rotates through the topic’s questions as the card is reviewed', async () => {
    setNow('2030-03-10T09:00:00Z');
    const u = await learner('practice-rotate');
    const multi = (
      await h.sql<{ node_id: string }>(
        `select node_id from quiz_items where subject_id = 'vagus-nerve' and use = 'check' group by node_id having count(*) > 1 order by node_id limit 1`,
      )
    )[0].node_id;
    const pick = async () => (await next(u.token, '&limit=50')).body.find((c) => c.nodeId === multi)!;
    const q1 = (await pick()).questionId;
    // the same question until the card is rated
    expect((await pick()).questionId).toBe(q1);
    expect((await rate(u.token, multi, 0)).status).toBe(200);
    setNow('2030-03-10T10:00:00Z');
    const q2 = (await pick()).questionId;
    expect(q2).not.toBe(q1);
  });
});

describe('review and FSRS', () => {
  it('grows the interval over successive Good reviews and resets it on Again', async () => {
    setNow('2030-04-01T08:00:00Z');
    const u = await learner('practice-fsrs');
    const node = 'vn-anatomy';
    const intervals: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await rate(u.token, node, 3);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        nodeId: node,
        rating: 3,
        correct: true,
        due: expect.any(String),
        scheduledDays: expect.any(Number),
        state: expect.any(String),
        mastery: expect.any(Number),
      });
      intervals.push(res.body.scheduledDays);
      const stored = await card(u.id, node);
      expect(stored.reps).toBe(i + 1);
      expect(new Date(stored.due).toISOString()).toBe(res.body.due);
      expect(new Date(stored.last_review).toISOString()).toBe(now.toISOString());
      // not due before its date, due on it
      setNow(new Date(new Date(res.body.due).getTime() - 1000));
      expect((await next(u.token, '&limit=50')).body.map((c) => c.nodeId)).not.toContain(node);
      setNow(res.body.due);
      expect((await next(u.token, '&limit=50')).body.map((c) => c.nodeId)).toContain(node);
    }
    expect(intervals[0]).toBe(0); // the first Good is a learning step
    for (let i = 2; i < intervals.length; i++) expect(intervals[i]).toBeGreaterThan(intervals[i - 1]);
    expect(intervals[4]).toBeGreaterThan(20);
    const before = await card(u.id, node);
    expect(before.state).toBe(2);

    const again = await rate(u.token, node, 0);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ rating: 0, scheduledDays: 0, state: 'Relearning' });
    expect(new Date(again.body.due).getTime() - now.getTime()).toBeLessThanOrEqual(24 * 3600 * 1000);
    const after = await card(u.id, node);
    expect(after.lapses).toBe(before.lapses + 1);
    expect(after.reps).toBe(before.reps + 1);

    const log = await h.sql<{ rating: number; scheduled_days: number; correct: boolean | null }>(
      `select rating, scheduled_days, correct from practice_reviews where user_id = ? order by reviewed_at`,
      [u.id],
    );
    expect(log.map((r) => r.rating)).toEqual([3, 3, 3, 3, 3, 0]);
    expect(log.map((r) => r.scheduled_days)).toEqual([...intervals, 0]);
  });

  it('applies racing reviews of one card one after another', async () => {
    setNow('2030-04-15T08:00:00Z');
    const u = await learner('practice-review-race');
    await answerServed(u.token, 'vn-gut-brain');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => review(u.token, { nodeId: 'vn-gut-brain', rating: 1 })),
    );
    // one graded answer, one rating: the others find the answer used
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await card(u.id, 'vn-gut-brain')).reps).toBe(1);
    expect(
      (await h.sql<{ n: number }>(`select count(*)::int as n from practice_reviews where user_id = ?`, [u.id]))[0].n,
    ).toBe(1);
  });

  it('moves mastery with the answer, and the rating only schedules', async () => {
    setNow('2030-05-01T08:00:00Z');
    const u = await learner('practice-mastery');
    const right = await answerServed(u.token, 'vn-anatomy', true);
    expect(right.body.correct).toBe(true);
    expect(right.body.mastery).toBeGreaterThan(0);
    let m = await h.sql<{ p_known: string; attempts: number; correct: number }>(
      `select p_known, attempts, correct from user_mastery where user_id = ? and subject_id = 'vagus-nerve' and skill_id = 'vn-anatomy'`,
      [u.id],
    );
    expect(m[0]).toMatchObject({ attempts: 1, correct: 1 });
    const p1 = Number(m[0].p_known);
    expect(right.body.mastery).toBeCloseTo(p1, 3);
    const rated = await review(u.token, { nodeId: 'vn-anatomy', rating: 0 });
    expect(rated.body).toMatchObject({ correct: true });
    expect(rated.body.mastery).toBeCloseTo(p1, 3);
    m = await h.sql(
      `select p_known, attempts, correct from user_mastery where user_id = ? and skill_id = 'vn-anatomy'`,
      [u.id],
    );
    expect(m[0]).toMatchObject({ attempts: 1, correct: 1 });

    setNow('2030-05-01T09:00:00Z');
    const bad = await answerServed(u.token, 'vn-anatomy', false);
    expect(bad.body).toMatchObject({ correct: false, counted: true });
    m = await h.sql(
      `select p_known, attempts, correct from user_mastery where user_id = ? and skill_id = 'vn-anatomy'`,
      [u.id],
    );
    expect(m[0]).toMatchObject({ attempts: 2, correct: 1 });
    expect(Number(m[0].p_known)).toBeLessThan(p1);
    expect((await review(u.token, { nodeId: 'vn-anatomy', rating: 0 })).body.correct).toBe(false);
    const log = await h.sql<{ correct: boolean | null; question_id: string }>(
      `select correct, question_id from practice_reviews where user_id = ? order by reviewed_at`,
      [u.id],
    );
    expect(log.map((r) => r.correct)).toEqual([true, false]);
    expect(log.map((r) => r.question_id)).toEqual([right.body.questionId, bad.body.questionId]);
  });
});

describe('stats', () => {
  it('counts due cards, today’s reviews, accuracy and the streak across UTC days', async () => {
    setNow('2030-06-09T10:00:00Z');
    const u = await learner('practice-stats');
    expect((await stats(u.token)).body).toEqual({
      due: 16,
      completedToday: 0,
      accuracy: null,
      streak: 0,
      totalReviews: 0,
    });

    const cards = (await next(u.token, '&limit=50')).body;

    // yesterday (late in the UTC day): one right, one wrong; Easy moves the cards days away
    setNow('2030-06-09T23:50:00Z');
    expect((await rate(u.token, cards[0].nodeId, 5, true)).status).toBe(200);
    expect((await rate(u.token, cards[1].nodeId, 5, false)).status).toBe(200);
    // today: two right
    setNow('2030-06-10T00:10:00Z');
    expect((await rate(u.token, cards[2].nodeId, 5, true)).status).toBe(200);
    expect((await rate(u.token, cards[3].nodeId, 5, true)).status).toBe(200);

    setNow('2030-06-10T12:00:00Z');
    const today = (await stats(u.token)).body;
    expect(today).toEqual({ due: 12, completedToday: 2, accuracy: expect.any(Number), streak: 2, totalReviews: 4 });
    expect(today.accuracy).toBeCloseTo(3 / 4, 6);

    // the next day, before any review: the streak is still alive, nothing done today
    setNow('2030-06-11T08:00:00Z');
    expect((await stats(u.token)).body).toMatchObject({ completedToday: 0, streak: 2, totalReviews: 4 });

    // skip the 11th: on the 12th the streak starts again
    setNow('2030-06-12T08:00:00Z');
    expect((await stats(u.token)).body).toMatchObject({ completedToday: 0, streak: 0 });
    expect((await rate(u.token, cards[4].nodeId, 3, false)).status).toBe(200);
    const later = (await stats(u.token)).body;
    expect(later).toMatchObject({ completedToday: 1, streak: 1, totalReviews: 5 });
    expect(later.accuracy).toBeCloseTo(3 / 5, 6);

    // reviews in the clock's future do not count yet
    setNow('2030-06-10T12:00:00Z');
    expect((await stats(u.token)).body).toMatchObject({ completedToday: 2, streak: 2, totalReviews: 4 });
  });
});
