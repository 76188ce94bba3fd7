#!/usr/bin/env node
// Streaming a 50 MB video from an S3-compatible store (s3rver on loopback), three ways, in one run:
//   proxy     – the API's own path: HeadObject, then a ranged GetObject piped through Fastify
//               (streamMediaFile of dist/, the code /api/media/file/… runs, without the signature check)
//   redirect  – the alternative: the API answers 302 to a presigned GET, the player follows it
//   presigned – the presigned GET alone, as if the player already held the URL
//   direct    – the store read by the SDK itself (GetObject), the floor
// For each: time to the first byte of a 1 MiB Range (median of BENCH_TTFB_RUNS) and throughput of the
// whole file read as a player does, in 4 MiB ranges one after another (median of BENCH_RUNS). Ratios are
// against direct; the rule: a presigned redirect only if it is more than 2x better than proxy.
// Not a test. Usage: npm run build:api && node bench/media/s3-stream.bench.mjs
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import Fastify from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

const require = createRequire(import.meta.url);
const { S3Storage } = require('../../dist/src/modules/media/storage/s3-storage.js');
const { streamMediaFile } = require('../../dist/src/modules/media/media-stream.js');

const SIZE = Number(process.env.BENCH_MB ?? 50) * 1024 * 1024;
const CHUNK = 4 * 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TTFB_RUNS = Number(process.env.BENCH_TTFB_RUNS ?? 30);
const KEY = 'bench/video/lecture.mp4';

const dir = mkdtempSync(join(tmpdir(), 'lp-s3-bench-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: join(dir, 's3'),
  configureBuckets: [{ name: 'bench' }],
});
const { port } = await server.run();
const storage = new S3Storage({
  endpoint: `http://127.0.0.1:${port}`,
  region: 'us-east-1',
  bucket: 'bench',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});
const file = join(dir, 'lecture.mp4');
writeFileSync(file, randomBytes(SIZE));
await storage.put(KEY, file);

const app = Fastify();
app.get('/m', (req, reply) => streamMediaFile(req, reply, { storage, key: KEY }));
app.get('/r', async (req, reply) => reply.redirect(await presignedUrl(), 302));
await app.listen({ host: '127.0.0.1', port: 0 });
const proxyUrl = `http://127.0.0.1:${app.server.address().port}/m`;
const redirectUrl = `http://127.0.0.1:${app.server.address().port}/r`;
const presignedUrl = () =>
  getSignedUrl(storage.client, new GetObjectCommand({ Bucket: 'bench', Key: KEY }), { expiresIn: 300 });

/** One ranged read; resolves [ms to first byte, bytes]. */
async function viaHttp(url, start, end) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { range: `bytes=${start}-${end}` } });
  if (res.status !== 206) throw new Error(`${url}: ${res.status}`);
  const reader = res.body.getReader();
  let first = 0;
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!first) first = performance.now() - t0;
    n += value.length;
  }
  return [first, n];
}
async function viaSdk(start, end) {
  const t0 = performance.now();
  const stream = await storage.openRead(KEY, { start, end });
  let first = 0;
  let n = 0;
  for await (const chunk of stream) {
    if (!first) first = performance.now() - t0;
    n += chunk.length;
  }
  return [first, n];
}

const ways = {
  proxy: (s, e) => viaHttp(proxyUrl, s, e),
  // what the product would do instead of proxying: the API answers 302 to a fresh presigned GET
  redirect: (s, e) => viaHttp(redirectUrl, s, e),
  // the presigned URL alone, as if the player already held it (the redirect's floor)
  presigned: async (s, e) => viaHttp(await presignedUrl(), s, e),
  direct: viaSdk,
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = {};
for (const name of Object.keys(ways)) results[name] = { ttfb: [], mbps: [] };
// warm every path
for (const read of Object.values(ways)) await read(0, CHUNK - 1);
for (let r = 0; r < TTFB_RUNS; r++) {
  // alternate who goes first
  const order = r % 2 ? Object.keys(ways).reverse() : Object.keys(ways);
  for (const name of order) results[name].ttfb.push((await ways[name](0, 1024 * 1024 - 1))[0]);
}
for (let r = 0; r < RUNS; r++) {
  const order = r % 2 ? Object.keys(ways).reverse() : Object.keys(ways);
  for (const name of order) {
    const t0 = performance.now();
    let bytes = 0;
    for (let s = 0; s < SIZE; s += CHUNK) bytes += (await ways[name](s, Math.min(s + CHUNK, SIZE) - 1))[1];
    if (bytes !== SIZE) throw new Error(`${name}: ${bytes} of ${SIZE} bytes`);
    results[name].mbps.push(SIZE / 1024 / 1024 / ((performance.now() - t0) / 1000));
  }
}

const base = { ttfb: median(results.direct.ttfb), mbps: median(results.direct.mbps) };
console.log(
  `${SIZE / 1024 / 1024} MB object, s3rver on loopback; TTFB of a 1 MiB Range (median of ${TTFB_RUNS}), throughput in 4 MiB Ranges (median of ${RUNS})`,
);
console.log('way        TTFB ms  ×direct   MB/s  ×direct');
for (const [name, r] of Object.entries(results)) {
  const t = median(r.ttfb);
  const m = median(r.mbps);
  console.log(
    `${name.padEnd(9)} ${t.toFixed(2).padStart(8)} ${(t / base.ttfb).toFixed(2).padStart(8)} ${m.toFixed(0).padStart(6)} ${(m / base.mbps).toFixed(2).padStart(8)}`,
  );
}
const p = results.proxy;
for (const other of ['redirect', 'presigned']) {
  const s = results[other];
  console.log(
    `${other} against proxy: TTFB ${(median(p.ttfb) / median(s.ttfb)).toFixed(2)}x better, throughput ${(median(s.mbps) / median(p.mbps)).toFixed(2)}x (a redirect only if > 2x)`,
  );
}

await app.close();
storage.client.destroy();
await server.close();
rmSync(dir, { recursive: true, force: true });
