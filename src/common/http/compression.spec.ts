import Fastify from 'fastify';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { isCompressible, registerCompression } from './compression';

describe('isCompressible', () => {
  it.each([
    'application/json; charset=utf-8',
    'application/problem+json',
    'text/html; charset=utf-8',
    'text/css',
    'application/javascript; charset=UTF-8',
    'image/svg+xml',
  ])('compresses %s', (type) => expect(isCompressible(type)).toBe(true));

  it.each([
    // events must reach the client one by one, not wait in the compressor
    'application/x-ndjson; charset=utf-8',
    'text/event-stream',
    // media: compressed already, and served by byte ranges
    'audio/mpeg',
    'video/mp4',
    'text/vtt; charset=utf-8',
    'image/png',
    'application/octet-stream',
    'application/vc+jwt',
  ])('leaves %s as it is', (type) => expect(isCompressible(type)).toBe(false));
});

describe('registerCompression: a client that leaves mid-answer', () => {
  it('is not an error: nothing is logged at error level when the socket closes during a compressed stream', async () => {
    const errors: unknown[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => void errors.push(JSON.parse(line)) } },
    });
    await registerCompression(app);
    let served!: () => void;
    const done = new Promise<void>((resolve) => (served = resolve));
    app.get('/big', (_req, reply) => {
      // a stream that keeps producing until the client has gone
      const body = new Readable({ read() {} });
      const chunk = JSON.stringify({ filler: 'x'.repeat(16_384) });
      const timer = setInterval(() => body.push(chunk), 2);
      body.on('close', () => {
        clearInterval(timer);
        served();
      });
      reply.type('application/json').send(body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    try {
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: '/big', headers: { 'accept-encoding': 'gzip' } },
          (res) => {
            expect(res.headers['content-encoding']).toBe('gzip');
            res.once('data', () => {
              req.destroy(); // the learner closed the tab
              resolve();
            });
          },
        );
        req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
        req.end();
      });
      await done;
      await new Promise((r) => setImmediate(r));
      expect(errors).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
