#!/usr/bin/env node
// `npm run content:check [dir]`: validates course content (content/README.md).
// Rebuilds the TypeScript first when dist/src/content/check.js is missing or older than
// the sources it is built from, so a fresh clone or an edited validator never runs stale
// code; then runs it and passes its exit code through.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = join(ROOT, 'dist', 'src', 'content', 'check.js');
// check.js also imports the config module (for findAppRoot), so its source counts too.
const SOURCES = ['src/content', 'src/config', 'tsconfig.json', 'tsconfig.build.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

const stale =
  !existsSync(ENTRY) || statSync(ENTRY).mtimeMs < Math.max(...SOURCES.map((p) => newestMtime(join(ROOT, p))));
if (stale) {
  console.log('[content:check] building TypeScript (npx tsc -p tsconfig.build.json)…');
  const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('[content:check] the build failed');
    process.exit(build.status ?? 1);
  }
}

// Arguments are paths relative to where the user ran npm; npm runs scripts from the
// package root, but INIT_CWD keeps the caller's directory.
const cwd = process.env.INIT_CWD || process.cwd();
const args = process.argv.slice(2).map((a) => (a.startsWith('-') ? a : resolve(cwd, a)));
const run = spawnSync(process.execPath, [ENTRY, ...args], { cwd: ROOT, stdio: 'inherit' });
if (run.error) {
  console.error(run.error);
  process.exit(1);
}
process.exit(run.status ?? 1);
