import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { FetchRefused, safeFetch, type SafeFetchOptions, targetRefusal } from './safe-fetch';

let server: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url!);
    if (req.url === '/to-other-loopback-port') {
      // loopback either way: were the guard to let it through, nothing would leave this machine
      res.writeHead(302, { location: `http://localhost:${port}/admin` });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('hello');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => server.close(r)));

const opts = (allowedHosts: string[]): SafeFetchOptions => ({
  allowedHosts,
  maxBytes: 1024,
  timeoutMs: 2000,
  userAgent: 'test',
});

async function refusal(url: string, allowedHosts: string[]): Promise<string> {
  const err = await safeFetch(url, opts(allowedHosts)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchRefused);
  return (err as Error).message;
}

describe('safeFetch ports', () => {
  // The guard on its own, with no network: public addresses on odd ports are judged, never fetched.
  it('refuses a public address on a port other than 80 and 443', () => {
    expect(targetRefusal('93.184.216.34', 8080, ['93.184.216.34'], [])).toBe(
      'refused: port 8080 is not fetched (only 80 and 443 unless the host is allow-listed)',
    );
    expect(targetRefusal('93.184.216.34', 22, ['93.184.216.34'], [])).toMatch(/^refused: port 22 is not fetched/);
    expect(targetRefusal('93.184.216.34', 443, ['93.184.216.34'], [])).toBeNull();
    expect(targetRefusal('site.example', 8080, ['93.184.216.34'], ['site.example:8080'])).toBeNull();
  });

  it('refuses a host when any of its addresses is special-purpose', () => {
    expect(targetRefusal('mixed.example', 443, ['93.184.216.34', '198.18.0.1'], [])).toBe(
      'refused: mixed.example resolves to a special-purpose address (benchmarking) (198.18.0.1)',
    );
    expect(targetRefusal('nothing.example', 443, [], [])).toBe('cannot resolve host nothing.example');
  });

  it('checks every redirect target too, before connecting to it', async () => {
    const before = hits.length;
    expect(await refusal(`http://127.0.0.1:${port}/to-other-loopback-port`, [`127.0.0.1:${port}`])).toMatch(
      /^refused: localhost resolves to a loopback address/,
    );
    expect(hits.slice(before)).toEqual(['/to-other-loopback-port']);
  });

  it('fetches an allow-listed host:port, or any port of an allow-listed host', async () => {
    expect((await safeFetch(`http://127.0.0.1:${port}/a`, opts([`127.0.0.1:${port}`]))).body).toBe('hello');
    expect((await safeFetch(`http://127.0.0.1:${port}/b`, opts(['127.0.0.1']))).body).toBe('hello');
    // An entry for another port of the host allows neither the address nor the port.
    expect(await refusal(`http://127.0.0.1:${port}/c`, [`127.0.0.1:${port + 1}`])).toMatch(
      /^refused: 127\.0\.0\.1 resolves to a loopback address/,
    );
  });
});
