// Before anything boots: the built learner site and Studio are served, as under `npm start`.
process.env.SERVE_UI = 'true';

import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Public } from '../../src/common/decorators/public.decorator';
import { streamMediaFile } from '../../src/modules/media/media-stream';
import { LocalDiskStorage } from '../../src/modules/media/storage/media-storage';
import { Harness } from '../support/harness';

const ROOT = join(__dirname, '..', '..');
const LEARNER_DIST = join(ROOT, 'learner-ui', 'dist');
const ADMIN_DIST = join(ROOT, 'admin-ui', 'dist');
const textFile = join(mkdtempSync(join(tmpdir(), 'lp-delivery-')), 'notes.txt');
writeFileSync(textFile, 'a line of text that repeats\n'.repeat(400));

/** Routes of this test only: a large and a small JSON answer, an NDJSON stream, a file with ranges. */
@Controller('delivery-probe')
class DeliveryProbeController {
  @Public()
  @Get('large')
  large() {
    return { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Topic ${i}`, summary: 'x'.repeat(40) })) };
  }

  @Public()
  @Get('small')
  small() {
    return { ok: true };
  }

  /**
   * Three events, as the speech and video progress streams send them; each after the one before it
   * reached the client (`ndjsonArrived`), so a stream held back by compression never ends.
   */
  @Public()
  @Get('ndjson')
  ndjson(@Res() reply: FastifyReply) {
    async function* events() {
      for (let i = 0; i < 3; i++) {
        if (i) await ndjsonArrived.next(i - 1);
        yield `${JSON.stringify({ type: 'item', i, pad: 'y'.repeat(600) })}\n`;
      }
    }
    return reply
      .status(200)
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .send(Readable.from(events(), { objectMode: false }));
  }

  @Public()
  @Get('file')
  file(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const storage = new LocalDiskStorage(dirname(textFile));
    return streamMediaFile(req, reply, { storage, key: basename(textFile) });
  }
}

/** The events the test client has read, and a wait for one of them. */
const ndjsonArrived = {
  seen: new Set<number>(),
  waiting: new Map<number, () => void>(),
  next(i: number): Promise<void> {
    if (this.seen.has(i)) return Promise.resolve();
    return new Promise((resolve) => this.waiting.set(i, resolve));
  },
  arrived(i: number) {
    this.seen.add(i);
    this.waiting.get(i)?.();
  },
};

let h: Harness;

/** The script files index.html loads first (Vite writes them under /assets/ with a content hash). */
function entryScript(dist: string, prefix: string): string {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src?.startsWith(`${prefix}assets/`)) throw new Error(`no hashed entry script in ${dist}/index.html`);
  return src;
}

async function raw(url: string, headers: Record<string, string> = {}) {
  const res = await h.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

beforeAll(async () => {
  for (const dist of [LEARNER_DIST, ADMIN_DIST]) {
    if (!existsSync(join(dist, 'index.html')))
      throw new Error(`${dist} is not built: npm test builds it (or: npm run build:ui)`);
  }
  h = await Harness.boot({ controllers: [DeliveryProbeController], worker: false });
});

afterAll(async () => {
  await h?.close();
});

describe('API responses', () => {
  it('compresses a large JSON answer with brotli, or gzip, whichever the client accepts', async () => {
    const plain = await raw('/api/delivery-probe/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await raw('/api/delivery-probe/large', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);

    const gz = await raw('/api/delivery-probe/large', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it('compresses the OpenAPI document, a large answer of a real route', async () => {
    const res = await raw('/api/docs/json', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.body).toString('utf8'))).toHaveProperty('openapi');
  });

  it('sends answers under 1 KiB as they are', async () => {
    const small = await raw('/api/delivery-probe/small', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ ok: true });
    const error = await raw('/api/auth/session', { 'accept-encoding': 'br, gzip' });
    expect(error.status).toBe(401);
    expect(error.headers['content-encoding']).toBeUndefined();
  });

  it('never decompresses a request body (limits and webhook signatures read the bytes as sent)', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' })),
    });
    // decompressed, this would be a well-formed sign-in (401); as sent, it is not JSON
    expect(res.statusCode).toBe(400);
  });

  it('leaves byte ranges of a file whole: 206 with the bytes asked for, not compressed', async () => {
    const res = await raw('/api/delivery-probe/file', { 'accept-encoding': 'br, gzip', range: 'bytes=0-1999' });
    expect(res.status).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-range']).toMatch(/^bytes 0-1999\//);
    expect(res.body.equals(readFileSync(textFile).subarray(0, 2000))).toBe(true);
  });

  it('does not compress an NDJSON stream, whose events reach the client one by one', async () => {
    // a real connection: only there can the first event be seen arriving before the last is sent
    await h.app.listen(0, '127.0.0.1');
    {
      const { port } = h.app.getHttpServer().address() as AddressInfo;
      const res = await new Promise<IncomingMessage>((resolve, reject) =>
        httpRequest(
          { host: '127.0.0.1', port, path: '/api/delivery-probe/ndjson', headers: { 'accept-encoding': 'br, gzip' } },
          resolve,
        )
          .on('error', reject)
          .end(),
      );
      expect(res.headers['content-encoding']).toBeUndefined();
      // The server sends each event only once the one before it was read here: a stream held back
      // (compressed, buffered) never gets past its first event, and the test times out.
      let body = '';
      for await (const chunk of res) {
        body += String(chunk);
        for (const line of body.split('\n').slice(0, -1)) ndjsonArrived.arrived((JSON.parse(line) as { i: number }).i);
      }
      expect(
        body
          .trim()
          .split('\n')
          .map((l) => (JSON.parse(l) as { i: number }).i),
      ).toEqual([0, 1, 2]);
    }
  }, 20_000);
});

describe('the built learner site and Studio', () => {
  for (const [name, dist, prefix] of [
    ['learner site', LEARNER_DIST, '/'],
    ['Studio', ADMIN_DIST, '/studio/'],
  ] as const) {
    it(`${name}: a hashed script is cached for a year and sent precompressed (br, then gzip)`, async () => {
      const src = entryScript(dist, prefix);
      const file = readFileSync(join(dist, src.slice(prefix.length)));

      const br = await raw(src, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.body).equals(file)).toBe(true);
      // the copy written at build time (quality 11), not one compressed per request
      expect(br.body.equals(readFileSync(join(dist, `${src.slice(prefix.length)}.br`)))).toBe(true);

      const gz = await raw(src, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(file)).toBe(true);

      const plain = await raw(src);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.body.equals(file)).toBe(true);
    });

    it(`${name}: index.html and client-side routes are revalidated on every visit`, async () => {
      for (const path of [prefix, `${prefix}index.html`, `${prefix}some/client/route`]) {
        const res = await raw(path, { 'accept-encoding': 'br, gzip' });
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toMatch(/text\/html/);
      }
    });
  }
});
