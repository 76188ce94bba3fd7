/**
 * Graph read benchmark: the real app (AppModule on Fastify, guards, validation, sanitising)
 * against a bare Fastify + pg handler that runs the same SQL, on a throwaway database holding
 * one subject of 10,000 topics and ~15,000 prerequisite edges. Prints throughput and p99 of
 * each, and the ratios app/bare. Loopback only; bounded in time and in requests.
 *
 *   npx tsc -p bench/graph/tsconfig.json
 *   NODE_PATH=$PWD/node_modules node /tmp/bench-build/bench/graph/graph.bench.js
 *
 * Env: BENCH_PG_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
 * REDIS_URL, BENCH_NODES (10000), BENCH_SECONDS (5 per measurement), BENCH_MAX_REQUESTS (20000),
 * BENCH_CONCURRENCY (8), BENCH_ROUNDS (3: app and baseline measured that many times, alternating
 * which goes first; the ratios are the medians), BENCH_ONLY (a part of one case's name: that case
 * alone, without the references), BENCH_APP_PROFILE (a directory: a V8 CPU profile of the API).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import fastify from 'fastify';
import { Client, Pool } from 'pg';
import { toGraphResponse } from '../../src/modules/graph/graph-response';
import { createBenchDatabase, env, memoisedExcerpt, numbered } from '../support/bench-db';
import { startAppProcess } from './app-process';

interface LoadJob {
  port: number;
  /** the status every answer must have (200) */
  expect?: number;
  paths: string[];
  headers: Record<string, string>;
  seconds: number;
  maxRequests: number;
  concurrency: number;
}

interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
}

// ---------------------------------------------------------------- load generator (worker thread)

async function runLoad(job: LoadJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let issued = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(job.seconds * 1e9));
  const one = (path: string) =>
    new Promise<void>((resolve) => {
      const t0 = process.hrtime.bigint();
      const req = http.request({ host: '127.0.0.1', port: job.port, path, agent, headers: job.headers }, (res) => {
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => {
          if (res.statusCode !== (job.expect ?? 200)) errors++;
          latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const loop = async () => {
    while (issued < job.maxRequests && process.hrtime.bigint() < deadline) {
      const path = job.paths[issued++ % job.paths.length];
      await one(path);
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, loop));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: pct(50),
    p99: pct(99),
    bytes,
  };
}

if (!isMainThread) {
  void runLoad(workerData as LoadJob).then((r) => parentPort!.postMessage(r));
}

/** The load runs on its own thread so it does not steal the servers' event loop. */
function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(__filename, { workerData: job });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

/** The bytes of one answer's body as sent (not decoded), refusing anything but a 200. */
function bytesSent(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`${path}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

// ---------------------------------------------------------------- data set

const SUBJECT = 'bench-graph';
const MODULES = 10;

async function seed(pg: Client, nodes: number, learnerId: string) {
  await pg.query(
    `insert into subjects (id, name, title, description, content_hash) values ($1, 'Bench Graph', 'A benchmark graph', 'generated', 'x')`,
    [SUBJECT],
  );
  await pg.query(
    `insert into subject_modules (subject_id, id, title, description, position)
     select $1, 'm' || i, 'Module ' || i, 'generated', i from generate_series(0, $2 - 1) i`,
    [SUBJECT, MODULES],
  );
  await pg.query(
    `insert into topic_nodes (subject_id, id, title, module_id, position, summary_html, lesson_html, variants, sources, video, content_hash)
     select $1, 'n' || i, 'Topic number ' || i, 'm' || (i * $3 / $2), i,
            '<p>Topic ' || i || ' explains <strong>one idea</strong> with an <a href="https://example.org/' || i || '">outside link</a> and some everyday words about breathing, heart rate and rest.</p>',
            '<h3>Lesson ' || i || '</h3><p>' || repeat('A paragraph of the lesson body. ', 40) || '</p><ul><li>one</li><li>two</li></ul>',
            jsonb_build_object('beginner', '<p>Simple ' || i || '</p>', 'advanced', '<p>Deep ' || i || '</p>', 'practical', '<p>Do ' || i || '</p>', 'theoretical', '<p>Why ' || i || '</p>'),
            jsonb_build_array(jsonb_build_object('title', 'Source ' || i, 'url', 'https://example.org/s/' || i, 'type', 'article')),
            case when i % 10 = 0 then jsonb_build_object('url', '/media/bench/' || i || '.mp4', 'title', 'Video ' || i) end,
            md5(i::text)
       from generate_series(0, $2 - 1) i`,
    [SUBJECT, nodes, MODULES],
  );
  // every node after the first depends on its "parent" (a tree), half of them on one more: ~1.5 edges a node
  await pg.query(
    `insert into node_prerequisites (subject_id, node_id, prerequisite_id)
     select $1, 'n' || i, 'n' || (i / 2) from generate_series(1, $2 - 1) i
     union
     select $1, 'n' || i, 'n' || (i - 3) from generate_series(3, $2 - 1) i where i % 2 = 0 and (i - 3) <> i / 2`,
    [SUBJECT, nodes],
  );
  await pg.query(
    `insert into quiz_items (subject_id, id, node_id, position, stem, choices, correct, explanation, difficulty, use)
     select $1, 'n' || i || '-q' || q, 'n' || i, q, 'Question ' || q || ' about topic ' || i || '?',
            '[{"id":"a","text":"First"},{"id":"b","text":"Second"},{"id":"c","text":"Third"},{"id":"d","text":"Fourth"}]'::jsonb,
            'b', 'Because.', 1, case when q <= 2 then 'check' else 'assessment' end
       from generate_series(0, 199) i, generate_series(1, 4) q`,
    [SUBJECT],
  );
  await pg.query(`insert into user_entitlements (id, user_id, subject_id) values ($1, $2, $3)`, [
    randomUUID(),
    learnerId,
    SUBJECT,
  ]);
  await pg.query('analyze');
  const [{ n }] = (await pg.query(`select count(*)::int as n from node_prerequisites where subject_id = $1`, [SUBJECT]))
    .rows;
  return n as number;
}

// ---------------------------------------------------------------- the bare baseline

async function startBare(
  databaseUrl: string,
  sql: Record<'subject' | 'version' | 'modules' | 'nodes' | 'nodeDetail' | 'quiz', string>,
) {
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const q = Object.fromEntries(Object.entries(sql).map(([k, v]) => [k, numbered(v)])) as typeof sql;
  const app = fastify();
  // The same response as the app's (toGraphResponse, plain-text excerpts) built from the same SQL on
  // every request, i.e. the app without its cache. Excerpts are memoised by their html, as a
  // handler serving this shape would do (the html-to-text step costs more than the query).
  const excerpt = memoisedExcerpt();
  app.get('/graph', async (req, reply) => {
    const s = String((req.query as any).subject);
    const [subject, version, modules, nodes] = await Promise.all([
      pool.query(q.subject, [s]),
      pool.query(q.version, [s]),
      pool.query(q.modules, [s]),
      pool.query(q.nodes, [s, s]),
    ]);
    if (!subject.rows[0]) return reply.code(404).send({ statusCode: 404 });
    return toGraphResponse(
      subject.rows[0],
      version.rows[0].version,
      modules.rows,
      nodes.rows.map((n: any) => ({
        id: n.id,
        title: n.title,
        moduleId: n.moduleId,
        prerequisites: n.prerequisites,
        summaryHtml: n.summaryHtml,
      })),
      excerpt,
    );
  });
  app.get('/graph/nodes/:id', async (req, reply) => {
    const s = String((req.query as any).subject);
    const id = (req.params as any).id;
    const user = '00000000-0000-4000-8000-000000000000';
    const [{ rows }, quiz] = await Promise.all([
      pool.query(q.nodeDetail, [user, s, id]),
      pool.query(q.quiz, [user, s, id]),
    ]);
    const n = rows[0];
    if (!n) return reply.code(404).send({ statusCode: 404 });
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
        .filter((x: any) => x.id !== null)
        .map((x: any) => ({
          id: x.id,
          stemHtml: x.stem,
          choices: x.choices.map((c: any) => ({ id: c.id, textHtml: c.text })),
        })),
      mastery_level: Number(quiz.rows[0]?.level ?? 0),
      bookmarked: n.bookmarked,
    };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    port: (app.server.address() as any).port as number,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

// ---------------------------------------------------------------- main

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

async function main() {
  const nodes = Number(env('BENCH_NODES', '10000'));
  const seconds = Number(env('BENCH_SECONDS', '5'));
  const maxRequests = Number(env('BENCH_MAX_REQUESTS', '20000'));
  const concurrency = Number(env('BENCH_CONCURRENCY', '8'));
  const rounds = Number(env('BENCH_ROUNDS', '3'));
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`BENCH_ROUNDS must be a whole number from 1, not ${rounds}`);
  // the throwaway database, migrated and seeded, with this process's environment pointed at it
  const db = await createBenchDatabase('graph');
  const { databaseUrl, appEnv } = db;
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const pg = new Client({ connectionString: databaseUrl });
    await pg.connect();
    cleanup.push(() => pg.end());
    const [{ id: learnerId }] = (await pg.query(`select id from users where email = 'learner@example.com'`)).rows;
    const t0 = Date.now();
    const edges = await seed(pg, nodes, learnerId);
    console.log(`data: ${nodes} topics, ${edges} prerequisite edges, 600 quiz items (seeded in ${Date.now() - t0} ms)`);

    const { GRAPH_SQL } =
      require('../../src/modules/graph/graph.repository') as typeof import('../../src/modules/graph/graph.repository');
    const { QUIZ_SQL } =
      require('../../src/modules/assessment/quiz.repository') as typeof import('../../src/modules/assessment/quiz.repository');
    const { STRUCTURE_SQL } =
      require('../../src/modules/graph/structure/course-structure.repository') as typeof import('../../src/modules/graph/structure/course-structure.repository');
    // The same statements the app runs for these two routes, module by module (catalog: the
    // subject; graph: version, structure, node detail; assessment: the topic's quiz items with the
    // caller's level). The app sends node detail's two in one round trip (readTogether); the baseline
    // sends them as two concurrent queries, as a plainly written handler would.
    const BARE_SQL = {
      subject: `select id, name, title, description, is_published as "isPublished", created_at as "createdAt" from subjects where id = ?`,
      version: GRAPH_SQL.version,
      modules: STRUCTURE_SQL.modules,
      nodes: STRUCTURE_SQL.topics(true),
      nodeDetail: GRAPH_SQL.nodeDetail,
      quiz: QUIZ_SQL.topicItemsAndLevel,
    };
    // The API in a process of its own, so its RSS is its own.
    const api = await startAppProcess(appEnv);
    cleanup.push(() => api.close());
    const appPort = api.port;
    const booted = await api.memory();
    const bare = await startBare(databaseUrl, BARE_SQL);
    cleanup.push(() => bare.close());

    const login = await fetch(`http://127.0.0.1:${appPort}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'learner@example.com', password: 'demo-password' }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };

    const nodeIds = Array.from({ length: 400 }, (_, i) => `n${(i * 7919) % nodes}`).concat(
      Array.from({ length: 100 }, (_, i) => `n${i}`),
    );

    // both servers must answer the same content before anything is timed
    const appGraph = await fetch(`http://127.0.0.1:${appPort}/api/graph?subject=${SUBJECT}`, { headers });
    const etag = appGraph.headers.get('etag') ?? '';
    const a = (await appGraph.json()) as { nodes?: unknown[] };
    if (a.nodes?.length !== nodes) throw new Error(`app graph returned ${a.nodes?.length} topics`);
    const b = await (await fetch(`http://127.0.0.1:${bare.port}/graph?subject=${SUBJECT}`)).json();
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('the app and the baseline answer different graphs');
    // What the wire carries: the API compresses answers for clients that accept it (every browser does)
    const encodings = { raw: 'identity', gzip: 'gzip', br: 'br' };
    const sizes: string[] = [];
    for (const [label, enc] of Object.entries(encodings)) {
      const n = await bytesSent(appPort, `/api/graph?subject=${SUBJECT}`, { ...headers, 'accept-encoding': enc });
      sizes.push(`${label} ${n.toLocaleString('en')} bytes`);
    }
    console.log(`payload of GET /api/graph (${nodes} topics): ${sizes.join(', ')}`);

    const cases = [
      {
        name: 'GET /api/graph (10k topics)',
        app: [`/api/graph?subject=${SUBJECT}`],
        appHeaders: headers,
        bare: [`/graph?subject=${SUBJECT}`],
        max: Math.min(maxRequests, 2000),
      },
      {
        name: 'GET /api/graph/nodes/{id}',
        app: nodeIds.map((id) => `/api/graph/nodes/${id}?subject=${SUBJECT}`),
        appHeaders: headers,
        bare: nodeIds.map((id) => `/graph/nodes/${id}?subject=${SUBJECT}`),
        max: maxRequests,
      },
    ];

    // The app's floor: an authenticated route with one trivial query, no entitlement, no graph.
    // Separates what the graph code costs from what every signed-in request costs.
    // BENCH_ONLY=<part of a case's name>: that case alone, without the references (e.g. for a profile)
    const only = process.env.BENCH_ONLY;
    let rf: LoadResult | null = null;
    if (!only) {
      await load({ port: appPort, paths: ['/api/me/tags'], headers, seconds: 1, maxRequests: 50, concurrency });
      rf = await load({ port: appPort, paths: ['/api/me/tags'], headers, seconds, maxRequests, concurrency });
    }

    const rows: string[] = [];
    const fmt = (r: LoadResult) =>
      `${r.rps.toFixed(1).padStart(8)} req/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  (${r.requests} req, ${r.errors} errors, ${(r.bytes / r.requests / 1024).toFixed(1)} KiB/resp)`;
    for (const c of cases.filter((x) => !only || x.name.includes(only))) {
      // every path once (at least 50 requests): the timed part measures a warm server, as a server
      // that has been up for a while is, on both sides (memos, JIT, PostgreSQL's buffers)
      const warm = { seconds: 10, maxRequests: Math.max(50, c.app.length), concurrency };
      await load({ port: appPort, paths: c.app, headers: c.appHeaders, ...warm });
      await load({ port: bare.port, paths: c.bare, headers: {}, ...warm });
      const job = { seconds, maxRequests: c.max, concurrency };
      console.log(`\n${c.name}  (concurrency ${concurrency}, ≤${seconds}s, ≤${c.max} requests, ${rounds} round(s))`);
      // Rounds alternate which side goes first (odd rounds the app, even the baseline; with an odd count
      // the app goes first once more), so a slow spell of a shared machine does not always fall on the
      // same side; the ratios are the rounds' medians.
      const tp: number[] = [];
      const p99: number[] = [];
      for (let round = 1; round <= rounds; round++) {
        const runApp = async () => {
          const cpu0 = (await api.memory()).cpu;
          const r = await load({ port: appPort, paths: c.app, headers: c.appHeaders, ...job });
          return { r, cpu: r.requests ? ((await api.memory()).cpu - cpu0) / 1000 / r.requests : NaN };
        };
        const runBare = () => load({ port: bare.port, paths: c.bare, headers: {}, ...job });
        let ra: Awaited<ReturnType<typeof runApp>>;
        let rb: LoadResult;
        if (round % 2 === 1) {
          ra = await runApp();
          rb = await runBare();
        } else {
          rb = await runBare();
          ra = await runApp();
        }
        const tag = rounds > 1 ? ` (round ${round})` : '';
        console.log(`  app${tag}   ${fmt(ra.r)}  API CPU ${ra.cpu.toFixed(3)} ms/req`);
        console.log(`  bare${tag}  ${fmt(rb)}`);
        tp.push(ra.r.rps / rb.rps);
        p99.push(ra.r.p99 / rb.p99);
        if (ra.r.errors || rb.errors) process.exitCode = 1;
      }
      const spread = (xs: number[]) =>
        rounds > 1 ? ` (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})` : '';
      rows.push(
        `${c.name.padEnd(30)} throughput app/bare ${median(tp).toFixed(2)}${spread(tp)}   p99 app/bare ${median(p99).toFixed(2)}${spread(p99)}`,
      );
    }
    if (rf) {
      // What a returning browser pays: the same request with the ETag it holds (304, no body).
      const revalidate = await load({
        port: appPort,
        paths: [`/api/graph?subject=${SUBJECT}`],
        headers: { ...headers, 'if-none-match': etag },
        seconds,
        maxRequests,
        concurrency,
        expect: 304,
      });
      const mastery = await load({
        port: appPort,
        paths: [`/api/graph/mastery?subject=${SUBJECT}`],
        headers,
        seconds,
        maxRequests,
        concurrency,
      });
      console.log(`\nreference: GET /api/me/tags (auth + session + one query)\n  app   ${fmt(rf)}`);
      console.log(`reference: GET /api/graph with If-None-Match (304)\n  app   ${fmt(revalidate)}`);
      console.log(`reference: GET /api/graph/mastery (the per-user part)\n  app   ${fmt(mastery)}`);
      if (rf.errors || revalidate.errors || mastery.errors) process.exitCode = 1;
    }
    const mem = await api.memory();
    console.log(`\nratios\n  ${rows.join('\n  ')}`);
    console.log(
      `\nAPI process after the load: RSS ${(mem.rss / 2 ** 20).toFixed(0)} MB (heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MB; after boot ${(booted.rss / 2 ** 20).toFixed(0)} MB; target RSS ≤ 250 MB)`,
    );
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
