import { Harness, randomIp, uniqueEmail } from '../support/harness';

/**
 * Which address the per-IP limits count. By default (TRUST_PROXY unset, as test/support/env.ts
 * leaves it) the connection's own address: X-Forwarded-For is a header any client can send.
 * Behind a trusted proxy (TRUST_PROXY=1) the address that proxy reports, and nothing a client
 * prepended to the header.
 */
const login = (h: Harness, ip: string, forwardedFor: string) =>
  h.post(
    '/api/auth/login',
    { email: uniqueEmail('ip'), password: 'whatever-pass' },
    { ip, headers: { 'x-forwarded-for': forwardedFor } },
  );

describe('the default deployment (TRUST_PROXY unset)', () => {
  let h: Harness;
  beforeAll(async () => {
    expect(process.env.TRUST_PROXY).toBeUndefined();
    h = await Harness.boot({ worker: false });
  });
  afterAll(() => h.close());

  it('a new X-Forwarded-For on every sign-in attempt does not escape the per-IP limit', async () => {
    const client = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push((await login(h, client, randomIp())).status);
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
    // Another connection is its own client.
    expect((await login(h, randomIp(), randomIp())).status).toBe(401);
  });

  it('nor the per-IP registration limit', async () => {
    const client = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await h.post(
        '/api/auth/register',
        { email: uniqueEmail('ip-reg'), password: 'a-long-enough-secret' },
        { ip: client, headers: { 'x-forwarded-for': randomIp() } },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let h: Harness;
  beforeAll(async () => {
    process.env.TRUST_PROXY = '1';
    h = await Harness.boot({ worker: false });
  });
  afterAll(async () => {
    await h.close();
    delete process.env.TRUST_PROXY;
  });

  it('counts the address the proxy appended, whatever the client put before it', async () => {
    const client = randomIp();
    // Requests arrive from the proxy (127.0.0.1); the proxy appends the client's address.
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push((await login(h, '127.0.0.1', `${randomIp()}, ${client}`)).status);
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
    // Another client behind the same proxy is not limited.
    expect((await login(h, '127.0.0.1', randomIp())).status).toBe(401);
  });
});
