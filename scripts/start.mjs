#!/usr/bin/env node
// `npm start`: one command from a fresh clone to a running platform.
// Installs and builds when needed, brings up PostgreSQL (embedded unless DATABASE_URL is
// set) and Redis (REDIS_URL, a local one, or a spawned redis-server), migrates and seeds,
// then runs the API (which also serves both UIs) and the worker until Ctrl-C.
// `npm run dev` does the same but serves the UIs from Vite dev servers with hot reload.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ROOT,
  canConnect,
  startBuilds,
  ensureDependencies,
  ensureRedis,
  fail,
  freePort,
  log,
  nodeBin,
  run,
  startEmbeddedPostgres,
  waitForHttp,
} from './lib/infra.mjs';
import { startLocalS3 } from './lib/local-s3.mjs';

const dev = process.argv.includes('--dev');

// A .env file, if present, fills in what the environment does not set.
const envFile = join(ROOT, '.env');
if (existsSync(envFile)) {
  for (const line of readFileSync(envFile, 'utf8').split('\n')) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m && process.env[m[1]] === undefined) process.env[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
}

const cleanups = [];
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('Stopping…');
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error(err);
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

/** Like run(), without blocking this process: the builds and the worker report meanwhile. */
function runAsync(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

function startChild(name, args, env) {
  const child = spawn(nodeBin(), args, { cwd: ROOT, env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[platform] ${name} exited (${signal ?? code}); stopping everything.`);
      shutdown(1);
    }
  });
  cleanups.push(
    () =>
      new Promise((res) => {
        if (child.exitCode !== null) return res();
        child.once('exit', res);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10000).unref();
      }),
  );
  return child;
}

async function main() {
  const started = Date.now();
  ensureDependencies();
  const installed = Date.now();
  // The builds run while PostgreSQL and Redis come up: the API's (SWC, about a second) is awaited
  // before migrating, the UIs' (Vite) before the API starts serving them.
  const builds = startBuilds({ ui: !dev });

  const port = Number(process.env.PORT || 3000);
  if (await canConnect('127.0.0.1', port))
    fail(`Port ${port} is already in use. Stop what runs there or start with PORT=<another port>.`);

  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const pgPort = Number(process.env.EMBEDDED_PG_PORT) || (await freePort(54329));
    log(`Starting embedded PostgreSQL on port ${pgPort}…`);
    const pg = await startEmbeddedPostgres({ dataDir: join(ROOT, '.data', 'postgres'), port: pgPort });
    cleanups.push(() => pg.stop());
    databaseUrl = await pg.createDatabase('learning');
  }

  const redis = await ensureRedis();
  cleanups.push(redis.stop);
  await builds.api;

  // MEDIA_STORAGE=s3 without an endpoint: a bucket on this machine (scripts/lib/local-s3.mjs).
  let s3Env = {};
  if (process.env.MEDIA_STORAGE === 's3' && !process.env.S3_ENDPOINT) {
    const s3 = await startLocalS3({
      bucket: process.env.S3_BUCKET || 'lp-media',
      port: Number(process.env.LOCAL_S3_PORT),
    });
    cleanups.push(s3.stop);
    s3Env = s3.env;
    log(`Media in the bucket "${s3Env.S3_BUCKET}" of a local S3 server at ${s3Env.S3_ENDPOINT} (objects in .data/s3)`);
  }

  const publicUrl = process.env.PUBLIC_URL || (dev ? 'http://localhost:5173' : `http://localhost:${port}`);
  const env = {
    ...process.env,
    ...s3Env,
    NODE_ENV: process.env.NODE_ENV || 'development',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    LOG_PRETTY: process.env.LOG_PRETTY || 'true',
    SERVE_UI: dev ? 'false' : process.env.SERVE_UI || 'true',
  };

  log('Applying database migrations…');
  run(nodeBin(), ['dist/src/database/cli.js', 'migrate'], { env });
  // The worker needs the schema only: it boots while the seed, the first content import and the UI
  // builds run. The API serves the UIs and the content, so it waits for all of them.
  startChild('worker', ['dist/workers/main.js'], env);
  await runAsync(nodeBin(), ['dist/src/database/cli.js', 'seed'], env);
  // First start: load the bundled courses (the same migration as Studio → Migrate).
  await runAsync(nodeBin(), ['dist/src/content/migrate-cli.js', '--if-empty'], env);
  await builds.ui;
  startChild('api', ['dist/src/main.js'], env);
  await waitForHttp(`http://127.0.0.1:${port}/health`);
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  log(`Ready in ${seconds(Date.now() - started)} (install ${seconds(installed - started)}).`);

  if (dev) {
    for (const [app, vitePort] of [
      ['learner-ui', 5173],
      ['admin-ui', 5174],
    ]) {
      const child = spawn('npm', ['run', 'dev', '-w', app, '--', '--port', String(vitePort), '--strictPort'], {
        cwd: ROOT,
        env: { ...env, API_PORT: String(port) },
        stdio: 'inherit',
      });
      cleanups.push(
        () =>
          new Promise((res) => (child.exitCode !== null ? res() : (child.once('exit', res), child.kill('SIGTERM')))),
      );
    }
  }

  const demoPassword = env.DEMO_PASSWORD || 'demo-password';
  const learnerUrl = dev ? 'http://localhost:5173/' : `${publicUrl}/`;
  const studioUrl = dev ? 'http://localhost:5173/studio/' : `${publicUrl}/studio`;
  console.log(`
  \x1b[1mLearnPath is running\x1b[0m

    Learner site   ${learnerUrl}
    Studio         ${studioUrl}
    API docs       http://localhost:${port}/api/docs
    Health         http://localhost:${port}/health
    Mail outbox    ${env.SMTP_URL ? '(SMTP)' : join(ROOT, '.data', 'mail')}
${
  env.NODE_ENV === 'production'
    ? ''
    : `
    Demo sign-ins (password: ${demoPassword})
      learner@example.com     learner
      studio@example.com      learner, studio
      admin@example.com       learner, studio, admin
      clinician@example.com   learner, clinician
`
}
  Press Ctrl-C to stop.
`);
}

main().catch((err) => {
  console.error(err);
  shutdown(1);
});
