// A Vite plugin for both UIs: after the bundle is written, a brotli (.br, quality 11) and a gzip (.gz,
// level 9) copy is written next to every compressible file of at least 1 KiB, so the API sends them as
// they are (src/common/http/static-ui.ts, @fastify/static `preCompressed`) instead of compressing each
// response. node:zlib only: no dependency.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
/** What the API would compress on the fly too (source maps are only read by developer tools). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* files(p);
    } else yield p;
  }
}

/** Writes `<file>.br` and `<file>.gz` for each compressible file under `dir`; returns how many files. */
export async function precompressDir(dir) {
  const jobs = [];
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    jobs.push(
      readFile(file).then(async (data) => {
        const [b, g] = await Promise.all([
          br(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gz(data, { level: 9 }),
        ]);
        // a copy that saves nothing is not worth a variant
        if (b.length < data.length) await writeFile(`${file}.br`, b);
        if (g.length < data.length) await writeFile(`${file}.gz`, g);
      }),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

/** @returns {import('vite').Plugin} */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = Date.now();
      const count = await precompressDir(outDir);
      console.log(`precompressed ${count} files (.br, .gz) in ${Date.now() - started} ms`);
    },
  };
}
