import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import {
  BACKFILL_ACTIVITY_SQL,
  BACKFILL_COMPLETIONS_SQL,
} from '../../src/database/migrations/Migration20261207100000LearningFacts';
import { BACKFILL_DAY_COUNTS_SQL } from '../../src/database/migrations/Migration20261208000000DailyFactCounts';
import { BACKFILL_DIAGNOSTIC_DAYS_SQL } from '../../src/database/migrations/Migration20261209010000DiagnosticDays';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { diagnosticDaysAndRebuild } from '../support/dashboard-facts';
import { Harness, type TestUser } from '../support/harness';

/*
 * The facts the owner's dashboard reads (Migration20261207100000LearningFacts): `topic_completions`, one row per
 * learner and topic at the moment it first became complete, and `learner_activity_days`, one row per learner and
 * UTC day with activity. Kept by the answer and test flows' own transactions; checked here through those flows
 * (retries, parallel answers), at the SQL level where a race must be forced, and against the migration's backfill.
 * Each test uses learners of its own; the dashboard's figures are compared before and after within one test.
 */

interface CheckItem {
  id: string;
  nodeId: string;
  correct: string;
  choices: { id: string }[];
}
interface Dashboard {
  figures: Record<string, { current: number; previous: number }>;
  series: { date: string; activeLearners: number }[];
}

const SUBJECT = 'vagus-nerve';
let h: Harness;
let admin: string;
let checks: CheckItem[];
/** topics with exactly two check items (both right pass the check; one right does not) */
let twoItemTopics: string[];

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  admin = await h.demoToken('admin');
  checks = await h.sql<CheckItem>(
    `select id, node_id as "nodeId", correct, choices from quiz_items where subject_id = ? and use = 'check' order by node_id, position, id`,
    [SUBJECT],
  );
  const counts = new Map<string, number>();
  for (const c of checks) counts.set(c.nodeId, (counts.get(c.nodeId) ?? 0) + 1);
  twoItemTopics = [...counts].filter(([, n]) => n === 2).map(([id]) => id);
});
afterAll(() => h.close());

/**
 * The per-day counts (Migration20261208000000DailyFactCounts) against a recount of the facts they count, after
 * every test: whatever a test did (API flows, races, bulk inserts, updates, deletes), each UTC day's counts equal
 * its rows (days whose count fell back to 0 may keep a row).
 */
const countsAndRecount = () =>
  Promise.all([
    h.sql<{ day: string; n: number }>(
      `select to_char(day, 'YYYY-MM-DD') as day, learners as n from learner_activity_day_counts where learners <> 0 order by day`,
    ),
    h.sql<{ day: string; n: number }>(
      `select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as n from learner_activity_days group by day order by day`,
    ),
    h.sql<{ day: string; n: number }>(
      `select to_char(day, 'YYYY-MM-DD') as day, completions as n from topic_completion_day_counts where completions <> 0 order by day`,
    ),
    h.sql<{ day: string; n: number }>(
      `select to_char((completed_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n
         from topic_completions group by 1 order by 1`,
    ),
    diagnosticDaysAndRebuild(h),
  ]);
/** Returns once a statement on this file's database waits for a lock (row or advisory), polled: no fixed sleep. */
async function untilAStatementWaitsForALock() {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [row] = await h.sql<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row.n > 0) return;
    if (Date.now() > deadline) throw new Error('no statement came to wait for a lock within 15 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

afterEach(async () => {
  const [activity, activityRecount, completed, completedRecount, diagnostics] = await countsAndRecount();
  expect(activity).toEqual(activityRecount);
  expect(completed).toEqual(completedRecount);
  expect(diagnostics[0]).toEqual(diagnostics[1]);
});

const itemsOf = (nodeId: string) => checks.filter((c) => c.nodeId === nodeId);
const wrongOf = (c: CheckItem) => c.choices.find((x) => x.id !== c.correct)!.id;
const answer = (u: TestUser, nodeId: string, questionId: string, choice: string) =>
  h.post<{ complete: boolean; check: { passed: boolean } }>(
    `/api/checks/${nodeId}/answers`,
    { subjectId: SUBJECT, questionId, answer: choice },
    { token: u.token },
  );
/** raw SQL gives timestamps as text: as Dates, to compare instants */
const completions = async (userId: string) =>
  (
    await h.sql<{ nodeId: string; completedAt: string }>(
      `select node_id as "nodeId", completed_at as "completedAt" from topic_completions where user_id = ? order by node_id`,
      [userId],
    )
  ).map((r) => ({ nodeId: r.nodeId, completedAt: new Date(r.completedAt) }));
const activityDays = (userId: string) =>
  h.sql<{ day: string }>(
    `select to_char(day, 'YYYY-MM-DD') as day from learner_activity_days where user_id = ? order by day`,
    [userId],
  );
/** the learner's days as `learner_activity` holds them: first day and bits */
const activityBits = (userId: string) =>
  h.sql<{ firstDay: string; days: string }>(
    `select to_char(first_day, 'YYYY-MM-DD') as "firstDay", days::text as days from learner_activity where user_id = ?`,
    [userId],
  );
const today = () => new Date().toISOString().slice(0, 10);
async function figuresToday(): Promise<Dashboard> {
  const res = await h.get<Dashboard>(`/api/admin/dashboard?from=${today()}&to=${today()}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body;
}
async function topicComplete(u: TestUser, nodeId: string): Promise<boolean> {
  const res = await h.get<{ topics: { id: string; complete: boolean }[] }>(`/api/users/me/path?subjectId=${SUBJECT}`, {
    token: u.token,
  });
  expect(res.status).toBe(200);
  return res.body.topics.find((t) => t.id === nodeId)!.complete;
}

it('has topics with two check items to complete', () => {
  expect(twoItemTopics.length).toBeGreaterThanOrEqual(3);
});

describe('topic completions', () => {
  it('a check passed through the API is one completion, at the answer that passed it; retries add none', async () => {
    const u = await h.learnerWith(SUBJECT, 'facts-check');
    const topic = twoItemTopics[0];
    const [q1, q2] = itemsOf(topic);
    const before = (await figuresToday()).figures.topicsCompleted.current;

    const a1 = await answer(u, topic, q1.id, q1.correct);
    expect(a1.status).toBe(200);
    expect(a1.body.complete).toBe(false);
    expect(await completions(u.id)).toEqual([]);

    const a2 = await answer(u, topic, q2.id, q2.correct);
    expect(a2.body.complete).toBe(true);
    const [passedBy] = await h.sql<{ answeredAt: string }>(
      `select answered_at as "answeredAt" from learning_answers where user_id = ? and item_id = ?`,
      [u.id, q2.id],
    );
    const done = await completions(u.id);
    expect(done).toHaveLength(1);
    expect(done[0].nodeId).toBe(topic);
    // the check's moment, or the level's (the same answer took it to 0.82) when its transaction began earlier
    const passedAt = new Date(passedBy.answeredAt).getTime();
    expect(done[0].completedAt.getTime()).toBeLessThanOrEqual(passedAt);
    expect(passedAt - done[0].completedAt.getTime()).toBeLessThan(5000);

    // retries, right and wrong, and the same answers sent again: still one completion, at the same moment
    for (const [q, choice] of [
      [q1, q1.correct],
      [q2, wrongOf(q2)],
      [q1, wrongOf(q1)],
      [q2, q2.correct],
    ] as const)
      expect((await answer(u, topic, q.id, choice)).status).toBe(200);
    expect(await completions(u.id)).toEqual(done);
    expect((await figuresToday()).figures.topicsCompleted.current).toBe(before + 1);
  });

  it('a topic answered wrong is not complete and has no completion', async () => {
    const u = await h.learnerWith(SUBJECT, 'facts-wrong');
    const topic = twoItemTopics[1];
    for (const q of itemsOf(topic)) expect((await answer(u, topic, q.id, wrongOf(q))).status).toBe(200);
    expect(await topicComplete(u, topic)).toBe(false);
    expect(await completions(u.id)).toEqual([]);
  });

  it('the items of a topic answered at once, by several learners at once: each completes it exactly once', async () => {
    const learners = await Promise.all([1, 2, 3, 4, 5].map((i) => h.learnerWith(SUBJECT, `facts-race-${i}`)));
    const topic = twoItemTopics[2];
    const before = (await figuresToday()).figures.topicsCompleted.current;
    const answers = await Promise.all(
      learners.flatMap((u) => itemsOf(topic).flatMap((q) => [answer(u, topic, q.id, q.correct)])),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
    for (const u of learners) {
      // the path (computed from the answers) and the recorded fact agree
      expect(await topicComplete(u, topic)).toBe(true);
      expect((await completions(u.id)).map((c) => c.nodeId)).toEqual([topic]);
    }
    expect((await figuresToday()).figures.topicsCompleted.current).toBe(before + learners.length);
  });

  it('two transactions answering the two items of a topic: the second waits for the first and sees its answer', async () => {
    const u = await h.learnerWith(SUBJECT, 'facts-two-tx');
    const topic = twoItemTopics[3] ?? twoItemTopics[0];
    const [q1, q2] = itemsOf(topic);
    // across midnight (UTC), so the two answers do not also meet on their activity day's row
    const insert = (tx: EntityManager, q: CheckItem, at: string) =>
      tx.execute(
        `insert into learning_answers (id, user_id, subject_id, node_id, item_id, source, answer, correct, counted, answered_at)
         values (gen_random_uuid(), ?, ?, ?, ?, 'check', ?, true, true, ?::timestamptz)`,
        [u.id, SUBJECT, topic, q.id, q.correct, at],
      );
    let inserted!: () => void;
    let release!: () => void;
    const firstInserted = new Promise<void>((r) => (inserted = r));
    const released = new Promise<void>((r) => (release = r));
    const em = h.app.get(EntityManager);
    const first = em.fork().transactional(async (tx) => {
      await insert(tx, q1, '2025-08-01T23:59:59.900Z');
      inserted();
      await released;
    });
    await firstInserted;
    let secondDone = false;
    const second = em
      .fork()
      .transactional((tx) => insert(tx, q2, '2025-08-02T00:00:00.100Z'))
      .then(() => (secondDone = true));
    await untilAStatementWaitsForALock();
    const waited = !secondDone; // for the first transaction's topic
    release();
    await Promise.all([first, second]);
    expect(waited).toBe(true);
    expect(await completions(u.id)).toEqual([{ nodeId: topic, completedAt: new Date('2025-08-02T00:00:00.100Z') }]);
  });

  it('a level reaching 0.7 completes a topic at that update; a later update does not move it, 0.69 never counts', async () => {
    const u = await h.learnerWith(SUBJECT, 'facts-level');
    const row = (node: string, p: number, at: string) =>
      h.sql(
        `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known, updated_at)
         values (?, ?, ?, 'x', 'topic', ?, ?::timestamptz)
         on conflict (user_id, subject_id, skill_id) do update set p_known = excluded.p_known, updated_at = excluded.updated_at`,
        [u.id, SUBJECT, node, p, at],
      );
    await row('level-a', 0.69, '2025-04-01T10:00:00Z');
    expect(await completions(u.id)).toEqual([]);
    await row('level-a', 0.7, '2025-04-02T10:00:00Z');
    await row('level-a', 0.9, '2025-04-05T10:00:00Z');
    await row('level-a', 0.4, '2025-04-06T10:00:00Z');
    await h.sql(
      `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known, updated_at)
       values (?, ?, 'module:m', 'x', 'category', 0.95, '2025-04-03T10:00:00Z')`,
      [u.id, SUBJECT],
    );
    expect(await completions(u.id)).toEqual([{ nodeId: 'level-a', completedAt: new Date('2025-04-02T10:00:00Z') }]);
  });
});

describe('a bulk insert of answers (a seed, an import)', () => {
  it('records the same completions and days as answers one at a time', async () => {
    // 35 learners × 2 topics: more topics than the per-topic locks are taken for, so the one-pass path runs
    const ids = Array.from({ length: 35 }, () => randomUUID());
    await h.sql(
      `insert into users (id, email, password_hash, created_at, updated_at)
       select u::uuid, 'bulk-' || u || '@facts.test', 'x', now(), now() from jsonb_array_elements_text(?::jsonb) u`,
      [JSON.stringify(ids)],
    );
    const [a1, a2] = itemsOf(twoItemTopics[0]);
    const [b1, b2] = itemsOf(twoItemTopics[1]);
    // topic A: both right (passed at the second); topic B: the first answer wrong, then right (not passed)
    const rows: [CheckItem, boolean, string][] = [
      [a1, true, '2025-07-01T10:00:00Z'],
      [b1, false, '2025-07-01T11:00:00Z'],
      [a2, true, '2025-07-02T10:00:00Z'],
      [b2, true, '2025-07-02T11:00:00Z'],
      [b1, true, '2025-07-03T11:00:00Z'],
    ];
    await h.sql(
      `insert into learning_answers (id, user_id, subject_id, node_id, item_id, source, answer, correct, counted, answered_at)
       select gen_random_uuid(), u::uuid, ?, r->>0, r->>1, 'check', 'a', (r->>2)::boolean, true, (r->>3)::timestamptz
         from jsonb_array_elements_text(?::jsonb) u cross join jsonb_array_elements(?::jsonb) r`,
      [SUBJECT, JSON.stringify(ids), JSON.stringify(rows.map(([q, correct, at]) => [q.nodeId, q.id, correct, at]))],
    );
    for (const id of [ids[0], ids[34]]) {
      expect(await completions(id)).toEqual([{ nodeId: a1.nodeId, completedAt: new Date('2025-07-02T10:00:00Z') }]);
      expect(await activityDays(id)).toEqual([{ day: '2025-07-01' }, { day: '2025-07-02' }, { day: '2025-07-03' }]);
    }
    const [n] = await h.sql<{ n: number }>(
      `select count(*)::int as n from topic_completions where user_id in (select u::uuid from jsonb_array_elements_text(?::jsonb) u)`,
      [JSON.stringify(ids)],
    );
    expect(n.n).toBe(35);
  });
});

describe('learner activity days', () => {
  it('answers through the API: one row per learner and UTC day, the learner counted once in the day', async () => {
    const u = await h.learnerWith(SUBJECT, 'facts-active');
    const before = await figuresToday();
    const topic = twoItemTopics[0];
    const [q1, q2] = itemsOf(topic);
    await answer(u, topic, q1.id, wrongOf(q1));
    await Promise.all([answer(u, topic, q2.id, q2.correct), answer(u, topic, q1.id, q1.correct)]);
    expect(await activityDays(u.id)).toEqual([{ day: today() }]);
    const after = await figuresToday();
    expect(after.figures.activeLearners.current).toBe(before.figures.activeLearners.current + 1);
    expect(after.series.map((d) => [d.date, d.activeLearners])).toEqual([
      [today(), before.series[0].activeLearners + 1],
    ]);
  });

  it('days added by two transactions at once, before and after the first day: the bits hold every day', async () => {
    const u = await h.learnerWith(SUBJECT, 'facts-bits');
    const [q] = itemsOf(twoItemTopics[0]);
    const insert = (tx: EntityManager, at: string) =>
      tx.execute(
        `insert into learning_answers (id, user_id, subject_id, node_id, item_id, source, answer, correct, counted, answered_at)
         values (gen_random_uuid(), ?, ?, ?, ?, 'practice', 'a', false, false, ?::timestamptz)`,
        [u.id, SUBJECT, q.nodeId, q.id, at],
      );
    const em = h.app.get(EntityManager);
    await em.fork().transactional((tx) => insert(tx, '2025-09-03T12:00:00Z'));
    expect(await activityBits(u.id)).toEqual([{ firstDay: '2025-09-03', days: '1' }]);
    let inserted!: () => void;
    let release!: () => void;
    const firstInserted = new Promise<void>((r) => (inserted = r));
    const released = new Promise<void>((r) => (release = r));
    const first = em.fork().transactional(async (tx) => {
      await insert(tx, '2025-09-01T12:00:00Z');
      inserted();
      await released;
    });
    await firstInserted;
    const second = em.fork().transactional((tx) => insert(tx, '2025-09-07T12:00:00Z'));
    await untilAStatementWaitsForALock();
    release();
    await Promise.all([first, second]);
    expect(await activityBits(u.id)).toEqual([{ firstDay: '2025-09-01', days: '1010001' }]);
    const res = await h.get<Dashboard>('/api/admin/dashboard?from=2025-09-02&to=2025-09-06', { token: admin });
    const withOnlyThis = await h.get<Dashboard>('/api/admin/dashboard?from=2025-09-04&to=2025-09-06', {
      token: admin,
    });
    // 09-02…09-06 has its 09-03 (and the 09-01 of the period before); 09-04…09-06 has none of its days
    expect(res.body.figures.activeLearners.current - withOnlyThis.body.figures.activeLearners.current).toBe(1);
  });

  it('a submitted diagnostic makes its day active; an open one does not', async () => {
    const u = await h.learnerWith(SUBJECT, 'facts-diagnostic');
    const start = await h.post<{ attemptId: string; question: { id: string; choices: { id: string }[] } }>(
      '/api/quizzes/q_diag/attempts',
      { subject: SUBJECT },
      { token: u.token },
    );
    expect(start.status).toBe(201);
    expect(await activityDays(u.id)).toEqual([]);
    let step: { done: boolean; question?: { id: string; choices: { id: string }[] } } = {
      done: false,
      question: start.body.question,
    };
    for (let i = 0; !step.done && i < 30; i++) {
      const res = await h.post<typeof step>(
        `/api/attempts/${start.body.attemptId}/answer`,
        { questionId: step.question!.id, answer: String(step.question!.choices[0].id) },
        { token: u.token },
      );
      expect(res.status).toBe(200);
      step = res.body;
    }
    expect(step.done).toBe(true);
    expect(await activityDays(u.id)).toEqual([{ day: today() }]);
  });

  it("a day is the UTC day: 23:59:59.999 and the next midnight are two days, whatever the writer's time zone", async () => {
    const u = await h.learnerWith(SUBJECT, 'facts-midnight');
    const [q] = itemsOf(twoItemTopics[0]);
    const em = h.app.get(EntityManager).fork();
    await em.transactional(async (tx) => {
      await tx.execute(`set local time zone 'America/Los_Angeles'`);
      for (const at of ['2025-05-01T23:59:59.999Z', '2025-05-02T00:00:00.000Z', '2025-05-02T07:00:00.000Z'])
        await tx.execute(
          `insert into learning_answers (id, user_id, subject_id, node_id, item_id, source, answer, correct, counted, answered_at)
           values (gen_random_uuid(), ?, ?, ?, ?, 'practice', 'a', false, false, ?::timestamptz)`,
          [u.id, SUBJECT, q.nodeId, q.id, at],
        );
    });
    expect(await activityDays(u.id)).toEqual([{ day: '2025-05-01' }, { day: '2025-05-02' }]);
    expect(await activityBits(u.id)).toEqual([{ firstDay: '2025-05-01', days: '11' }]);
    const res = await h.get<Dashboard>('/api/admin/dashboard?from=2025-05-01&to=2025-05-02', { token: admin });
    expect(res.body.series.map((d) => [d.date, d.activeLearners >= 1])).toEqual([
      ['2025-05-01', true],
      ['2025-05-02', true],
    ]);
  });
});

describe('the per-day counts', () => {
  const dayCount = async (table: 'learner_activity_day_counts' | 'topic_completion_day_counts', day: string) => {
    const column = table === 'learner_activity_day_counts' ? 'learners' : 'completions';
    const [row] = await h.sql<{ n: number }>(`select ${column} as n from ${table} where day = ?::date`, [day]);
    return row?.n ?? 0;
  };

  it('a completion moved to an earlier day moves its count; a removed learner takes their counts away', async () => {
    const u = await h.learnerWith(SUBJECT, 'facts-counts');
    const topic = twoItemTopics[2];
    const [q1, q2] = itemsOf(topic);
    const before = {
      level: await dayCount('topic_completion_day_counts', '2024-03-10'),
      check: await dayCount('topic_completion_day_counts', '2024-03-02'),
      active: await dayCount('learner_activity_day_counts', '2024-03-01'),
    };
    // its level reached 0.7 on 10 March: one completion that day
    await h.sql(
      `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known, updated_at)
       values (?, ?, ?, 'x', 'topic', 0.8, '2024-03-10T12:00:00Z')`,
      [u.id, SUBJECT, topic],
    );
    expect(await dayCount('topic_completion_day_counts', '2024-03-10')).toBe(before.level + 1);
    // an import brings its check, passed on 2 March: the completion moves to that day, still one
    await h.sql(
      `insert into learning_answers (id, user_id, subject_id, node_id, item_id, source, answer, correct, counted, answered_at)
       values (gen_random_uuid(), ?, ?, ?, ?, 'check', 'a', true, true, '2024-03-01T23:59:59.999Z'),
              (gen_random_uuid(), ?, ?, ?, ?, 'check', 'a', true, true, '2024-03-02T08:00:00Z')`,
      [u.id, SUBJECT, topic, q1.id, u.id, SUBJECT, topic, q2.id],
    );
    expect(await completions(u.id)).toEqual([{ nodeId: topic, completedAt: new Date('2024-03-02T08:00:00Z') }]);
    expect(await dayCount('topic_completion_day_counts', '2024-03-10')).toBe(before.level);
    expect(await dayCount('topic_completion_day_counts', '2024-03-02')).toBe(before.check + 1);
    expect(await dayCount('learner_activity_day_counts', '2024-03-01')).toBe(before.active + 1);

    await h.sql(`delete from users where id = ?`, [u.id]);
    expect(await dayCount('topic_completion_day_counts', '2024-03-02')).toBe(before.check);
    expect(await dayCount('learner_activity_day_counts', '2024-03-01')).toBe(before.active);
  });

  it("the dashboard's daily series and topics completed read the counts: a period far back shows that period's facts", async () => {
    const u = await h.learnerWith(SUBJECT, 'facts-series');
    const [q1, q2] = itemsOf(twoItemTopics[0]);
    await h.sql(
      `insert into learning_answers (id, user_id, subject_id, node_id, item_id, source, answer, correct, counted, answered_at)
       values (gen_random_uuid(), ?, ?, ?, ?, 'check', 'a', true, true, '2023-05-02T10:00:00Z'),
              (gen_random_uuid(), ?, ?, ?, ?, 'check', 'a', true, true, '2023-05-04T10:00:00Z')`,
      [u.id, SUBJECT, q1.nodeId, q1.id, u.id, SUBJECT, q2.nodeId, q2.id],
    );
    const res = await h.get<Dashboard>(`/api/admin/dashboard?from=2023-05-01&to=2023-05-05`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.series.map((d) => [d.date, d.activeLearners])).toEqual([
      ['2023-05-01', 0],
      ['2023-05-02', 1],
      ['2023-05-03', 0],
      ['2023-05-04', 1],
      ['2023-05-05', 0],
    ]);
    expect(res.body.figures.topicsCompleted).toEqual({ current: 1, previous: 0 });
    expect(res.body.figures.activeLearners).toEqual({ current: 1, previous: 0 });
  });

  it("the migration's backfill of the counts gives the counts the triggers keep", async () => {
    const u = await h.learnerWith(SUBJECT, 'facts-count-backfill');
    await h.sql(
      `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known, updated_at)
       values (?, ?, 'backfill-topic', 'x', 'topic', 0.9, '2024-01-05T12:00:00Z')`,
      [u.id, SUBJECT],
    );
    await answer(u, twoItemTopics[0], itemsOf(twoItemTopics[0])[0].id, itemsOf(twoItemTopics[0])[0].correct);
    const [activity, , completed] = await countsAndRecount();
    expect(activity.length).toBeGreaterThan(0);
    expect(completed.length).toBeGreaterThan(0);
    await h.sql(`delete from learner_activity_day_counts`);
    await h.sql(`delete from topic_completion_day_counts`);
    await h.app.get(EntityManager).fork().execute(BACKFILL_DAY_COUNTS_SQL);
    const [activityAgain, , completedAgain] = await countsAndRecount();
    expect(activityAgain).toEqual(activity);
    expect(completedAgain).toEqual(completed);
  });
});

describe("the migration's backfill", () => {
  it('gives the same rows as the triggers for the same history', async () => {
    const [withTriggers, backfilled] = await Promise.all([
      h.learnerWith(SUBJECT, 'facts-triggers'),
      h.learnerWith(SUBJECT, 'facts-backfill'),
    ]);
    const [q1, q2] = itemsOf(twoItemTopics[1]);
    const [r1, r2] = itemsOf(twoItemTopics[2]);
    const history = async (tx: EntityManager, userId: string) => {
      const a = (q: CheckItem, correct: boolean, at: string) =>
        tx.execute(
          `insert into learning_answers (id, user_id, subject_id, node_id, item_id, source, answer, correct, counted, answered_at)
           values (?, ?, ?, ?, ?, 'check', 'a', ?, true, ?::timestamptz)`,
          [randomUUID(), userId, SUBJECT, q.nodeId, q.id, correct, at],
        );
      await a(q1, true, '2025-06-01T10:00:00Z');
      await a(q1, false, '2025-06-02T10:00:00Z');
      await a(q2, true, '2025-06-03T10:00:00Z'); // passes the first topic's check
      await a(r1, false, '2025-06-03T11:00:00Z');
      await a(r2, true, '2025-06-04T11:00:00Z');
      await a(r1, true, '2025-06-05T11:00:00Z'); // not a first answer: the second topic's check is not passed
      await tx.execute(
        `insert into quiz_attempts (id, user_id, subject_id, kind, question_ids, status, submitted_at, created_at)
         values (gen_random_uuid(), ?, ?, 'q_diag', '[]', 'submitted', '2025-06-07T09:00:00Z', '2025-06-07T08:00:00Z')`,
        [userId, SUBJECT],
      );
      await tx.execute(
        `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known, updated_at)
         values (?, ?, ?, 'x', 'topic', 0.8, '2025-06-08T09:00:00Z'), (?, ?, ?, 'x', 'topic', 0.75, '2025-06-09T09:00:00Z')`,
        [userId, SUBJECT, 'level-only', userId, SUBJECT, q1.nodeId],
      );
    };
    const em = h.app.get(EntityManager);
    await em.fork().transactional((tx) => history(tx, withTriggers.id));
    await em.fork().transactional(async (tx) => {
      // as the history was before the migration: no trigger fires, then the migration's statements run
      await tx.execute(`set local session_replication_role = replica`);
      await history(tx, backfilled.id);
      await tx.execute(`set local session_replication_role = origin`);
      expect(await tx.execute(`select 1 from topic_completions where user_id = ?`, [backfilled.id])).toEqual([]);
      await tx.execute(BACKFILL_ACTIVITY_SQL);
      await tx.execute(BACKFILL_COMPLETIONS_SQL);
      await tx.execute(BACKFILL_DIAGNOSTIC_DAYS_SQL);
    });
    const expected = [
      { nodeId: 'level-only', completedAt: new Date('2025-06-08T09:00:00Z') },
      // its check passed before its level reached 0.7: the earlier moment
      { nodeId: q1.nodeId, completedAt: new Date('2025-06-03T10:00:00Z') },
    ].sort((a, b) => a.nodeId.localeCompare(b.nodeId));
    expect(await completions(withTriggers.id)).toEqual(expected);
    expect(await completions(backfilled.id)).toEqual(expected);
    const days = ['2025-06-01', '2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-07'].map((day) => ({
      day,
    }));
    expect(await activityDays(withTriggers.id)).toEqual(days);
    expect(await activityDays(backfilled.id)).toEqual(days);
    const diagnosticDays = (userId: string) =>
      h.sql(
        `select to_char(day, 'YYYY-MM-DD') as day, prev_day as prev from diagnostic_days where user_id = ? order by day`,
        [userId],
      );
    expect(await diagnosticDays(withTriggers.id)).toEqual([{ day: '2025-06-07', prev: null }]);
    expect(await diagnosticDays(backfilled.id)).toEqual([{ day: '2025-06-07', prev: null }]);
  });
});
