#!/usr/bin/env node
// The fast API build for `npm start`: compiles src/ and workers/ to dist/ with SWC, file by file,
// with the same layout as `tsc -p tsconfig.build.json` (dist/src/…, dist/workers/…) and the same
// decorator semantics (legacy decorators and design:type metadata, which Nest's dependency injection
// and MikroORM read). SWC does not type check: `npm test` does (the lint tier runs `npm run typecheck`).
// Usage: node scripts/build-api.mjs [--out dist]
import { transformFile } from '@swc/core';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import swcOptions from './swc-options.cjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const OUT = resolve(ROOT, outIndex > 0 ? process.argv[outIndex + 1] : 'dist');

/** The compiler options of jest.config.js (the e2e tests run the app compiled this way), as files. */
const options = { ...swcOptions, configFile: false, sourceMaps: true };

/** What tsconfig.build.json compiles: every .ts under src/ and workers/ except specs and declarations. */
function sources(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) sources(p, found);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts'))
      found.push(p);
  }
  return found;
}

async function compile(file) {
  const rel = relative(ROOT, file);
  const target = join(OUT, rel.replace(/\.ts$/, '.js'));
  const { code, map } = await transformFile(file, {
    ...options,
    filename: file,
    sourceFileName: relative(dirname(target), file),
  });
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${code}\n//# sourceMappingURL=${basename(target)}.map\n`);
  if (map) writeFileSync(`${target}.map`, map);
}

const started = Date.now();
const files = ['src', 'workers'].flatMap((d) => sources(join(ROOT, d)));
// SWC compiles on its own threads; a bounded queue keeps memory flat on small machines.
const queue = [...files];
const lanes = Math.max(2, availableParallelism() * 2);
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) await compile(file);
  }),
);
console.log(`API built with SWC: ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
