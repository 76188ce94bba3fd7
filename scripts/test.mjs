#!/usr/bin/env node
// `npm test`: every test tier on a machine that may have only Node and npm.
// Installs dependencies, Redis and Chromium when missing (Debian packages), builds,
// creates a fresh PostgreSQL database for this run (local server, or embedded), then runs:
//   1. content validation   2. lint (ESLint, Prettier, tsc type check)   3. unit tests (jest)   4. UI unit tests (vitest)
//   5. e2e tests (jest, real app on real PostgreSQL and Redis, in random order)
//   6. browser tests (Playwright + Chromium)
//   7. scale: two API and two worker processes on one database and Redis, a worker killed mid-job (scripts/scale.mjs)
//   8. prometheus: a real Prometheus scrapes an API and a worker under load; alert rules and dashboard checked (scripts/prometheus.mjs)
//   9. faults: PostgreSQL and Redis restarted under load, a full media store; on their own servers (scripts/faults.mjs)
// Pass tier names to run only some: `npm test -- unit e2e`; `--seed=N` replays the e2e order of
// an earlier run (jest prints the seed it used). Every tier has a time limit: a hung tier fails.
// Focused tests (`.only`) fail the run: they would silently skip everything else.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import {
  ROOT,
  commandExists,
  ensureBuilt,
  ensureDependencies,
  ensurePrometheus,
  ensureRedis,
  ensureRedisServer,
  fail,
  freePort,
  log,
  postgresServer,
  run,
} from './lib/infra.mjs';

const ALL = ['content', 'lint', 'unit', 'ui', 'e2e', 'browser', 'scale', 'prometheus', 'faults'];
/** Minutes each tier may take before it is stopped and counted as failed. */
const LIMIT_MINUTES = {
  content: 2,
  lint: 10,
  unit: 10,
  ui: 10,
  e2e: 30,
  browser: 30,
  scale: 6,
  prometheus: 4,
  faults: 5,
};

const args = process.argv.slice(2);
const options = args.filter((a) => a.startsWith('--'));
const named = args.filter((a) => !a.startsWith('--'));
const unknown = named.filter((a) => !ALL.includes(a));
const badOptions = options.filter((o) => !/^--seed=-?\d+$/.test(o));
if (unknown.length || badOptions.length) {
  const what = [...unknown.map((t) => `tier "${t}"`), ...badOptions.map((o) => `option "${o}"`)].join(', ');
  console.error(
    `npm test: unknown ${what}.\nTiers: ${ALL.join(', ')} (default: all). Option: --seed=N (the e2e order).`,
  );
  process.exit(2);
}
const tiers = named.length ? ALL.filter((t) => named.includes(t)) : ALL;
const seed = options.find((o) => o.startsWith('--seed='))?.slice('--seed='.length);
// Debian's headless shell (the one Playwright itself runs headless): the same engine without the full browser's
// window, GPU and compositor processes, about 15% less time on the axe walk and 40% on the keyboard tests here.
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
const runStarted = performance.now();

/** 83.4 → "1 min 23 s", 9.2 → "9.2 s". */
function duration(seconds) {
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  // rounded before it is split, so 119.6 s reads "2 min 0 s", not "1 min 60 s"
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0 && commandExists('apt-get')) {
    log('Chromium (headless shell) is missing: installing it from Debian packages…');
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium-headless-shell']);
  }
  if (!existsSync(CHROMIUM))
    fail(
      `Chromium not found at ${CHROMIUM}. Install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`,
    );
}

/**
 * Speech and video: Debian's flite (the better local voice), ffmpeg and the DejaVu fonts (video titles)
 * when missing and we may install them. Without them the tests still run: espeak-ng (WebAssembly) and the
 * ffmpeg inside @ffmpeg-installer/ffmpeg stand in, so a failed install only warns.
 */
function ensureSpeechTools() {
  const missing = [
    ['flite', () => commandExists('flite')],
    ['ffmpeg', () => commandExists('ffmpeg')],
    ['fonts-dejavu-core', () => existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf')],
  ].filter(([, present]) => !present());
  if (!missing.length || process.getuid?.() !== 0 || !commandExists('apt-get')) return;
  const names = missing.map(([name]) => name);
  log(`Speech tools missing (${names.join(', ')}): installing them from Debian packages…`);
  spawnSync('apt-get', ['update'], { stdio: 'inherit' });
  const res = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...names], { stdio: 'inherit' });
  if (res.status !== 0) log(`Could not install ${names.join(', ')}: using espeak-ng (WebAssembly) and the npm ffmpeg.`);
}

/**
 * docker-compose.yml's check: Debian's docker-compose (`config -q` needs no Docker engine), installed when missing
 * and we may. Returns whether it is there.
 */
function ensureComposeChecker() {
  if (commandExists('docker-compose')) return true;
  if (process.getuid?.() !== 0 || !commandExists('apt-get')) return false;
  log('docker-compose is missing: installing it from Debian packages (to validate docker-compose.yml)…');
  spawnSync('apt-get', ['update'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'docker-compose'], { stdio: 'inherit' });
  return commandExists('docker-compose');
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

/** Files that may hold tests, for the focused-test check. */
const TEST_DIRS = ['src', 'workers', 'scripts', 'test', 'learner-ui/src', 'admin-ui/src'];
const TEST_FILE = /\.(spec|test|e2e-spec)\.[cm]?[jt]sx?$/;
const FOCUSED = /\b(?:it|test|describe|suite)\.only\s*\(|(?:^|[\s;{])(?:fit|fdescribe)\(/;

/** Focused tests (an `only` modifier on it, test, describe or suite; fit, fdescribe) where a runner would pick them up: file:line list. */
function focusedTests() {
  const found = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (TEST_FILE.test(name)) {
        readFileSync(p, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (FOCUSED.test(line)) found.push(`${relative(ROOT, p)}:${i + 1}: ${line.trim()}`);
          });
      }
    }
  };
  TEST_DIRS.forEach((d) => walk(join(ROOT, d)));
  return found;
}

/**
 * Runs a command in its own process group; past the time limit the whole group is stopped. With `prefix`, each line
 * it prints is labelled (tiers that run side by side stay readable).
 */
function runLimited(cmd, args, { env, minutes, prefix }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: prefix ? ['inherit', 'pipe', 'pipe'] : 'inherit',
      env,
      detached: true,
    });
    if (prefix)
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ])
        createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${prefix} ${line}\n`));
    const stopGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* already gone */
      }
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(
        `\x1b[31m[platform] ${cmd} ${args.join(' ')}: still running after ${minutes} min: stopping it\x1b[0m`,
      );
      stopGroup('SIGTERM');
      setTimeout(() => stopGroup('SIGKILL'), 10_000).unref();
    }, minutes * 60_000);
    // Ctrl-C reaches only this process once the child has its own group: pass it on.
    const onSignal = (signal) => stopGroup(signal);
    process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
    child.on('error', (err) => {
      console.error(err);
    });
    let settled = false;
    const finish = (code) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
      resolve({ ok: code === 0 && !timedOut, timedOut });
    };
    child.on('exit', (code) => {
      // Anything the tier left running in its group (servers, browsers) goes with it; that also closes the pipes
      // they held. The output still in the pipes is printed ('close'), or given up after 5 s (a process that left
      // the group may hold them).
      stopGroup('SIGKILL');
      child.on('close', () => finish(code));
      setTimeout(() => finish(code), 5_000).unref();
    });
  });
}

async function main() {
  const cleanups = [];
  const results = [];
  const step = async (tier, name, cmd, args, env = process.env, { prefix } = {}) => {
    log(`── ${name} ──`);
    const minutes = LIMIT_MINUTES[tier];
    const started = performance.now();
    const r = await runLimited(cmd, args, { env, minutes, prefix });
    const seconds = (performance.now() - started) / 1000;
    results.push({ name: r.timedOut ? `${name} (stopped after ${minutes} min)` : name, ok: r.ok, seconds });
    log(`${name}: ${r.ok ? 'passed' : 'FAILED'} in ${duration(seconds)}`);
  };

  try {
    ensureDependencies();
    if (tiers.includes('browser')) ensureChromium();
    if (tiers.some((t) => ['unit', 'e2e', 'browser', 'faults'].includes(t))) ensureSpeechTools();
    await ensureBuilt({ ui: tiers.includes('browser') || tiers.includes('e2e') });

    if (tiers.some((t) => ['unit', 'ui', 'e2e', 'browser', 'scale', 'faults'].includes(t))) {
      const focused = focusedTests();
      if (focused.length)
        console.error(
          `\x1b[31m[platform] focused tests would skip the rest of their files:\n  ${focused.join('\n  ')}\x1b[0m`,
        );
      results.push({ name: 'no focused tests (.only)', ok: focused.length === 0 });
    }

    const runId = `${Date.now().toString(36)}_${process.pid}`;
    let server;
    let redis;
    if (['e2e', 'browser', 'scale', 'prometheus'].some((t) => tiers.includes(t))) {
      redis = await ensureRedis({ installIfMissing: true });
      cleanups.push(redis.stop);
      server = await postgresServer(cleanups, { dataDirName: 'test-postgres', basePort: 54339 });
    }

    if (tiers.includes('content'))
      await step('content', 'content validation', process.execPath, ['scripts/content-check.mjs']);
    if (tiers.includes('lint')) {
      // ESLint and tsc each use one core: side by side on two, Prettier after the shorter of them (1:46 against
      // 1:12 + 0:22 here). The builds (SWC, Vite) do not type check: the typecheck does, for the API, its tests and
      // both UIs.
      await Promise.all([
        step('lint', 'lint (ESLint)', 'npm', ['run', 'lint:eslint']),
        (async () => {
          await step('lint', 'typecheck', 'npm', ['run', 'typecheck']);
          await step('lint', 'format (Prettier)', 'npm', ['run', 'format:check']);
        })(),
      ]);
      if (ensureComposeChecker()) {
        // The values compose requires (`${VAR:?…}`) are set to placeholders: the file's shape is what is checked.
        const placeholders = {
          JWT_SECRET: 'x',
          MEDIA_URL_SECRET: 'x',
          CERTIFICATE_SIGNING_KEY: '{}',
          PUBLIC_URL: 'http://x',
        };
        await step(
          'lint',
          'docker-compose.yml (docker-compose config -q)',
          'docker-compose',
          ['-f', 'docker-compose.yml', 'config', '-q'],
          {
            ...process.env,
            ...placeholders,
          },
        );
      } else {
        console.error(
          '\x1b[31m[platform] docker-compose is missing: install it (apt-get install docker-compose) to check docker-compose.yml\x1b[0m',
        );
        results.push({ name: 'docker-compose.yml (docker-compose missing)', ok: false });
      }
    }
    // two workers (jest's default leaves one of two cores idle): 75 s -> 55 s here
    if (tiers.includes('unit'))
      await step('unit', 'unit tests', 'npx', ['jest', '--selectProjects', 'unit', '--maxWorkers=2']);
    if (tiers.includes('ui')) {
      await step('ui', 'shared package tests', 'npm', ['test', '-w', '@lp/shared']);
      await step('ui', 'learner-ui tests', 'npm', ['test', '-w', 'learner-ui']);
      await step('ui', 'admin-ui tests', 'npm', ['test', '-w', 'admin-ui']);
    }
    if (tiers.includes('e2e')) {
      // The template: global-setup migrates and seeds it, and each test file runs on its own copy.
      const databaseUrl = await createDatabase(server, `lp_test_${runId}_e2e`, cleanups);
      // Random order (jest prints the seed; `--seed=N` replays it) proves the tests do not lean on each other.
      const order = ['--randomize', ...(seed !== undefined ? [`--seed=${seed}`] : [])];
      // Two workers: every file boots the app on its own database copy, Redis prefix, mail and media folders, so
      // files never meet; one after another (--runInBand) took twice as long.
      await step(
        'e2e',
        'e2e tests',
        'npx',
        ['jest', '--selectProjects', 'e2e', `--maxWorkers=${process.env.E2E_WORKERS ?? 2}`, ...order],
        {
          ...process.env,
          DATABASE_URL: databaseUrl,
          REDIS_URL: redis.url,
          REDIS_PREFIX: `lp-test-${runId}`,
        },
      );
    }
    if (tiers.includes('browser')) {
      const databaseUrl = await createDatabase(server, `lp_test_${runId}_browser`, cleanups);
      const port = await freePort();
      await step('browser', 'browser tests', 'npx', ['playwright', 'test'], {
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
    // The last three tiers run side by side, each on its own database, Redis prefix (faults: its own PostgreSQL and
    // redis-server) and ports; their lines are labelled. One after another they took about 2:10 here, together 1:34.
    // What they install when missing is installed first, one apt-get at a time.
    if (tiers.includes('prometheus')) ensurePrometheus();
    if (tiers.includes('faults')) ensureRedisServer();
    // scale and prometheus make (and remove) their own database on this run's server and their own Redis prefix;
    // faults has its own embedded PostgreSQL and redis-server (it restarts them), never this run's shared ones.
    const shared = server && { ...process.env, TEST_DATABASE_URL: server.adminUrl, REDIS_URL: redis.url };
    const last = [
      ['scale', 'scale-out and crash test', shared, 35],
      ['prometheus', 'metrics under a real Prometheus', shared, 33],
      ['faults', 'fault drills', process.env, 34],
    ]
      .filter(([tier]) => tiers.includes(tier))
      .map(([tier, name, env, colour]) =>
        step(tier, name, process.execPath, [`scripts/${tier}.mjs`], env, {
          prefix: `\x1b[${colour}m[${tier}]\x1b[0m`,
        }),
      );
    await Promise.all(last);
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
  for (const r of results)
    console.log(
      `  ${r.ok ? '\x1b[32m✓' : '\x1b[31m✗'} ${r.name}\x1b[0m${r.seconds === undefined ? '' : `  ${duration(r.seconds)}`}`,
    );
  const failed = results.filter((r) => !r.ok).length;
  const total = (performance.now() - runStarted) / 1000;
  console.log(`\n${results.length - failed} passed, ${failed} failed, in ${duration(total)} (set-up included)`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
