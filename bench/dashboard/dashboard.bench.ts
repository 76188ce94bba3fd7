/**
 * The Studio hub's calls on a platform of 100,000 learners (issue 29 item 6: under 200 ms p95).
 *
 * A throwaway database (bench/support/bench-db.ts) is filled by SQL with generate_series: BENCH_LEARNERS
 * learners (100,000) who signed up over a year, answers, practice-driven evidence, diagnostics, mastery rows,
 * challenge enrolments, day progress, certificates, review items, purchases with refunds and disputes, and
 * failed jobs. The real application (AppModule, the same configureApp as main.ts) answers through Fastify's
 * inject, one request at a time, as the hub sends them: the dashboard for the last 7, 30 and 90 days (admin,
 * with money) and the analytics (lists and funnels). The baseline, measured in the same run the same way, is
 * `GET /api/auth/session`: the cost of a signed-in request that does almost nothing, so the ratio is what the
 * figures themselves cost.
 *
 *   npx tsc -p bench/dashboard/tsconfig.json
 *   NODE_PATH=$PWD/node_modules node /tmp/bench-build-dash/bench/dashboard/dashboard.bench.js
 */
import { loadavg } from 'node:os';
import { Client } from 'pg';
import {
  BACKFILL_ACTIVITY_SQL,
  BACKFILL_COMPLETIONS_SQL,
} from '../../src/database/migrations/Migration20261207100000LearningFacts';
import { BACKFILL_DAY_COUNTS_SQL } from '../../src/database/migrations/Migration20261208000000DailyFactCounts';
import { BACKFILL_NEW_LEARNER_COUNTS_SQL } from '../../src/database/migrations/Migration20261208020000NewLearnerDayCounts';
import { BACKFILL_SALES_TOTALS_SQL } from '../../src/database/migrations/Migration20261209000000SalesDayTotals';
import { BACKFILL_DIAGNOSTIC_DAYS_SQL } from '../../src/database/migrations/Migration20261209010000DiagnosticDays';
import { createBenchDatabase, env } from '../support/bench-db';

/** issue 29 item 6: each of the hub's calls under 200 ms at the 95th percentile */
const TARGET_MS = 200;

const SUBJECTS = ['bench-a', 'bench-b', 'bench-c', 'bench-d', 'bench-e'];

async function seed(pg: Client, learners: number): Promise<Record<string, number>> {
  const q = (sql: string, params: unknown[] = []) => pg.query(sql, params);
  // The history is written as it would be before the fact tables existed (no trigger fires), then the
  // migrations' own backfills build the facts and their counts, as they do on an upgrade: the facts' triggers
  // are made for one answer at a time, and 50,000 diagnostics one trigger each took over 25 minutes here.
  await q(`set session_replication_role = replica`);
  for (const [i, id] of SUBJECTS.entries()) {
    await q(
      `insert into subjects (id, name, title, description, content_hash, position) values ($1, $1, $1, 'bench', 'x', $2)`,
      [id, i],
    );
    await q(
      `insert into subject_modules (subject_id, id, title, description, position) values ($1, 'm0', 'Module', 'bench', 0)`,
      [id],
    );
    await q(
      `insert into topic_nodes (subject_id, id, title, module_id, position, summary_html, lesson_html, variants, sources, content_hash)
       select $1, 'n' || t, 'Topic ' || t, 'm0', t, '<p>x</p>', '<p>x</p>', '{}', '[]', 'x' from generate_series(0, 39) t`,
      [id],
    );
    await q(
      `insert into quiz_items (subject_id, id, node_id, position, stem, choices, correct, explanation, difficulty, use)
       select $1, 'n' || t || '-q' || k, 'n' || t, k, 'Q', '[]', 'a', 'x', 1, case when k <= 3 then 'check' else 'assessment' end
         from generate_series(0, 39) t, generate_series(1, 5) k`,
      [id],
    );
    await q(
      `insert into challenges (id, subject_id, name, tagline, days_count, content_hash) values ($1 || '-challenge', $1, 'C', 'c', 10, 'x')`,
      [id],
    );
  }
  // learners over the last 365 days
  await q(
    `insert into users (id, email, password_hash, created_at, updated_at)
     select gen_random_uuid(), 'bench' || i || '@bench.test', 'x', now() - (random() * interval '365 days'), now()
       from generate_series(1, $1) i`,
    [learners],
  );
  await q(
    `insert into user_roles (user_id, role, created_at) select id, 'learner', now() from users where email like '%@bench.test'`,
  );
  await q(
    `create temp table learners as select id, row_number() over () as n from users where email like '%@bench.test'`,
  );
  // 40% of learners answer: 25 answers each over the last 180 days
  await q(
    `insert into learning_answers (id, user_id, subject_id, node_id, item_id, source, answer, correct, counted, answered_at)
     select gen_random_uuid(), l.id, s.subject, 'n' || t, 'n' || t || '-q' || (1 + k % 3), case when k % 2 = 0 then 'check' else 'practice' end,
            'a', random() < 0.7, true, now() - (random() * interval '180 days')
       from learners l
       cross join lateral (select ('{bench-a,bench-b,bench-c,bench-d,bench-e}'::text[])[1 + (l.n % 5)::int] as subject) s
       cross join generate_series(1, 25) k
       cross join lateral (select (l.n + k * 7) % 40 as t) tt
      where l.n % 5 < 2`,
  );
  await q(
    `insert into practice_reviews (id, user_id, subject_id, node_id, rating, correct, reviewed_at, scheduled_days)
     select gen_random_uuid(), user_id, subject_id, node_id, 3, correct, answered_at, 3 from learning_answers where source = 'practice'`,
  );
  await q(
    `insert into quiz_attempts (id, user_id, subject_id, kind, question_ids, status, submitted_at, created_at)
     select gen_random_uuid(), l.id, 'bench-a', 'q_diag', '[]', 'submitted', t, t
       from learners l
       -- the learner in the lateral makes it run per learner (without, every diagnostic had one moment)
       cross join lateral (select now() - (random() * interval '180 days') - l.n * interval '0 s' as t) x
      where l.n % 2 = 0`,
  );
  await q(
    `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known, updated_at)
     select l.id, 'bench-a', 'n' || t, 'Topic', 'topic', random(), now() - (random() * interval '180 days')
       from learners l cross join generate_series(0, 5) t where l.n % 5 < 2`,
  );
  await q(
    `insert into challenge_enrollments (user_id, challenge_id, timezone, daily_unlock_local_time, start_local_date, created_at)
     select l.id, s || '-challenge', 'UTC', '06:00', current_date, now() - (random() * interval '180 days')
       from learners l cross join lateral (select ('{bench-a,bench-b,bench-c,bench-d,bench-e}'::text[])[1 + (l.n % 5)::int] as s) x
      where l.n % 4 = 0`,
  );
  await q(
    `insert into challenge_day_progress (user_id, challenge_id, day, passed, passed_at)
     select e.user_id, e.challenge_id, d, true, now() from challenge_enrollments e
       cross join lateral generate_series(1, 1 + (abs(hashtext(e.user_id::text)) % 10)) d`,
  );
  await q(
    `insert into certificates (id, user_id, challenge_id, subject_id, snapshot, credential_jwt, status_index, issued_at)
     select gen_random_uuid()::text, p.user_id, p.challenge_id, 'bench-a', '{}', 'x', row_number() over () + 1000000,
            now() - (random() * interval '170 days')
       from challenge_day_progress p where p.day = 10`,
  );
  await q(
    `insert into challenge_submissions (id, user_id, challenge_id, day, payload, status, created_at)
     select gen_random_uuid(), user_id, challenge_id, day, '{}', case when day % 7 = 0 then 'pending' else 'graded' end, now()
       from challenge_day_progress where day % 3 = 0`,
  );
  // a purchase by a third of the learners; some refunded, some disputed
  await q(
    `insert into checkout_sessions (id, provider, user_id, subject_id, price_id, amount, currency, status, payment_intent_id, completed_at)
     select 'cs_' || l.n, 'dev', l.id, ('{bench-a,bench-b,bench-c,bench-d,bench-e}'::text[])[1 + (l.n % 5)::int], 'p', 2900,
            case when l.n % 10 = 0 then 'eur' else 'usd' end, case when l.n % 50 = 0 then 'refunded' else 'paid' end,
            'pi_' || l.n, now() - (random() * interval '365 days')
       from learners l where l.n % 3 = 0`,
  );
  await q(
    `insert into payment_disputes (id, payment_intent_id, status) select 'dp_' || n, 'pi_' || n, 'lost' from learners where n % 300 = 0`,
  );
  await q(
    `insert into generation_jobs (id, kind, queue, status, input, finished_at)
     select 'job-' || i, 'crawl-sources', 'crawl', case when i % 4 = 0 then 'failed' else 'completed' end, '{}', now() - (random() * interval '180 days')
       from generate_series(1, 5000) i`,
  );
  await q(`set session_replication_role = origin`);
  await q(BACKFILL_ACTIVITY_SQL);
  await q(BACKFILL_COMPLETIONS_SQL);
  await q(BACKFILL_DAY_COUNTS_SQL);
  await q(BACKFILL_NEW_LEARNER_COUNTS_SQL);
  await q(BACKFILL_SALES_TOTALS_SQL);
  await q(BACKFILL_DIAGNOSTIC_DAYS_SQL);
  await q('analyze');
  const counts: Record<string, number> = {};
  for (const t of [
    'users',
    'learning_answers',
    'practice_reviews',
    'quiz_attempts',
    'user_mastery',
    'challenge_enrollments',
    'challenge_day_progress',
    'certificates',
    'checkout_sessions',
    'topic_completions',
    'learner_activity_days',
    'learner_activity',
    'learner_activity_day_counts',
    'topic_completion_day_counts',
    'new_learner_day_counts',
    'sales_day_totals',
    'diagnostic_days',
  ])
    counts[t] = Number((await q(`select count(*)::int as n from ${t}`)).rows[0].n);
  return counts;
}

function p95(ms: number[]): number {
  const s = [...ms].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
}

async function main() {
  const learners = Number(env('BENCH_LEARNERS', '100000'));
  const requests = Number(env('BENCH_REQUESTS', '40'));
  const db = await createBenchDatabase('dashboard');
  let app: import('@nestjs/platform-fastify').NestFastifyApplication | undefined;
  try {
    const pg = new Client({ connectionString: db.databaseUrl });
    await pg.connect();
    const t0 = Date.now();
    const counts = db.reused ? { reused: 1 } : await seed(pg, learners);
    await pg.end();
    console.log(`data (seeded in ${Math.round((Date.now() - t0) / 1000)} s): ${JSON.stringify(counts)}`);
    console.log(
      `load average before the timing: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );

    const { Test } = require('@nestjs/testing') as typeof import('@nestjs/testing');
    const { AppModule } = require('../../src/app.module') as typeof import('../../src/app.module');
    const { configureApp, createAdapter } = require('../../src/app.factory') as typeof import('../../src/app.factory');
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication<import('@nestjs/platform-fastify').NestFastifyApplication>(createAdapter(), {
      logger: false,
      rawBody: true,
    });
    await configureApp(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: 'demo-password' },
    });
    const token = (JSON.parse(login.body) as { accessToken: string }).accessToken;

    const day = (offset: number) => new Date(Date.now() - offset * 86400000).toISOString().slice(0, 10);
    const cases: [string, string][] = [
      ['baseline GET /api/auth/session', '/api/auth/session'],
      ['GET /api/admin/dashboard, last 7 days', `/api/admin/dashboard?from=${day(6)}&to=${day(0)}`],
      ['GET /api/admin/dashboard, last 30 days', `/api/admin/dashboard?from=${day(29)}&to=${day(0)}`],
      ['GET /api/admin/dashboard, last 90 days', `/api/admin/dashboard?from=${day(89)}&to=${day(0)}`],
      ['GET /api/admin/analytics (lists and funnels)', '/api/admin/analytics'],
    ];
    const results: { name: string; p95: number; median: number }[] = [];
    for (const [name, url] of cases) {
      const times: number[] = [];
      for (let i = 0; i < requests + 5; i++) {
        const start = process.hrtime.bigint();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        if (i >= 5) times.push(ms); // the first five warm the path and the database's caches
      }
      const sorted = [...times].sort((a, b) => a - b);
      results.push({ name, p95: p95(times), median: sorted[Math.floor(sorted.length / 2)] });
    }
    // Each figure's own statement, through its owning module's repository, for the 30-day period: where the time goes.
    const { LearningStatsRepository } =
      require('../../src/modules/assessment/learning-stats.repository') as typeof import('../../src/modules/assessment/learning-stats.repository');
    const { UserStatsRepository } =
      require('../../src/modules/auth/user-stats.repository') as typeof import('../../src/modules/auth/user-stats.repository');
    const { ChallengeStatsRepository } =
      require('../../src/modules/challenges/challenge-stats.repository') as typeof import('../../src/modules/challenges/challenge-stats.repository');
    const { SalesStatsRepository } =
      require('../../src/modules/catalog/sales-stats.repository') as typeof import('../../src/modules/catalog/sales-stats.repository');
    const { JobStatsRepository } =
      require('../../src/modules/jobs/job-stats.repository') as typeof import('../../src/modules/jobs/job-stats.repository');
    const { periodsOf } =
      require('../../src/modules/owner-dashboard/owner-dashboard.service') as typeof import('../../src/modules/owner-dashboard/owner-dashboard.service');
    const get = <T>(t: new (...args: never[]) => T) => app!.get(t, { strict: false });
    const learning = get(LearningStatsRepository);
    const partsOf = (periods: ReturnType<typeof periodsOf>): [string, () => Promise<unknown>][] => [
      ['users: new learners', () => get(UserStatsRepository).newLearners(periods)],
      ['assessment: active learners', () => learning.activeLearners(periods)],
      [
        'assessment: daily active learners',
        () => learning.dailyActiveLearners(periods.current.from, periods.current.to),
      ],
      ['assessment: diagnostic takers', () => learning.diagnosticTakers(periods)],
      ['assessment: topics completed', () => learning.topicsCompleted(periods)],
      ['challenges: period figures', () => get(ChallengeStatsRepository).periodFigures(periods)],
      ['challenges: pending review', () => get(ChallengeStatsRepository).pendingReview()],
      ['catalog: sales by course', () => get(SalesStatsRepository).salesByCourse(periods)],
      [
        'catalog: daily net revenue',
        () => get(SalesStatsRepository).dailyNet(periods.current.from, periods.current.to),
      ],
      ['jobs: failed', () => get(JobStatsRepository).failed(periods)],
    ];
    const median3 = async (run: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 4; i++) {
        const start = process.hrtime.bigint();
        await run();
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      return [...times.slice(1)].sort((a, b) => a - b)[1];
    };
    const parts30 = partsOf(periodsOf({ from: day(29), to: day(0) }));
    const parts90 = partsOf(periodsOf({ from: day(89), to: day(0) }));
    const breakdown: string[] = [];
    for (const [i, [name, run]] of parts30.entries())
      breakdown.push(`| ${name} | ${(await median3(run)).toFixed(1)} | ${(await median3(parts90[i][1])).toFixed(1)} |`);

    const base = results[0].p95;
    console.log(`\n${requests} requests each, one at a time, after 5 warm-up requests; ${learners} learners\n`);
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}\n`,
    );
    console.log('| call | median ms | p95 ms | p95 / baseline | p95 / 200 ms target |');
    console.log('|---|---|---|---|---|');
    for (const r of results)
      console.log(
        `| ${r.name} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${(r.p95 / base).toFixed(1)} | ${(r.p95 / TARGET_MS).toFixed(2)} |`,
      );
    console.log('\nEach statement alone (median of 3 after one warm-up), ms:\n');
    console.log('| statement | last 30 days | last 90 days |');
    console.log('|---|---|---|');
    for (const line of breakdown) console.log(line);
  } finally {
    await app?.close();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
