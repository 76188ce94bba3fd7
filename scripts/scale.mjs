#!/usr/bin/env node
// `npm run test:scale` (also the `scale` tier of `npm test`): the scale-out and crash test,
// test/scale/scale.test.ts (jest project `scale`), which starts two API and two worker processes
// from dist/. This script builds dist/ when the sources changed, creates a fresh database for the
// run (on TEST_DATABASE_URL's server, the local one, or an embedded one), migrates and seeds it
// with the compiled CLI, picks a Redis prefix of its own, runs the test under a time limit, and
// drops the database and deletes the prefix's Redis keys afterwards, whatever happened.
import { adminQuery, deleteRedisKeys, ensureBuilt, ensureRedis, log, postgresServer, run } from './lib/infra.mjs';
import { runJestProject, runTier } from './lib/jest-tier.mjs';

// Under the `scale` tier's limit in scripts/test.mjs (6 min), so a hung test still cleans up after itself.
const LIMIT_MINUTES = 5;

await runTier('Scale test', async (cleanups, stopped) => {
  await ensureBuilt({ ui: false });
  const redis = await ensureRedis();
  cleanups.push(redis.stop);
  const server = await postgresServer(cleanups, { dataDirName: 'scale-postgres', basePort: 54349 });
  const runId = `${Date.now().toString(36)}_${process.pid}`;
  const name = `lp_scale_${runId}`;
  await adminQuery(server, `create database "${name}"`);
  cleanups.push(async () => {
    await adminQuery(server, `drop database if exists "${name}" with (force)`);
    log(`Dropped database ${name}`);
  });
  const u = new URL(server.adminUrl);
  u.pathname = `/${name}`;
  const prefix = `lp-scale-${runId}`;
  cleanups.push(async () => log(`Deleted ${await deleteRedisKeys(redis.url, prefix)} Redis keys under ${prefix}`));
  const env = {
    ...process.env,
    DATABASE_URL: u.toString(),
    REDIS_URL: redis.url,
    REDIS_PREFIX: prefix,
    // the AWS SDK's notice that it will want Node 22 from 2027 (the test talks to the loopback bucket)
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const cliEnv = { ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  for (const cmd of ['migrate', 'seed']) run(process.execPath, ['dist/src/database/cli.js', cmd], { env: cliEnv });
  if (stopped()) throw new Error('stopped before the test began');
  log(`Scale test on database ${name}, Redis prefix ${prefix}`);
  return runJestProject('scale', env, { limitMinutes: LIMIT_MINUTES, what: 'the scale test is' });
});
