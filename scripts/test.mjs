#!/usr/bin/env node
// `npm test`: every test tier on a machine that may have only Node and npm.
// Installs dependencies, Redis and Chromium when missing (Debian packages), builds,
// creates a fresh PostgreSQL database for this run (local server, or embedded), then runs:
//   1. content validation   2. unit tests (jest)   3. UI unit tests (vitest)
//   4. e2e tests (jest, real app on real PostgreSQL and Redis)   5. browser tests (Playwright + Chromium)
// Pass tier names to run only some: `npm test -- unit e2e`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  canConnect,
  commandExists,
  ensureBuilt,
  ensureDependencies,
  ensureRedis,
  fail,
  freePort,
  log,
  run,
  startEmbeddedPostgres,
} from './lib/infra.mjs';

const ALL = ['content', 'unit', 'ui', 'e2e', 'browser'];
const asked = process.argv.slice(2).filter((a) => ALL.includes(a));
const tiers = asked.length ? asked : ALL;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0 && commandExists('apt-get')) {
    log('Chromium is missing: installing it from Debian packages…');
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    run('apt-get', ['install', '-y', 'chromium']);
  }
  if (!existsSync(CHROMIUM)) fail(`Chromium not found at ${CHROMIUM}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
}

/** A PostgreSQL server to create this run's databases on: TEST_DATABASE_URL's, a local one, or embedded. */
async function postgresServer(cleanups) {
  const { default: pg } = await import('pg');
  const candidates = [process.env.TEST_DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres'].filter(Boolean);
  for (const url of candidates) {
    const u = new URL(url);
    if (!(await canConnect(u.hostname, Number(u.port || 5432)))) continue;
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return { adminUrl: url, pg };
    } catch {
      /* try the next */
    }
  }
  const port = await freePort(54339);
  log(`No PostgreSQL server reachable: starting an embedded one on port ${port}…`);
  const server = await startEmbeddedPostgres({ dataDir: join(ROOT, '.data', 'test-postgres'), port });
  cleanups.push(() => server.stop());
  return { adminUrl: `${server.baseUrl}/postgres`, pg };
}

async function createDatabase({ adminUrl, pg }, name, cleanups) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database "${name}"`);
  await client.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  });
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function main() {
  const cleanups = [];
  const results = [];
  const step = (name, cmd, args, env = process.env) => {
    log(`── ${name} ──`);
    const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
    results.push({ name, ok: r.status === 0 });
  };

  try {
    ensureDependencies();
    if (tiers.includes('browser')) ensureChromium();
    ensureBuilt({ ui: tiers.includes('browser') || tiers.includes('e2e') });

    const runId = `${Date.now().toString(36)}_${process.pid}`;
    let server;
    let redis;
    if (tiers.includes('e2e') || tiers.includes('browser')) {
      redis = await ensureRedis({ installIfMissing: true });
      cleanups.push(redis.stop);
      server = await postgresServer(cleanups);
    }

    if (tiers.includes('content')) step('content validation', process.execPath, ['scripts/content-check.mjs']);
    if (tiers.includes('unit')) step('unit tests', 'npx', ['jest', '--selectProjects', 'unit']);
    if (tiers.includes('ui')) {
      step('learner-ui tests', 'npm', ['test', '-w', 'learner-ui']);
      step('admin-ui tests', 'npm', ['test', '-w', 'admin-ui']);
    }
    if (tiers.includes('e2e')) {
      const databaseUrl = await createDatabase(server, `lp_test_${runId}_e2e`, cleanups);
      step('e2e tests', 'npx', ['jest', '--selectProjects', 'e2e', '--runInBand'], {
        ...process.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        REDIS_PREFIX: `lp-test-${runId}`,
      });
    }
    if (tiers.includes('browser')) {
      const databaseUrl = await createDatabase(server, `lp_test_${runId}_browser`, cleanups);
      const port = await freePort();
      step('browser tests', 'npx', ['playwright', 'test'], {
        ...process.env,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        CHROMIUM_PATH: CHROMIUM,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        REDIS_PREFIX: `lp-browser-${runId}`,
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        MAIL_DIR: mkdtempSync(join(tmpdir(), 'lp-browser-mail-')),
      });
    }
  } finally {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error(err);
      }
    }
  }

  console.log('');
  for (const r of results) console.log(`  ${r.ok ? '\x1b[32m✓' : '\x1b[31m✗'} ${r.name}\x1b[0m`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
