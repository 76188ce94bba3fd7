import { randomUUID } from 'node:crypto';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, Harness } from '../support/harness';

/**
 * GET /api/admin/dashboard?from=&to= (the Studio hub's figures) on activity seeded by SQL in a period of the
 * past that nothing else in this file touches: 2025-03-01 … 2025-03-10, the previous period 2025-02-19 … 02-28.
 */
let h: Harness;
let admin: string;
let studio: string;
let learner: string;
const URL_ = '/api/admin/dashboard?from=2025-03-01&to=2025-03-10';
const CHALLENGE = 'vagus-breath-7';

interface Dashboard {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  figures: Record<string, { current: number | null; previous: number | null } | number>;
  series: { date: string; activeLearners: number; revenue?: { currency: string; amount: number }[] }[];
  revenue?: {
    current: Record<string, unknown>[];
    previous: Record<string, unknown>[];
    netCurrent: { currency: string; amount: number }[];
    netPrevious: { currency: string; amount: number }[];
  };
}

async function user(tag: string, createdAt: string, roles = ['learner']): Promise<string> {
  const id = randomUUID();
  await h.sql(
    `insert into users (id, email, password_hash, created_at, updated_at) values (?, ?, 'x', ?::timestamptz, now())`,
    [id, `${tag}-${id.slice(0, 8)}@dash.test`, createdAt],
  );
  for (const role of roles)
    await h.sql(`insert into user_roles (user_id, role, created_at) values (?, ?, now())`, [id, role]);
  return id;
}

const answer = (userId: string, subjectId: string, nodeId: string, itemId: string, correct: boolean, at: string) =>
  h.sql(
    `insert into learning_answers (id, user_id, subject_id, node_id, item_id, source, answer, correct, counted, answered_at)
     values (gen_random_uuid(), ?, ?, ?, ?, 'check', 'a', ?, true, ?::timestamptz)`,
    [userId, subjectId, nodeId, itemId, correct, at],
  );

const attempt = (userId: string, status: string, at: string) =>
  h.sql(
    `insert into quiz_attempts (id, user_id, subject_id, kind, question_ids, status, submitted_at, created_at)
     values (gen_random_uuid(), ?, 'vagus-nerve', 'q_diag', '[]', ?, case when ? = 'submitted' then ?::timestamptz end, ?::timestamptz)`,
    [userId, status, status, at, at],
  );

const mastery = (userId: string, nodeId: string, pKnown: number, at: string) =>
  h.sql(
    `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known, updated_at)
     values (?, 'vagus-nerve', ?, 'x', 'topic', ?, ?::timestamptz)`,
    [userId, nodeId, pKnown, at],
  );

const enrol = (userId: string, challengeId: string, at: string) =>
  h.sql(
    `insert into challenge_enrollments (user_id, challenge_id, timezone, daily_unlock_local_time, start_local_date, created_at)
     values (?, ?, 'UTC', '06:00', ?::date, ?::timestamptz)`,
    [userId, challengeId, at.slice(0, 10), at],
  );

let statusIndex = 900000;
const certify = (userId: string, challengeId: string, at: string) =>
  h.sql(
    `insert into certificates (id, user_id, challenge_id, subject_id, snapshot, credential_jwt, status_index, issued_at)
     values (?, ?, ?, 'vagus-nerve', '{}', 'x', ?, ?::timestamptz)`,
    [randomUUID(), userId, challengeId, statusIndex++, at],
  );

const job = (status: string, finishedAt: string) =>
  h.sql(
    `insert into generation_jobs (id, kind, queue, status, input, finished_at) values (?, 'crawl-sources', 'crawl', ?, '{}', ?::timestamptz)`,
    [randomUUID(), status, finishedAt],
  );

const sale = (
  userId: string,
  subjectId: string,
  amount: number,
  currency: string,
  status: string,
  completedAt: string,
  dispute?: string,
) => {
  const pi = `pi_${randomUUID()}`;
  return h
    .sql(
      `insert into checkout_sessions (id, provider, user_id, subject_id, price_id, amount, currency, status, payment_intent_id, completed_at)
       values (?, 'dev', ?, ?, 'price', ?, ?, ?, ?, ?::timestamptz)`,
      [`cs_${randomUUID()}`, userId, subjectId, amount, currency, status, pi, completedAt],
    )
    .then(() =>
      dispute
        ? h.sql(`insert into payment_disputes (id, payment_intent_id, status) values (?, ?, ?)`, [
            `dp_${randomUUID()}`,
            pi,
            dispute,
          ])
        : undefined,
    );
};

let pendingBefore: number;

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  admin = await h.demoToken('admin');
  studio = await h.demoToken('studio');
  learner = await h.demoToken('learner');
  pendingBefore = (
    await h.sql<{ n: number }>(`select count(*)::int as n from challenge_submissions where status = 'pending'`)
  )[0].n;

  // new learners: three in the period (the last one on its last day), one before, one after, and a staff account
  const l1 = await user('l1', '2025-03-02T10:00:00Z');
  const l2 = await user('l2', '2025-03-05T10:00:00Z');
  const l3 = await user('l3', '2025-03-10T23:30:00Z');
  const l4 = await user('l4', '2025-02-20T10:00:00Z');
  await user('late', '2025-03-11T00:30:00Z');
  await user('staff', '2025-03-03T10:00:00Z', ['studio']);

  // a topic with check items: l1 answers all of them right on 03-02 (complete by its check)
  const [topic] = await h.sql<{ nodeId: string; items: string[] }>(
    `select node_id as "nodeId", array_agg(id order by id) as items from quiz_items
      where subject_id = 'vagus-nerve' and use = 'check' group by node_id order by node_id limit 1`,
  );
  for (const item of topic.items) await answer(l1, 'vagus-nerve', topic.nodeId, item, true, '2025-03-02T12:00:00Z');
  await answer(l1, 'vagus-nerve', 'other-node', 'other-item', false, '2025-02-25T12:00:00Z');
  await answer(l4, 'vagus-nerve', 'other-node', 'other-item', true, '2025-02-20T12:00:00Z');
  // diagnostics: l2 submits one in the period, l3 only opens one, l4 submitted one before
  await attempt(l2, 'submitted', '2025-03-05T09:00:00Z');
  await attempt(l3, 'open', '2025-03-06T09:00:00Z');
  await attempt(l4, 'submitted', '2025-02-21T09:00:00Z');
  // complete by level: l2 in the period, l4 before; a level under 0.7 is not complete
  await mastery(l2, 'level-node', 0.8, '2025-03-06T09:00:00Z');
  await mastery(l4, 'level-node', 0.75, '2025-02-22T09:00:00Z');
  await mastery(l4, 'weak-node', 0.5, '2025-02-23T09:00:00Z');

  // challenges: two enrolments in the period (one certified), one before (not certified)
  await enrol(l1, CHALLENGE, '2025-03-03T08:00:00Z');
  await enrol(l2, CHALLENGE, '2025-03-04T08:00:00Z');
  await enrol(l4, CHALLENGE, '2025-02-20T08:00:00Z');
  await certify(l1, CHALLENGE, '2025-03-08T08:00:00Z');
  await certify(l4, 'vagus-reset-14', '2025-02-25T08:00:00Z');
  for (let day = 1; day <= 7; day++)
    await h.sql(
      `insert into challenge_day_progress (user_id, challenge_id, day, passed, passed_at) values (?, ?, ?, true, now())`,
      [l1, CHALLENGE, day],
    );
  await h.sql(
    `insert into challenge_day_progress (user_id, challenge_id, day, passed, passed_at) values (?, ?, 1, true, now()), (?, ?, 1, false, null)`,
    [l2, CHALLENGE, l4, CHALLENGE],
  );
  for (const status of ['pending', 'pending', 'graded'])
    await h.sql(
      `insert into challenge_submissions (id, user_id, challenge_id, day, payload, status) values (gen_random_uuid(), ?, ?, 2, '{}', ?)`,
      [l2, CHALLENGE, status],
    );

  // failed generation jobs: two in the period, one before, one after; a completed one does not count
  await job('failed', '2025-03-04T10:00:00Z');
  await job('failed', '2025-03-09T10:00:00Z');
  await job('failed', '2025-02-27T10:00:00Z');
  await job('failed', '2025-03-12T10:00:00Z');
  await job('completed', '2025-03-05T10:00:00Z');

  // sales
  await sale(l1, 'vagus-nerve', 4900, 'usd', 'paid', '2025-03-02T10:00:00Z');
  await sale(l2, 'metabolic', 2900, 'usd', 'refunded', '2025-03-04T10:00:00Z');
  await sale(l3, 'metabolic', 2900, 'usd', 'paid', '2025-03-06T10:00:00Z', 'lost');
  await sale(l1, 'metabolic', 2900, 'eur', 'paid', '2025-03-07T10:00:00Z');
  await sale(l3, 'ai-user', 2900, 'usd', 'paid', '2025-03-07T11:00:00Z', 'won');
  await sale(l2, 'vagus-nerve', 4900, 'usd', 'open', '2025-03-08T10:00:00Z');
  await sale(l4, 'vagus-nerve', 4900, 'usd', 'paid', '2025-02-25T10:00:00Z');
}, 120000);
afterAll(async () => {
  await h.close();
});

describe('owner dashboard', () => {
  it('gives each figure for the period and the one before it, computed from what the database holds', async () => {
    const res = await h.get<Dashboard>(URL_, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      from: '2025-03-01',
      to: '2025-03-10',
      previousFrom: '2025-02-19',
      previousTo: '2025-02-28',
    });
    expect(res.body.figures).toEqual({
      newLearners: { current: 3, previous: 1 },
      activeLearners: { current: 2, previous: 2 },
      diagnosticTakers: { current: 1, previous: 1 },
      topicsCompleted: { current: 2, previous: 1 },
      challengeEnrollments: { current: 2, previous: 1 },
      challengeCompletionRate: { current: 0.5, previous: 0 },
      certificatesIssued: { current: 1, previous: 1 },
      pendingReview: pendingBefore + 2,
      failedJobs: { current: 2, previous: 1 },
    });
  });

  it('a daily series of active learners and, for an admin, net revenue per currency', async () => {
    const { body } = await h.get<Dashboard>(URL_, { token: admin });
    expect(body.series.map((d) => d.date)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`),
    );
    expect(body.series.filter((d) => d.activeLearners > 0).map((d) => [d.date, d.activeLearners])).toEqual([
      ['2025-03-02', 1],
      ['2025-03-05', 1],
    ]);
    const revenue = Object.fromEntries(body.series.map((d) => [d.date, d.revenue]));
    expect(revenue['2025-03-01']).toEqual([]);
    expect(revenue['2025-03-02']).toEqual([{ currency: 'usd', amount: 4900 }]);
    expect(revenue['2025-03-04']).toEqual([{ currency: 'usd', amount: 0 }]);
    expect(revenue['2025-03-07']).toEqual([
      { currency: 'eur', amount: 2900 },
      { currency: 'usd', amount: 2900 },
    ]);
  });

  it('revenue by course and currency, net of refunds and disputes (a won dispute keeps the sale)', async () => {
    const { body } = await h.get<Dashboard>(URL_, { token: admin });
    expect(body.revenue!.current).toEqual([
      { subjectId: 'ai-user', currency: 'usd', sales: 1, gross: 2900, refunded: 0, disputed: 0, net: 2900 },
      { subjectId: 'metabolic', currency: 'eur', sales: 1, gross: 2900, refunded: 0, disputed: 0, net: 2900 },
      { subjectId: 'metabolic', currency: 'usd', sales: 2, gross: 5800, refunded: 2900, disputed: 2900, net: 0 },
      { subjectId: 'vagus-nerve', currency: 'usd', sales: 1, gross: 4900, refunded: 0, disputed: 0, net: 4900 },
    ]);
    expect(body.revenue!.netCurrent).toEqual([
      { currency: 'eur', amount: 2900 },
      { currency: 'usd', amount: 7800 },
    ]);
    expect(body.revenue!.previous).toEqual([
      { subjectId: 'vagus-nerve', currency: 'usd', sales: 1, gross: 4900, refunded: 0, disputed: 0, net: 4900 },
    ]);
    expect(body.revenue!.netPrevious).toEqual([{ currency: 'usd', amount: 4900 }]);
  });

  it('the studio role sees every figure but no money', async () => {
    const res = await h.get<Dashboard>(URL_, { token: studio });
    expect(res.status).toBe(200);
    expect(res.body.figures.newLearners).toEqual({ current: 3, previous: 1 });
    expect(res.body).not.toHaveProperty('revenue');
    expect(res.body.series.every((d) => !('revenue' in d))).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(/4900|gross|"net"/);
  });

  it('refuses without a session (401) and for a learner (403)', async () => {
    expect((await h.get(URL_)).status).toBe(401);
    const res = await h.get<ApiError>(URL_, { token: learner });
    expect(res.status).toBe(403);
  });

  it.each([
    ['from=nope&to=2025-03-10', /from must be a date/],
    ['from=2025-03-01', /to must be a date/],
    ['from=2025-02-30&to=2025-03-10', /real dates/],
    ['from=2025-03-10&to=2025-03-01', /must not be after/],
    ['from=2024-01-01&to=2025-01-02', /at most 366 days/],
    ['from=2025-03-01&to=2025-03-10&extra=1', /extra/],
    ['from[]=2025-03-01&to=2025-03-10', /from/],
  ])('answers 400 with a clear message for %s', async (query, message) => {
    const res = await h.get<ApiError>(`/api/admin/dashboard?${query}`, { token: studio });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(JSON.stringify(res.body.message)).toMatch(message);
  });

  it('a whole leap year (366 days) is allowed; one day is a period too', async () => {
    expect((await h.get(`/api/admin/dashboard?from=2024-01-01&to=2024-12-31`, { token: studio })).status).toBe(200);
    const one = await h.get<Dashboard>(`/api/admin/dashboard?from=2025-03-02&to=2025-03-02`, { token: studio });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ previousFrom: '2025-03-01', previousTo: '2025-03-01' });
    expect(one.body.figures.activeLearners).toEqual({ current: 1, previous: 0 });
  });
});

describe('analytics funnel', () => {
  it("keeps the spec's two lists and adds enrolled → day N passed → certificate per challenge", async () => {
    const res = await h.get<{
      enrollments: { challengeId: string; count: number }[];
      certificates: { challengeId: string; count: number }[];
      funnels: { challengeId: string; steps: { step: string; label: string; count: number }[] }[];
    }>('/api/admin/analytics', { token: studio });
    expect(res.status).toBe(200);
    expect(res.body.enrollments).toContainEqual({ challengeId: CHALLENGE, count: 3 });
    expect(res.body.certificates).toContainEqual({ challengeId: CHALLENGE, count: 1 });
    const funnel = res.body.funnels.find((f) => f.challengeId === CHALLENGE)!;
    expect(funnel.steps.map((s) => s.count)).toEqual([3, 2, 1, 1, 1, 1, 1, 1, 1]);
    expect(funnel.steps.map((s) => s.label)).toEqual([
      'Enrolled',
      ...Array.from({ length: 7 }, (_, i) => `Day ${i + 1} passed`),
      'Certificate',
    ]);
    expect(res.body.funnels.map((f) => f.challengeId)).toEqual(res.body.enrollments.map((e) => e.challengeId));
  });
});
