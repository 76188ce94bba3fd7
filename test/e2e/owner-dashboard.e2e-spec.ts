import { randomUUID } from 'node:crypto';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, Harness } from '../support/harness';
import { diagnosticDaysAndRebuild, salesTotalsAndRecount } from '../support/dashboard-facts';

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

describe('new learners, kept per UTC day of sign-up', () => {
  // 2024-06-01 … 06-10, the previous period 2024-05-22 … 05-31: days nothing else in this file touches
  const PERIOD = '/api/admin/dashboard?from=2024-06-01&to=2024-06-10';
  const newLearners = async () => {
    const res = await h.get<Dashboard>(PERIOD, { token: admin });
    expect(res.status).toBe(200);
    return res.body.figures.newLearners;
  };
  /** every day's count against a recount of the accounts it counts (days back at 0 may keep a row) */
  const countsMatchTheAccounts = async () => {
    const [counts, recount] = await Promise.all([
      h.sql(
        `select to_char(day, 'YYYY-MM-DD') as day, learners as n from new_learner_day_counts where learners <> 0 order by day`,
      ),
      h.sql(
        `select to_char((u.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n from users u
          where exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'learner') group by 1 order by 1`,
      ),
    ]);
    expect(counts).toEqual(recount);
  };

  it('follows roles given and taken, accounts removed and sign-up moments moved; the midnight is UTC', async () => {
    const [a, b, c] = [
      await user('nl-a', '2024-06-02T10:00:00Z'),
      await user('nl-b', '2024-06-02T23:59:59.999Z'),
      await user('nl-c', '2024-06-10T23:59:59Z', ['learner', 'studio']),
    ];
    const staff = await user('nl-staff', '2024-06-03T08:00:00Z', ['studio']);
    await user('nl-before', '2024-05-31T12:00:00Z');
    await user('nl-after', '2024-06-11T00:00:00Z'); // the first instant after the period
    expect(await newLearners()).toEqual({ current: 3, previous: 1 });
    await countsMatchTheAccounts();

    // an admin gives the staff account the learner role through Studio → Users: it counts on its sign-up day
    const given = await h.put(`/api/admin/users/${staff}/roles`, { roles: ['studio', 'learner'] }, { token: admin });
    expect(given.status).toBe(200);
    expect(await newLearners()).toEqual({ current: 4, previous: 1 });
    // and takes the learner role from another: it no longer counts
    const taken = await h.put(`/api/admin/users/${c}/roles`, { roles: ['studio'] }, { token: admin });
    expect(taken.status).toBe(200);
    expect(await newLearners()).toEqual({ current: 3, previous: 1 });

    // an account removed (its roles go by cascade) is counted out once
    await h.sql(`delete from users where id = ?`, [a]);
    expect(await newLearners()).toEqual({ current: 2, previous: 1 });
    // a sign-up moment moved by an operator moves the learner to the previous period
    await h.sql(`update users set created_at = '2024-05-25T09:00:00Z' where id = ?`, [b]);
    expect(await newLearners()).toEqual({ current: 1, previous: 2 });
    await countsMatchTheAccounts();
  });

  it('registration through the API counts the new learner today', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const url = `/api/admin/dashboard?from=${today}&to=${today}`;
    const before = (await h.get<Dashboard>(url, { token: admin })).body.figures.newLearners as { current: number };
    await h.newUser('nl-registered');
    const after = (await h.get<Dashboard>(url, { token: admin })).body.figures.newLearners as { current: number };
    expect(after.current).toBe(before.current + 1);
    await countsMatchTheAccounts();
  });
});

describe("diagnostic takers, from each learner's diagnostic days", () => {
  // 2022-09-01 … 09-10, the previous period 2022-08-22 … 08-31: days nothing else in this file touches
  const takers = async (from: string, to: string) => {
    const res = await h.get<Dashboard>(`/api/admin/dashboard?from=${from}&to=${to}`, { token: studio });
    expect(res.status).toBe(200);
    return res.body.figures.diagnosticTakers;
  };
  /** the same figure by its definition: distinct learners with a diagnostic submitted in [from, to] */
  const direct = async (from: string, to: string) => {
    const [row] = await h.sql<{ n: number }>(
      `select count(distinct user_id)::int as n from quiz_attempts
        where kind in ('q_diag', 'q_diag_clinician') and status = 'submitted'
          and submitted_at >= ?::date and submitted_at < ?::date + 1`,
      [from, to],
    );
    return row.n;
  };
  const daysMatchTheAttempts = async () => {
    const [kept, rebuilt] = await diagnosticDaysAndRebuild(h);
    expect(kept).toEqual(rebuilt);
  };
  const iso = (d: Date) => d.toISOString().slice(0, 10);

  it('counts each learner once per period, follows submissions, moved and removed attempts, and equals a distinct count for every period', async () => {
    const [a, b, c, d, e, f] = await Promise.all(
      ['dg-a', 'dg-b', 'dg-c', 'dg-d', 'dg-e', 'dg-f'].map((t) => user(t, '2022-01-01T00:00:00Z')),
    );
    // a: one before the period and two in it
    for (const at of ['2022-08-25T10:00:00Z', '2022-09-03T10:00:00Z', '2022-09-05T23:59:59Z'])
      await attempt(a, 'submitted', at);
    // b: both kinds on one day
    await attempt(b, 'submitted', '2022-09-04T08:00:00Z');
    await h.sql(
      `insert into quiz_attempts (id, user_id, subject_id, kind, question_ids, status, submitted_at, created_at)
       values (gen_random_uuid(), ?, 'vagus-nerve', 'q_diag_clinician', '[]', 'submitted', '2022-09-04T09:00:00Z', '2022-09-04T09:00:00Z')`,
      [b],
    );
    // c: only opened; d: before the period; e: in it; f: the first instant after it
    await attempt(c, 'open', '2022-09-06T09:00:00Z');
    await attempt(d, 'submitted', '2022-08-30T12:00:00Z');
    await attempt(e, 'submitted', '2022-09-02T12:00:00Z');
    await attempt(f, 'submitted', '2022-09-11T00:00:00Z');
    expect(await takers('2022-09-01', '2022-09-10')).toEqual({ current: 3, previous: 2 });
    await daysMatchTheAttempts();

    // c submits; d's moment is moved into the period's last millisecond; e's attempt is removed
    await h.sql(
      `update quiz_attempts set status = 'submitted', submitted_at = '2022-09-06T09:30:00Z' where user_id = ?`,
      [c],
    );
    await h.sql(`update quiz_attempts set submitted_at = '2022-09-10T23:59:59.999Z' where user_id = ?`, [d]);
    await h.sql(`delete from quiz_attempts where user_id = ?`, [e]);
    expect(await takers('2022-09-01', '2022-09-10')).toEqual({ current: 4, previous: 1 });
    // an update that is no submission (an open attempt's answers) changes nothing; an account removed takes its days
    await h.sql(`update quiz_attempts set question_ids = '["x"]' where user_id in (?, ?)`, [a, c]);
    await h.sql(`delete from users where id = ?`, [f]);
    await daysMatchTheAttempts();

    // every period of 1 to 12 days starting 2022-08-20 … 09-12 agrees with the distinct count
    for (let start = 0; start < 24; start += 1)
      for (const length of [1, 2, 5, 12]) {
        const from = new Date(Date.UTC(2022, 7, 20 + start));
        const to = new Date(from.getTime() + (length - 1) * 86_400_000);
        const previousTo = new Date(from.getTime() - 86_400_000);
        const previousFrom = new Date(from.getTime() - length * 86_400_000);
        expect([iso(from), length, await takers(iso(from), iso(to))]).toEqual([
          iso(from),
          length,
          { current: await direct(iso(from), iso(to)), previous: await direct(iso(previousFrom), iso(previousTo)) },
        ]);
      }
  });
});

describe('sales, kept per UTC day, course and currency', () => {
  // 2023-07-01 … 07-10, the previous period 2023-06-21 … 06-30: days nothing else in this file touches
  const PERIOD = '/api/admin/dashboard?from=2023-07-01&to=2023-07-10';
  const money = async () => {
    const res = await h.get<Dashboard>(PERIOD, { token: admin });
    expect(res.status).toBe(200);
    return res.body.revenue!;
  };
  const totalsMatchThePayments = async () => {
    const [totals, recount] = await salesTotalsAndRecount(h);
    expect(totals).toEqual(recount);
  };
  const session = async (status: string, amount: number, completedAt: string, pi = `pi_${randomUUID()}`) => {
    const id = `cs_${randomUUID()}`;
    await h.sql(
      `insert into checkout_sessions (id, provider, user_id, subject_id, price_id, amount, currency, status, payment_intent_id, completed_at)
       values (?, 'dev', (select id from users where email = 'learner@example.com'), 'metabolic', 'price', ?, 'usd', ?, ?, ?::timestamptz)`,
      [id, amount, status, pi, completedAt],
    );
    return { id, pi };
  };

  it('follow payments, refunds, disputes in any order, moved and removed payments; an update that is no sale changes nothing', async () => {
    const a = await session('paid', 1000, '2023-07-02T23:59:59.999Z');
    const b = await session('open', 2000, '2023-07-03T10:00:00Z');
    expect((await money()).current).toEqual([
      { subjectId: 'metabolic', currency: 'usd', sales: 1, gross: 1000, refunded: 0, disputed: 0, net: 1000 },
    ]);
    await totalsMatchThePayments();

    // b is paid after its dispute was recorded (Stripe does not guarantee the order): it counts as disputed
    await h.sql(`insert into payment_disputes (id, payment_intent_id, status) values (?, ?, 'needs_response')`, [
      `dp_${randomUUID()}`,
      b.pi,
    ]);
    await h.sql(`update checkout_sessions set status = 'paid' where id = ?`, [b.id]);
    expect((await money()).netCurrent).toEqual([{ currency: 'usd', amount: 1000 }]);
    // a second dispute of the same payment, then the first is won: still one unsettled, counted once
    const second = `dp_${randomUUID()}`;
    await h.sql(`insert into payment_disputes (id, payment_intent_id, status) values (?, ?, 'under_review')`, [
      second,
      b.pi,
    ]);
    await h.sql(`update payment_disputes set status = 'won' where payment_intent_id = ? and id <> ?`, [b.pi, second]);
    expect((await money()).current[0]).toMatchObject({ sales: 2, gross: 3000, disputed: 2000, net: 1000 });
    await totalsMatchThePayments();
    // the second is won too: the sale is back; a dispute removed by an operator changes nothing more
    await h.sql(`update payment_disputes set status = 'won' where id = ?`, [second]);
    await h.sql(`delete from payment_disputes where id = ?`, [second]);
    expect((await money()).current[0]).toMatchObject({ disputed: 0, net: 3000 });
    // a lost dispute removed takes the amount back into the sales
    const lost = `dp_${randomUUID()}`;
    await h.sql(`insert into payment_disputes (id, payment_intent_id, status) values (?, ?, 'lost')`, [lost, a.pi]);
    expect((await money()).current[0]).toMatchObject({ disputed: 1000, net: 2000 });
    await h.sql(`delete from payment_disputes where id = ?`, [lost]);
    expect((await money()).current[0]).toMatchObject({ disputed: 0, net: 3000 });
    await totalsMatchThePayments();

    // a refund of a disputed payment: refunded, no longer disputed
    await h.sql(`insert into payment_disputes (id, payment_intent_id, status) values (?, ?, 'lost')`, [
      `dp_${randomUUID()}`,
      a.pi,
    ]);
    await h.sql(`update checkout_sessions set status = 'refunded' where id = ?`, [a.id]);
    expect((await money()).current[0]).toMatchObject({ sales: 2, refunded: 1000, disputed: 0, net: 2000 });
    // a receipt claimed is no sale: nothing changes
    await h.sql(`update checkout_sessions set receipt_claimed_at = now(), updated_at = now() where id in (?, ?)`, [
      a.id,
      b.id,
    ]);
    await totalsMatchThePayments();
    // b's moment moved by an operator into the previous period, both in one statement with a's amount
    await h.sql(
      `update checkout_sessions set completed_at = case when id = ? then '2023-06-30T12:00:00Z'::timestamptz else completed_at end,
              amount = case when id = ? then 1500 else amount end where id in (?, ?)`,
      [b.id, a.id, a.id, b.id],
    );
    const moved = await money();
    expect(moved.current).toEqual([
      { subjectId: 'metabolic', currency: 'usd', sales: 1, gross: 1500, refunded: 1500, disputed: 0, net: 0 },
    ]);
    expect(moved.previous).toEqual([
      { subjectId: 'metabolic', currency: 'usd', sales: 1, gross: 2000, refunded: 0, disputed: 0, net: 2000 },
    ]);
    await totalsMatchThePayments();
    // removed payments leave no sale behind, and a day with none is no entry in the series
    await h.sql(`delete from checkout_sessions where id in (?, ?)`, [a.id, b.id]);
    const gone = await money();
    expect([gone.current, gone.previous]).toEqual([[], []]);
    const { body } = await h.get<Dashboard>(PERIOD, { token: admin });
    expect(body.series.every((d) => d.revenue!.length === 0)).toBe(true);
    await totalsMatchThePayments();
  });

  it('sums past what a 32-bit integer holds (a large course sold many times in a day) without an error', async () => {
    // a day of its own (the other test's period is 2023-07-01 … 07-10)
    for (let i = 0; i < 3; i++) await session('paid', 999_999_999, '2023-08-05T10:00:00Z');
    const res = await h.get<Dashboard>('/api/admin/dashboard?from=2023-08-05&to=2023-08-05', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.revenue!.netCurrent).toEqual([{ currency: 'usd', amount: 2_999_999_997 }]);
    expect(res.body.series.find((d) => d.date === '2023-08-05')!.revenue).toEqual([
      { currency: 'usd', amount: 2_999_999_997 },
    ]);
    await totalsMatchThePayments();
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
