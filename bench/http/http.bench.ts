/**
 * A signed-in learner's common path, the real app against a bare baseline: each virtual learner
 * walks the dashboard's calls, the graph page's, one topic and the notes list, over and over.
 * The app is AppModule in a process of its own (bench/graph/app-process.ts); the baseline is a
 * bare Fastify + pg server answering the same paths with the same SQL and the same response
 * shapes, without authentication. Prints per route and overall throughput and p99, the ratios
 * app/bare, and the API's RSS after the load. Loopback only; bounded in time and in requests.
 *
 *   npx tsc -p bench/http/tsconfig.json
 *   NODE_PATH=$PWD/node_modules node /tmp/bench-build/bench/http/http.bench.js
 *
 * Env: BENCH_PG_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
 * REDIS_URL, BENCH_SECONDS (10), BENCH_MAX_REQUESTS (50000), BENCH_CONCURRENCY (8).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import fastify from 'fastify';
import { Client, Pool } from 'pg';
import { toGraphResponse } from '../../src/modules/graph/graph-response';
import { createBenchDatabase, env, memoisedExcerpt, numbered } from '../support/bench-db';
import { startAppProcess } from '../graph/app-process';

const SUBJECT = 'vagus-nerve';

interface Step {
  label: string;
  path: string;
}

interface LoadJob {
  port: number;
  /** one learner's path, walked in order by every virtual learner */
  steps: Step[];
  headers: Record<string, string>;
  seconds: number;
  maxRequests: number;
  concurrency: number;
}

interface Stats {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
}

interface LoadResult {
  seconds: number;
  errors: string[];
  total: Stats;
  byLabel: Record<string, Stats>;
}

// ---------------------------------------------------------------- load generator (worker thread)

function stats(latencies: number[], bytes: number, seconds: number): Stats {
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { requests: latencies.length, rps: latencies.length / seconds, p50: pct(50), p99: pct(99), bytes };
}

async function runLoad(job: LoadJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  const lat = new Map<string, number[]>(job.steps.map((s) => [s.label, []]));
  const bytes = new Map<string, number>(job.steps.map((s) => [s.label, 0]));
  const all: number[] = [];
  const errors: string[] = [];
  let issued = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(job.seconds * 1e9));
  const one = (step: Step) =>
    new Promise<void>((resolve) => {
      const t0 = process.hrtime.bigint();
      const req = http.request(
        { host: '127.0.0.1', port: job.port, path: step.path, agent, headers: job.headers },
        (res) => {
          res.on('data', (c: Buffer) => bytes.set(step.label, bytes.get(step.label)! + c.length));
          res.on('end', () => {
            if (res.statusCode !== 200 && errors.length < 10) errors.push(`${res.statusCode} ${step.path}`);
            const ms = Number(process.hrtime.bigint() - t0) / 1e6;
            lat.get(step.label)!.push(ms);
            all.push(ms);
            resolve();
          });
        },
      );
      req.on('error', (e) => {
        errors.push(`${e.message} ${step.path}`);
        resolve();
      });
      req.end();
    });
  const learner = async (offset: number) => {
    for (let i = offset; issued < job.maxRequests && process.hrtime.bigint() < deadline; i++) {
      issued++;
      await one(job.steps[i % job.steps.length]);
    }
  };
  // each virtual learner starts at a different step, so the routes overlap as they would
  await Promise.all(
    Array.from({ length: job.concurrency }, (_, k) => learner(Math.floor((k * job.steps.length) / job.concurrency))),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  const byLabel: Record<string, Stats> = {};
  for (const [label, l] of lat) byLabel[label] = stats(l, bytes.get(label)!, seconds);
  const totalBytes = [...bytes.values()].reduce((a, b) => a + b, 0);
  return { seconds, errors, total: stats(all, totalBytes, seconds), byLabel };
}

if (!isMainThread) {
  void runLoad(workerData as LoadJob).then((r) => parentPort!.postMessage(r));
}

function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(__filename, { workerData: job });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

// ---------------------------------------------------------------- the bare baseline

/**
 * The same paths answered by plain handlers with the same SQL as the app's repositories and the
 * same response shapes, for one learner named at start-up (no token, no session, no entitlement).
 */
async function startBare(databaseUrl: string, learnerId: string, sql: Record<string, string>) {
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const q = Object.fromEntries(Object.entries(sql).map(([k, v]) => [k, numbered(v)]));
  const app = fastify();
  const iso = (v: unknown) => new Date(v as string).toISOString();
  const excerpt = memoisedExcerpt();

  app.get('/api/subjects', async () =>
    (await pool.query(q.subjects, [false, 'vagus-nerve'])).rows.map((s) => ({
      id: s.id,
      name: s.name,
      title: s.title,
      description: s.description,
      is_published: s.isPublished,
      created_at: iso(s.createdAt),
    })),
  );
  app.get('/api/entitlements', async () =>
    (await pool.query(q.entitlements, [learnerId])).rows.map((r) => ({
      subjectId: r.subjectId,
      status: r.status,
      createdAt: iso(r.createdAt),
    })),
  );
  app.get('/api/purchases', async () =>
    (await pool.query(q.purchases, [learnerId])).rows.map((r) => ({
      id: r.id,
      subjects: { id: r.subjectId, name: r.name, title: r.title },
      amount: r.amount,
      currency: r.currency,
      created_at: iso(r.completedAt),
    })),
  );
  app.get('/api/users/me/mastery', async () => {
    const rows = (await pool.query(q.mastery, [learnerId, null, null])).rows;
    const mastery: Record<string, number> = {};
    for (const r of rows) mastery[r.skillName] = Math.round(Number(r.pKnown) * 1000) / 1000;
    return {
      mastery,
      skills: rows.map((r) => ({
        subjectId: r.subjectId,
        skillId: r.skillId,
        name: r.skillName,
        kind: r.kind,
        score: Number(r.pKnown),
        attempts: r.attempts,
        correct: r.correct,
        updatedAt: iso(r.updatedAt),
      })),
    };
  });
  app.get('/api/graph', async (req) => {
    const s = String((req.query as Record<string, string>).subject);
    const [subject, version, modules, nodes] = await Promise.all([
      pool.query(q.subject, [s]),
      pool.query(q.version, [s]),
      pool.query(q.modules, [s]),
      pool.query(q.nodes, [s, s]),
    ]);
    return toGraphResponse(
      subject.rows[0],
      version.rows[0].version,
      modules.rows,
      nodes.rows.map((n) => ({
        id: n.id,
        title: n.title,
        moduleId: n.moduleId,
        prerequisites: n.prerequisites,
        summaryHtml: n.summaryHtml,
      })),
      excerpt,
    );
  });
  app.get('/api/graph/mastery', async (req) => {
    const s = String((req.query as Record<string, string>).subject);
    const rows = (await pool.query(q.topicLevels, [learnerId, s])).rows;
    return { subjectId: s, levels: Object.fromEntries(rows.map((r) => [r.skillId, Number(r.pKnown)])) };
  });
  app.get('/api/graph/nodes/:id', async (req) => {
    const s = String((req.query as Record<string, string>).subject);
    const id = (req.params as Record<string, string>).id;
    // the app's two statements (node; its quiz items with the learner's level) as two concurrent queries
    const [{ rows }, quiz] = await Promise.all([
      pool.query(q.nodeDetail, [learnerId, s, id]),
      pool.query(q.quiz, [learnerId, s, id]),
    ]);
    const n = rows[0];
    const level = quiz.rows[0]?.level;
    return {
      id: n.id,
      subject_id: s,
      title: n.title,
      category: n.category,
      moduleId: n.moduleId,
      summary_html: n.summaryHtml,
      lesson_html: n.lessonHtml,
      variants: n.variants,
      sources: n.sources,
      video: n.video,
      prerequisites: n.prerequisites,
      micro_quiz: quiz.rows
        .filter((x) => x.id !== null)
        .map((x) => ({
          id: x.id,
          stemHtml: x.stem,
          choices: (x.choices as { id: string; text: string }[]).map((c) => ({ id: c.id, textHtml: c.text })),
        })),
      mastery_level: level == null ? 0 : Number(level),
      bookmarked: n.bookmarked,
    };
  });
  app.get('/api/notes', async (req) => {
    const s = (req.query as Record<string, string>).subjectId ?? null;
    return (await pool.query(q.notes, [learnerId, s, s])).rows.map((n) => {
      const [title, ...rest] = String(n.text).split('\n');
      return {
        id: n.id,
        subjectId: n.subjectId,
        nodeId: n.nodeId,
        nodeName: n.nodeName,
        title,
        content: rest.join('\n').trim(),
        createdAt: iso(n.createdAt),
        updatedAt: iso(n.updatedAt),
      };
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    port: (app.server.address() as { port: number }).port,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

// ---------------------------------------------------------------- main

async function main() {
  const seconds = Number(env('BENCH_SECONDS', '10'));
  const maxRequests = Number(env('BENCH_MAX_REQUESTS', '50000'));
  const concurrency = Number(env('BENCH_CONCURRENCY', '8'));
  // the throwaway database, migrated and seeded, with this process's environment pointed at it
  const db = await createBenchDatabase('http');
  const { databaseUrl, appEnv } = db;
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const { NestFactory } = require('@nestjs/core') as typeof import('@nestjs/core');
    const { Module } = require('@nestjs/common') as typeof import('@nestjs/common');
    const { ContentCliModule } =
      require('../../src/content/migrate-cli') as typeof import('../../src/content/migrate-cli');
    const { ContentMigrationService } =
      require('../../src/modules/studio/content-migration/content-migration.service') as typeof import('../../src/modules/studio/content-migration/content-migration.service');
    @Module({ imports: [ContentCliModule] })
    class ContentModule {}
    const content = await NestFactory.createApplicationContext(ContentModule, { logger: ['error'] });
    const migration = content.get(ContentMigrationService);
    await migration.run({ kind: 'bundled', dir: migration.bundledDir() });
    await content.close();

    const pg = new Client({ connectionString: databaseUrl });
    await pg.connect();
    cleanup.push(() => pg.end());
    const [{ id: learnerId }] = (await pg.query(`select id from users where email = 'learner@example.com'`)).rows;
    await pg.query(
      `insert into user_entitlements (id, user_id, subject_id) values ($1, $2, $3) on conflict do nothing`,
      [randomUUID(), learnerId, SUBJECT],
    );
    const topics = (
      await pg.query(`select id from topic_nodes where subject_id = $1 and archived_at is null order by position`, [
        SUBJECT,
      ])
    ).rows.map((r) => r.id as string);
    // a learner who has been at it a while: a dozen notes and some mastery
    for (let i = 0; i < 12; i++)
      await pg.query(`insert into notes (id, user_id, subject_id, node_id, text) values ($1, $2, $3, $4, $5)`, [
        randomUUID(),
        learnerId,
        SUBJECT,
        topics[i % topics.length],
        `Note ${i}\n\nWhat I took from it, ${i}.`,
      ]);
    for (const [i, t] of topics.slice(0, 8).entries())
      await pg.query(
        `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known) values ($1, $2, $3, $4, 'topic', $5)`,
        [learnerId, SUBJECT, t, `Topic ${t}`, 0.1 * (i + 1)],
      );
    await pg.query('analyze');
    console.log(`data: the bundled courses; the learner owns ${SUBJECT} (${topics.length} topics), 12 notes`);

    const { GRAPH_SQL } =
      require('../../src/modules/graph/graph.repository') as typeof import('../../src/modules/graph/graph.repository');
    const { STRUCTURE_SQL } =
      require('../../src/modules/graph/structure/course-structure.repository') as typeof import('../../src/modules/graph/structure/course-structure.repository');
    const { QUIZ_SQL } =
      require('../../src/modules/assessment/quiz.repository') as typeof import('../../src/modules/assessment/quiz.repository');
    // The statements the app's repositories run for these routes (catalog, graph, assessment, notes).
    const BARE_SQL = {
      subjects: `select id, name, title, description, is_published as "isPublished", created_at as "createdAt" from subjects
        where ? or is_published order by (id = ?) desc, position, created_at`,
      entitlements: `select subject_id as "subjectId", status, created_at as "createdAt" from user_entitlements
        where user_id = ? and status = 'active' order by created_at`,
      purchases: `select c.id, c.subject_id as "subjectId", s.name, s.title, c.amount, c.currency, c.completed_at as "completedAt"
         from checkout_sessions c join subjects s on s.id = c.subject_id
        where c.user_id = ? and c.status = 'paid' order by c.completed_at desc`,
      mastery: `select subject_id as "subjectId", skill_id as "skillId", skill_name as "skillName", kind, p_known as "pKnown",
              attempts, correct, updated_at as "updatedAt"
         from user_mastery
        where user_id = ? and (?::text is null or subject_id = ?) order by updated_at desc, skill_name`,
      topicLevels: `select skill_id as "skillId", p_known as "pKnown" from user_mastery where user_id = ? and subject_id = ? and kind = 'topic' order by skill_id`,
      subject: `select id, name, title, description, is_published as "isPublished", created_at as "createdAt" from subjects where id = ?`,
      version: GRAPH_SQL.version,
      modules: STRUCTURE_SQL.modules,
      nodes: STRUCTURE_SQL.topics(true),
      nodeDetail: GRAPH_SQL.nodeDetail,
      quiz: QUIZ_SQL.topicItemsAndLevel,
      notes: `select n.id, n.subject_id as "subjectId", n.node_id as "nodeId", t.title as "nodeName", n.text,
              n.created_at as "createdAt", n.updated_at as "updatedAt"
         from notes n left join topic_nodes t on t.subject_id = n.subject_id and t.id = n.node_id
        where n.user_id = ? and (?::text is null or n.subject_id = ?::text)
        order by n.created_at desc, n.id desc`,
    };

    const api = await startAppProcess(appEnv);
    cleanup.push(() => api.close());
    const booted = await api.memory();
    const bare = await startBare(databaseUrl, learnerId, BARE_SQL);
    cleanup.push(() => bare.close());
    const login = await fetch(`http://127.0.0.1:${api.port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'learner@example.com', password: 'demo-password' }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };

    // The learner's path: the dashboard's four calls, the graph page's two, a topic, the notes list;
    // the topic differs on every round (the path is repeated once per topic).
    const steps: Step[] = topics.flatMap((t) => [
      { label: 'dashboard: GET /api/subjects?detailed=true', path: '/api/subjects?detailed=true' },
      { label: 'dashboard: GET /api/entitlements', path: '/api/entitlements' },
      { label: 'dashboard: GET /api/purchases', path: '/api/purchases' },
      { label: 'dashboard: GET /api/users/me/mastery', path: '/api/users/me/mastery' },
      { label: 'graph: GET /api/graph', path: `/api/graph?subject=${SUBJECT}` },
      { label: 'graph: GET /api/graph/mastery', path: `/api/graph/mastery?subject=${SUBJECT}` },
      { label: 'topic: GET /api/graph/nodes/{id}', path: `/api/graph/nodes/${t}?subject=${SUBJECT}` },
      { label: 'notes: GET /api/notes', path: `/api/notes?subjectId=${SUBJECT}` },
    ]);

    // Both must answer the same bodies (timestamps aside) before anything is timed.
    for (const s of steps.slice(0, 8)) {
      const [a, b] = await Promise.all([
        fetch(`http://127.0.0.1:${api.port}${s.path}`, { headers }).then(async (r) => [r.status, await r.text()]),
        fetch(`http://127.0.0.1:${bare.port}${s.path}`).then(async (r) => [r.status, await r.text()]),
      ]);
      if (a[0] !== 200 || b[0] !== 200) throw new Error(`${s.path}: app ${a[0]}, bare ${b[0]}`);
      // the topic: the same fields (the app sanitises its html and signs video URLs, the baseline does not)
      const norm = (t: string | number) =>
        s.path.includes('/nodes/') ? JSON.stringify(Object.keys(JSON.parse(String(t)) as object).sort()) : String(t);
      if (norm(a[1]) !== norm(b[1])) throw new Error(`${s.path}: the app and the baseline answer differently`);
    }

    const job = { steps, seconds, maxRequests, concurrency };
    await load({ port: api.port, headers, ...job, seconds: 2 });
    await load({ port: bare.port, headers: {}, ...job, seconds: 2 });
    const ra = await load({ port: api.port, headers, ...job });
    const rb = await load({ port: bare.port, headers: {}, ...job });
    const mem = await api.memory();

    const fmt = (s: Stats) =>
      `${s.rps.toFixed(1).padStart(8)} req/s  p50 ${s.p50.toFixed(1).padStart(6)} ms  p99 ${s.p99.toFixed(1).padStart(6)} ms  ${(s.bytes / Math.max(1, s.requests) / 1024).toFixed(1).padStart(6)} KiB/resp`;
    console.log(`\nconcurrency ${concurrency}, ${seconds} s each, app first\n`);
    for (const label of Object.keys(ra.byLabel)) {
      const a = ra.byLabel[label];
      const b = rb.byLabel[label];
      console.log(label);
      console.log(`  app  ${fmt(a)}`);
      console.log(`  bare ${fmt(b)}`);
      console.log(`  p99 app/bare ${(a.p99 / b.p99).toFixed(2)}`);
    }
    console.log(`\nthe whole path (${steps.length / topics.length} requests per round)`);
    console.log(`  app  ${fmt(ra.total)}`);
    console.log(`  bare ${fmt(rb.total)}`);
    console.log(
      `\nratios: throughput app/bare ${(ra.total.rps / rb.total.rps).toFixed(2)}   p99 app/bare ${(ra.total.p99 / rb.total.p99).toFixed(2)}`,
    );
    console.log(
      `API process after the load: RSS ${(mem.rss / 2 ** 20).toFixed(0)} MB (heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MB; after boot ${(booted.rss / 2 ** 20).toFixed(0)} MB; target RSS ≤ 250 MB)`,
    );
    if (ra.errors.length || rb.errors.length) {
      console.error(`errors: app ${ra.errors.join(', ')}; bare ${rb.errors.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    for (const f of cleanup.reverse()) await f().catch(() => undefined);
    await db.drop();
  }
}

if (isMainThread) {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
