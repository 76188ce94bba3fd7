import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * Migrations and the demo seed run before any app boots, through the same compiled CLI
 * that `npm start` uses (in a child process, so the ORM's global metadata of this outer
 * jest realm never mixes with the test files' own).
 */
export default async function globalSetup() {
  if (!process.env.DATABASE_URL) {
    throw new Error('e2e tests need DATABASE_URL (a fresh database) and REDIS_URL: run them through `npm test` (scripts/test.mjs).');
  }
  if (!existsSync(join(ROOT, 'dist', 'src', 'database', 'cli.js'))) {
    execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  }
  const env = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  for (const cmd of ['migrate', 'seed']) {
    execFileSync(process.execPath, ['dist/src/database/cli.js', cmd], { cwd: ROOT, env, stdio: 'inherit' });
  }
}
