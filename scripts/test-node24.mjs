#!/usr/bin/env node
// `npm run test:node24`: the unit and e2e tiers under Node 24 LTS, the production image's runtime (issue 28 §5),
// on a machine whose own Node is older. Not part of `npm test` (CI runs the machine's Node 20). Node 24 comes from
// the npm registry's `node@24` package, installed once into .data/node24; with Node 24 or later already here, it is
// used as it is. Extra arguments are passed to scripts/test.mjs (e.g. `npm run test:node24 -- unit`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, log } from './lib/infra.mjs';

const MAJOR = 24;
const args = process.argv.slice(2);
const tiers = args.length ? args : ['unit', 'e2e'];

function node24() {
  if (Number(process.versions.node.split('.')[0]) >= MAJOR) return process.execPath;
  const dir = join(ROOT, '.data', 'node24');
  const bin = join(dir, 'node_modules', 'node', 'bin', 'node');
  const current = existsSync(bin) ? spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
  if (!current.startsWith(`v${MAJOR}.`)) {
    log(`Installing Node ${MAJOR} from the npm registry (node@${MAJOR}) into .data/node24…`);
    const r = spawnSync('npm', ['install', '--prefix', dir, `node@${MAJOR}`, '--no-audit', '--no-fund'], {
      stdio: 'inherit',
    });
    if (r.status !== 0 || !existsSync(bin)) {
      console.error(`Could not install node@${MAJOR}.`);
      process.exit(1);
    }
  }
  return bin;
}

const node = node24();
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
log(`Running ${tiers.join(', ')} under Node ${version}`);
// First on PATH, so what test.mjs starts (npx jest, the API processes of the tests) runs on it too.
const binDir = join(node, '..');
const child = spawn(node, ['scripts/test.mjs', ...tiers], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${binDir}:${process.env.PATH}` },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
