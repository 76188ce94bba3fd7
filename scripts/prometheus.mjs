#!/usr/bin/env node
// The `prometheus` tier of `npm test` (issue 29 §2): the metrics, the alert rules and the Grafana dashboard,
// checked by a real Prometheus. Installs Debian's prometheus when missing (its service is not started), runs
// promtool on ops/prometheus (config, rules, rule tests), starts an API and a worker from dist/ on a fresh
// database and Redis prefix, starts its own Prometheus on 127.0.0.1 (free port, temporary data folder) with
// ops/prometheus/prometheus.yml's jobs and rules (service discovery swapped for the two processes, 1 s scrapes),
// puts a short load on them (HTTP requests, mail jobs queued before the worker starts), then asks Prometheus's
// HTTP API whether request rate, p99 latency and queue depth series exist and move, whether the rules evaluate,
// and runs every panel expression of ops/grafana/dashboard.json. Cleans up whatever happened.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import {
  ROOT,
  adminQuery,
  deleteRedisKeys,
  ensureBuilt,
  ensurePrometheus,
  ensureRedis,
  freePort,
  log,
  postgresServer,
  run,
  waitForHttp,
} from './lib/infra.mjs';

// Under the tier's limit in scripts/test.mjs (4 min), so a hung run still cleans up after itself.
const LIMIT_MS = 3 * 60_000;
const OPS = join(ROOT, 'ops');
const METRICS_TOKEN = randomBytes(24).toString('hex');
/** mail jobs queued while no worker runs: the queue depth Prometheus must see rise and fall */
const QUEUED_JOBS = 8;
/** the window PromQL rates look back over: a few 1 s scrapes */
const WINDOW = '20s';

const results = [];
const check = (name, ok, detail = '') => {
  results.push({ name, ok });
  console.log(`  ${ok ? '\x1b[32m✓' : '\x1b[31m✗'} ${name}\x1b[0m${detail ? ` (${detail})` : ''}`);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const procs = [];
function start(name, cmd, args, env) {
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const keep = (chunk) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((r) => child.once('exit', r));
  const p = { name, child, output, exited };
  procs.push(p);
  return p;
}

async function stopAll() {
  await Promise.all(
    procs.map(async (p) => {
      if (p.child.exitCode !== null || p.child.signalCode !== null) return;
      p.child.kill('SIGTERM');
      const timer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
      await p.exited;
      clearTimeout(timer);
    }),
  );
}

/**
 * ops/prometheus/prometheus.yml as this run uses it: the same jobs, paths, auth and rules, 1 s scrapes and rule
 * evaluations, and each job's service discovery replaced by the process this run started.
 */
function scrapeConfig(targets) {
  const repo = parse(readFileSync(join(OPS, 'prometheus', 'prometheus.yml'), 'utf8'));
  const jobs = repo.scrape_configs.map((s) => s.job_name).sort();
  if (JSON.stringify(jobs) !== JSON.stringify(Object.keys(targets).sort()))
    throw new Error(`ops/prometheus/prometheus.yml scrapes ${jobs.join(', ')}; this test knows lp-api and lp-worker`);
  return {
    ...repo,
    global: { ...repo.global, scrape_interval: '1s', evaluation_interval: '1s', scrape_timeout: '1s' },
    rule_files: repo.rule_files.map((f) => join(OPS, 'prometheus', f)),
    scrape_configs: repo.scrape_configs.map((job) => ({
      ...Object.fromEntries(Object.entries(job).filter(([key]) => key !== 'dns_sd_configs')),
      ...(job.authorization ? { authorization: { type: 'Bearer', credentials: METRICS_TOKEN } } : {}),
      static_configs: [{ targets: [targets[job.job_name]] }],
    })),
  };
}

let promUrl;
async function query(expr, time) {
  const params = new URLSearchParams({ query: expr, ...(time ? { time: String(time) } : {}) });
  const res = await fetch(`${promUrl}/api/v1/query?${params}`);
  const body = await res.json();
  if (body.status !== 'success') throw new Error(`${expr}: ${body.errorType} ${body.error}`);
  return body.data;
}
/** The first sample's value of an instant vector (or a scalar), or undefined when the vector is empty. */
async function value(expr) {
  const data = await query(expr);
  if (data.resultType === 'scalar') return Number(data.result[1]);
  return data.result.length ? Number(data.result[0].value[1]) : undefined;
}
async function until(what, probe, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(250);
  }
}

async function load(apiUrl, n) {
  const paths = ['/health', '/api/catalog/subjects', '/api/graph?subject=vagus-nerve', '/api/no-such-route'];
  for (let i = 0; i < n; i += paths.length)
    await Promise.all(paths.map((p) => fetch(apiUrl + p).then((r) => r.arrayBuffer())));
}

async function main() {
  const cleanups = [];
  const timer = setTimeout(() => {
    console.error(`\x1b[31m[platform] the prometheus tier is still running after ${LIMIT_MS / 60000} min\x1b[0m`);
    stopAll().finally(() => process.exit(1));
  }, LIMIT_MS);
  try {
    ensurePrometheus();
    const promtool = (args) => spawnSync('promtool', args, { cwd: ROOT, encoding: 'utf8' });
    for (const [name, args] of [
      ['promtool check rules ops/prometheus/alerts.yml', ['check', 'rules', 'ops/prometheus/alerts.yml']],
      ['promtool test rules ops/prometheus/alerts.test.yml', ['test', 'rules', 'ops/prometheus/alerts.test.yml']],
      // the compose file reads the token from a secret file that exists only in a deployment
      [
        'promtool check config ops/prometheus/prometheus.yml (syntax only)',
        ['check', 'config', '--syntax-only', 'ops/prometheus/prometheus.yml'],
      ],
    ]) {
      const r = promtool(args);
      check(name, r.status === 0, r.status === 0 ? '' : (r.stdout + r.stderr).trim());
    }

    await ensureBuilt({ ui: false });
    const redis = await ensureRedis();
    cleanups.push(redis.stop);
    const server = await postgresServer(cleanups, { dataDirName: 'prometheus-postgres', basePort: 54359 });
    const runId = `${Date.now().toString(36)}_${process.pid}`;
    const dbName = `lp_prom_${runId}`;
    await adminQuery(server, `create database "${dbName}"`);
    cleanups.push(() => adminQuery(server, `drop database if exists "${dbName}" with (force)`));
    const db = new URL(server.adminUrl);
    db.pathname = `/${dbName}`;
    const prefix = `lp-prom-${runId}`;
    cleanups.push(() => deleteRedisKeys(redis.url, prefix));
    const scratch = mkdtempSync(join(tmpdir(), 'lp-prom-'));
    cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));
    const [apiPort, apiMetricsPort, workerMetricsPort, promPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.toString(),
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      MAIL_DIR: join(scratch, 'mail'),
      MEDIA_DIR: join(scratch, 'media'),
      SERVE_UI: 'false',
      RATE_LIMIT_RESET_PER_IP: '1000',
    };
    for (const cmd of ['migrate', 'seed']) run(process.execPath, ['dist/src/database/cli.js', cmd], { env });

    const api = start('api', process.execPath, ['dist/src/main.js'], {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      METRICS_TOKEN,
      METRICS_PORT: String(apiMetricsPort),
    });
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await waitForHttp(`${apiUrl}/health`, 60_000).catch((err) => {
      console.error(api.output.join('\n'));
      throw err;
    });

    // the public route wants the token; the loopback METRICS_PORT serves the same text without one
    const publicNoToken = await fetch(`${apiUrl}/metrics`);
    const loopback = await fetch(`http://127.0.0.1:${apiMetricsPort}/metrics`);
    const loopbackText = await loopback.text();
    check(
      'GET /metrics: 401 without the token on the public port, 200 on METRICS_PORT',
      publicNoToken.status === 401 && loopback.status === 200 && loopbackText.includes('lp_http_requests_in_flight'),
      `${publicNoToken.status}, ${loopback.status}`,
    );

    const configFile = join(scratch, 'prometheus.yml');
    writeFileSync(
      configFile,
      stringify(scrapeConfig({ 'lp-api': `127.0.0.1:${apiPort}`, 'lp-worker': `127.0.0.1:${workerMetricsPort}` })),
    );
    const generated = promtool(['check', 'config', configFile]);
    check(
      'promtool check config (this run: static targets)',
      generated.status === 0,
      generated.status ? generated.stdout + generated.stderr : '',
    );
    const prom = start('prometheus', 'prometheus', [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${join(scratch, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${promPort}`,
      '--storage.tsdb.retention.time=1h',
    ]);
    promUrl = `http://127.0.0.1:${promPort}`;
    await waitForHttp(`${promUrl}/-/ready`, 30_000).catch((err) => {
      console.error(prom.output.join('\n'));
      throw err;
    });
    await until('Prometheus scraping the API', async () => (await value('up{job="lp-api"}')) === 1);
    const startedAt = Date.now() / 1000;

    // load, part 1: requests, and mail jobs that wait (no worker yet)
    await load(apiUrl, 60);
    for (let i = 0; i < QUEUED_JOBS; i++) {
      const res = await fetch(`${apiUrl}/api/auth/request-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody-${i}-${runId}@example.com` }),
      });
      if (!res.ok) throw new Error(`request-reset answered ${res.status}: ${await res.text()}`);
    }
    const waiting = `lp_queue_jobs{job="lp-api",queue="email",state="waiting"}`;
    await until('Prometheus seeing the queued mail jobs', async () => (await value(waiting)) >= QUEUED_JOBS);

    // the worker drains them
    const worker = start('worker', process.execPath, ['dist/workers/main.js'], {
      ...env,
      WORKER_METRICS_PORT: String(workerMetricsPort),
    });
    await until('Prometheus scraping the worker', async () => (await value('up{job="lp-worker"}')) === 1, 45_000).catch(
      (err) => {
        console.error(worker.output.join('\n'));
        throw err;
      },
    );
    await until('the queue drained, as Prometheus sees it', async () => (await value(waiting)) === 0, 30_000);
    // load, part 2: requests while everything runs, and a few scrapes' time for the rates
    await load(apiUrl, 60);
    await sleep(3000);

    // request rate: exists, and the request count moved between the start and now
    const rate = await value(`sum(rate(lp_http_request_duration_seconds_count{job="lp-api"}[${WINDOW}]))`);
    check('request rate series exists and is above 0', rate > 0, `${rate?.toFixed(2)} req/s`);
    const countExpr = 'sum(lp_http_request_duration_seconds_count{job="lp-api"})';
    const [before, after] = [
      Number((await query(countExpr, startedAt)).result[0]?.value[1] ?? 0),
      await value(countExpr),
    ];
    check('request count moved under load', after >= before + 100, `${before} → ${after}`);
    const routes = await query(`count by (route) (lp_http_request_duration_seconds_count{job="lp-api"})`);
    const routeNames = routes.result.map((r) => r.metric.route);
    check(
      'requests are labelled by route template',
      routeNames.includes('/api/graph') && routeNames.includes('/health') && !routeNames.some((r) => r.includes('?')),
      routeNames.join(', '),
    );
    const p99 = await value(
      `histogram_quantile(0.99, sum by (le) (rate(lp_http_request_duration_seconds_bucket{job="lp-api"}[${WINDOW}])))`,
    );
    check('p99 latency is a number of seconds', Number.isFinite(p99) && p99 > 0, `${p99} s`);
    const peak = await value(`max_over_time(${waiting}[2m])`);
    const now = await value(waiting);
    check('queue depth rose and fell', peak >= QUEUED_JOBS && now === 0, `peak ${peak}, now ${now}`);
    const done = await value(`sum(lp_job_duration_seconds_count{job="lp-worker",queue="email",outcome="completed"})`);
    check('the worker reports its job durations', done >= QUEUED_JOBS, `${done} completed`);
    const lag = await value('max(nodejs_eventloop_lag_seconds{job="lp-worker"})');
    check(
      'event-loop lag from both processes',
      lag !== undefined && (await value('count(nodejs_eventloop_lag_seconds)')) === 2,
    );
    const pool = await value('sum(lp_db_pool_connections{job="lp-api"})');
    check('database pool gauge', pool > 0, `${pool} connections`);

    // the alert rules load and evaluate on live data without error
    const rules = (await (await fetch(`${promUrl}/api/v1/rules`)).json()).data.groups.flatMap((g) => g.rules);
    await until('the rules evaluated once', async () => {
      const r = (await (await fetch(`${promUrl}/api/v1/rules`)).json()).data.groups.flatMap((g) => g.rules);
      return r.every((x) => x.lastEvaluation && !x.lastEvaluation.startsWith('0001'));
    });
    const evaluated = (await (await fetch(`${promUrl}/api/v1/rules`)).json()).data.groups.flatMap((g) => g.rules);
    check(
      `alert rules load and evaluate (${rules.length})`,
      rules.length >= 4 && evaluated.every((r) => r.health === 'ok'),
      evaluated
        .filter((r) => r.health !== 'ok')
        .map((r) => `${r.name}: ${r.lastError}`)
        .join('; '),
    );
    const firing = evaluated.filter((r) => r.state === 'firing').map((r) => r.name);
    check('no alert fires on a healthy system', firing.length === 0, firing.join(', '));

    // every panel of the dashboard, with Grafana's interval variables filled in
    const dashboard = JSON.parse(readFileSync(join(OPS, 'grafana', 'dashboard.json'), 'utf8'));
    const panels = dashboard.panels.flatMap((p) => (p.panels ?? [p]).map((q) => q));
    let exprs = 0;
    for (const panel of panels) {
      for (const target of panel.targets ?? []) {
        exprs++;
        const expr = target.expr.replaceAll('$__rate_interval', WINDOW).replaceAll('$__interval', '5s');
        try {
          const data = await query(expr);
          check(`panel "${panel.title}" ${target.refId}`, true, `${data.result.length} series`);
        } catch (err) {
          check(`panel "${panel.title}" ${target.refId}`, false, err.message);
        }
      }
    }
    check('the dashboard has panels with expressions', exprs >= 10, `${exprs} expressions`);
  } catch (err) {
    console.error(err);
    check('the tier ran to the end', false, err.message);
  } finally {
    clearTimeout(timer);
    await stopAll();
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error(err);
      }
    }
  }
  const failed = results.filter((r) => !r.ok).length;
  log(`prometheus tier: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

await main();
