import { Harness } from '../support/harness';

/** Requests that must never stall the service or answer 5xx, and the headers every response carries. */
let h: Harness;

beforeAll(async () => {
  h = await Harness.boot({ worker: false });
});
afterAll(async () => {
  await h.close();
});

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('deeply nested JSON', () => {
  it.each(['/api/auth/login', '/api/auth/register', '/api/notes'])(
    'is refused with 400 on %s, signed in or not, without stalling',
    async (url) => {
      const token = url === '/api/notes' ? await h.demoToken('learner') : undefined;
      const body = `{"email":"a@b.co","password":"secret-pass","x":${nested(3000)}}`;
      const res = await h.request<{ message: string }>('POST', url, {
        body,
        token,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      // Only the depth scan that runs before parsing says this: no guard, pipe or transformer saw the body.
      expect(res.body.message).toMatch(/nested more than 32 levels/);
    },
  );

  it('leaves ordinary bodies alone', async () => {
    const res = await h.post('/api/auth/login', { email: 'learner@example.com', password: 'demo-password' });
    expect(res.status).toBe(200);
  });
});

describe('body size', () => {
  it('refuses a body over 64 KiB on a route that carries no content (413)', async () => {
    const res = await h.post('/api/auth/login', { email: 'learner@example.com', password: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });

  it('still accepts a large body where content is saved (Studio node saves)', async () => {
    const token = await h.demoToken('studio');
    const big = `<p>${'word '.repeat(15_000)}</p>`; // ~75 KB of html
    const res = await h.request('PUT', '/api/studio/nodes/met-sleep?subject=metabolic', {
      token,
      body: {
        summary_html: big,
        variants: { beginner: '', advanced: '', practical: '', theoretical: '' },
        sources: [],
      },
    });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });
});

describe('text that cannot be stored', () => {
  it.each(['register', 'login', 'request-reset', 'request-verify'])(
    'an e-mail with a lone UTF-16 surrogate answers 400 on %s',
    async (route) => {
      const res = await h.post<{ message: string }>(`/api/auth/${route}`, {
        email: 'a\ud800@b.co',
        password: 'a-long-enough-secret',
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/malformed text/);
    },
  );

  it('a NUL character answers 400', async () => {
    const res = await h.post<{ message: string }>('/api/auth/login', {
      email: 'a\u0000@b.co',
      password: 'a-long-enough-secret',
    });
    expect(res.status).toBe(400);
  });

  it('ordinary non-ASCII text (a surrogate pair) is fine', async () => {
    const res = await h.post('/api/auth/login', { email: 'emoji😀@example.test', password: 'a-long-enough-secret' });
    expect(res.status).not.toBe(500);
  });
});

describe('security headers', () => {
  it('every response carries a CSP without inline scripts, frame-ancestors none, nosniff and a referrer policy', async () => {
    for (const url of ['/health', '/api/subjects', '/api/auth/session']) {
      const res = await h.get(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // HSTS only in production (see production-mode.e2e-spec.ts)
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
