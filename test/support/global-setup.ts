import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { databaseName } from './databases';

const ROOT = join(__dirname, '..', '..');

/**
 * DATABASE_URL names the run's template database: migrations and the demo seed run on it once,
 * through the same compiled CLI that `npm start` uses (in child processes, so the ORM's global
 * metadata of this outer jest realm never mixes with the test files' own, and so no connection to
 * the template stays open: CREATE DATABASE … TEMPLATE needs it idle). Every test file then gets its
 * own copy (test/support/env.ts) and its own Redis prefix; global-teardown.ts drops the copies.
 */
export default async function globalSetup() {
  if (!process.env.DATABASE_URL) {
    throw new Error(
      'e2e tests need DATABASE_URL (a fresh database) and REDIS_URL: run them through `npm test` (scripts/test.mjs).',
    );
  }
  if (!existsSync(join(ROOT, 'dist', 'src', 'database', 'cli.js'))) {
    execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  }
  // the demo accounts' passwords at argon2id's cheapest, as every file's sign-ups (test/support/env.ts)
  const env = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_HASH_CHEAP: 'true' };
  for (const cmd of ['migrate', 'seed']) {
    execFileSync(process.execPath, ['dist/src/database/cli.js', cmd], { cwd: ROOT, env, stdio: 'inherit' });
  }
  // Read by every test file (jest copies this process's environment into each) and by the teardown.
  const run = randomBytes(3).toString('hex');
  process.env.E2E_TEMPLATE_DATABASE_URL = process.env.DATABASE_URL;
  // Copies are named <template>_<run>_<file>, so a teardown never touches another run's copies.
  process.env.E2E_DATABASE_PREFIX = `${databaseName(process.env.DATABASE_URL).slice(0, 40)}_${run}_`;
  process.env.E2E_REDIS_PREFIX = `${process.env.REDIS_PREFIX ?? 'lp-test'}-${run}`;
  // A second template with the bundled courses imported once, for the files that would each import them
  // (test/support/e2e-environment.js picks it): the import took several seconds per file. Dropped with the copies.
  const contentTemplate = execFileSync(
    process.execPath,
    [join(__dirname, 'databases.js'), 'create', process.env.DATABASE_URL, `${process.env.E2E_DATABASE_PREFIX}content`],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  execFileSync(process.execPath, ['dist/src/content/migrate-cli.js', '--if-empty'], {
    cwd: ROOT,
    env: { ...env, DATABASE_URL: contentTemplate, REDIS_PREFIX: `${process.env.E2E_REDIS_PREFIX}-content-template` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.env.E2E_CONTENT_TEMPLATE_DATABASE_URL = contentTemplate;
}
