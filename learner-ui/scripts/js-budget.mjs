#!/usr/bin/env node
// Run after `vite build` (npm run build): the JavaScript a first visit to the learner site downloads,
// gzipped, against the budget. A first visit to `/` loads the entry chunk and every chunk it imports
// statically (index.html preloads them), then the landing page's route chunk and its static imports.
// Prints each chunk and fails (exit 1) above the budget. Sizes are of gzip level 9, the `.gz` copy the
// API serves; 1 kB = 1000 bytes, as Vite prints them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.LEARNER_JS_BUDGET_KB || 190);
/** The route the first page renders (App.tsx loads it lazily). */
const FIRST_ROUTE = 'src/features/landing/LandingPage.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`js-budget: ${manifestPath} is missing; build with build.manifest enabled first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey || !manifest[FIRST_ROUTE]) {
  console.error(`js-budget: no entry or no ${FIRST_ROUTE} in the manifest.`);
  process.exit(1);
}

/** The chunk and everything it imports statically, depth first, each once. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

function gzipped(file) {
  const path = join(dist, file);
  return existsSync(`${path}.gz`)
    ? readFileSync(`${path}.gz`).length
    : gzipSync(readFileSync(path), { level: 9 }).length;
}

const initial = closure(entryKey);
const route = [...closure(FIRST_ROUTE)].filter((k) => !initial.has(k));
const rows = [...[...initial].map((k) => ['initial', k]), ...route.map((k) => ['first route', k])].map(([kind, k]) => ({
  kind,
  file: manifest[k].file,
  raw: readFileSync(join(dist, manifest[k].file)).length,
  gzip: gzipped(manifest[k].file),
}));
const kb = (n) => (n / 1000).toFixed(2).padStart(8);
console.log('\nLearner site, JavaScript of a first visit to / (gzip -9):');
for (const r of rows)
  console.log(`  ${r.kind.padEnd(12)} ${r.file.padEnd(48)} ${kb(r.raw)} kB │ gzip ${kb(r.gzip)} kB`);
const sum = (kind) => rows.filter((r) => !kind || r.kind === kind).reduce((s, r) => s + r.gzip, 0);
const total = sum();
console.log(`  entry and its static imports: ${kb(sum('initial'))} kB gzip`);
console.log(`  with the first route:         ${kb(total)} kB gzip (budget ${BUDGET_KB} kB)`);
if (total > BUDGET_KB * 1000) {
  console.error(
    `\x1b[31mjs-budget: the first page loads ${kb(total).trim()} kB of gzipped JavaScript, over the ${BUDGET_KB} kB budget.\x1b[0m`,
  );
  process.exit(1);
}
