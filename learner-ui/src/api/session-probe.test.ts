import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionController } from '../features/auth/session-controller';
import { callsTo, errorBody, installFetch, jsonResponse } from '../test/fetch-mock';
import { authApi } from './auth';
import { ApiError } from './errors';
import { takeSessionProbe } from './session-probe';

const USER = { id: 'u1', email: 'a@example.com', roles: ['learner'], emailVerified: true, name: null };
const SESSION = { accessToken: 'early.token', expiresAt: Date.now() + 900_000, user: USER };
const probeScript = () => new Function(readFileSync(join(__dirname, '../../public/session-probe.js'), 'utf8'));

/** Web Locks as the browser has them: one holder at a time, the others queued in order. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const request = vi.fn((_name: string, task: () => Promise<unknown>) => {
    const run = tail.then(() => task());
    tail = run.catch(() => undefined);
    return run;
  });
  return { request } as unknown as LockManager & { request: typeof request };
}

afterEach(() => {
  delete window.__lpSessionProbe;
  vi.unstubAllGlobals();
});

describe('the early session probe (public/session-probe.js)', () => {
  it("the app's first refresh reads the probe's answer (no second POST); later ones post", async () => {
    const fetchMock = installFetch({ 'POST /api/auth/refresh': { body: { ...SESSION, accessToken: 'second' } } });
    window.__lpSessionProbe = Promise.resolve(jsonResponse({ body: SESSION }));
    const controller = new SessionController({ locks: fakeLocks() });

    expect((await controller.refresh())?.accessToken).toBe('early.token');
    expect(controller.getSnapshot().status).toBe('authenticated');
    expect(callsTo(fetchMock, 'POST /api/auth/refresh')).toHaveLength(0);
    expect(window.__lpSessionProbe).toBeNull();

    expect((await controller.refresh())?.accessToken).toBe('second');
    expect(callsTo(fetchMock, 'POST /api/auth/refresh')).toHaveLength(1);
  });

  it('a script that runs after the app began starts no refresh (it would wait for the lock the app holds)', async () => {
    const fetchMock = installFetch({ 'POST /api/auth/refresh': { body: SESSION } });
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    const controller = new SessionController({ locks });
    const refreshed = controller.refresh(); // the app first: it takes the (absent) probe at once
    probeScript()(); // then the async script arrives, with the marker cookie set (test setup)
    expect(window.__lpSessionProbe).toBeNull();
    expect((await refreshed)?.accessToken).toBe('early.token');
    expect(callsTo(fetchMock, 'POST /api/auth/refresh')).toHaveLength(1);
  });

  it("answers the probe's refusal as the API would (401: signed out), without posting again", async () => {
    const fetchMock = installFetch({});
    const err = await authApi
      .fromProbe(Promise.resolve(jsonResponse({ status: 401, body: errorBody(401, 'Session expired') })))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks again when the probe failed on the way (network, 503)', async () => {
    expect(await authApi.fromProbe(Promise.reject(new TypeError('offline')))).toBeNull();
    expect(await authApi.fromProbe(Promise.resolve(jsonResponse({ status: 503, body: {} })))).toBeNull();
    const fetchMock = installFetch({ 'POST /api/auth/refresh': { body: SESSION } });
    window.__lpSessionProbe = Promise.resolve(jsonResponse({ status: 503, body: {} }));
    expect((await new SessionController({ locks: fakeLocks() }).refresh())?.accessToken).toBe('early.token');
    expect(callsTo(fetchMock, 'POST /api/auth/refresh')).toHaveLength(1);
  });

  it('the script posts the refresh under the refresh lock, only when this browser holds a session', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse({ body: SESSION })));
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.clear();
    const none = vi.spyOn(document, 'cookie', 'get').mockReturnValue('other=2');
    probeScript()();
    none.mockRestore();
    expect(fetchMock).not.toHaveBeenCalled(); // no marker cookie, no hint
    expect(window.__lpSessionProbe).toBeUndefined();

    const locks = fakeLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    const cookie = vi.spyOn(document, 'cookie', 'get').mockReturnValue('other=2; lp_session=1');
    try {
      probeScript()();
      expect(locks.request).toHaveBeenCalledWith('lp.auth.refresh', expect.any(Function));
      await vi.waitFor(() =>
        expect(fetchMock).toHaveBeenCalledWith('/api/auth/refresh', expect.objectContaining({ method: 'POST' })),
      );
      const probe = takeSessionProbe();
      expect(probe).not.toBeNull();
      expect((await authApi.fromProbe(probe!))?.accessToken).toBe('early.token');
    } finally {
      cookie.mockRestore();
    }
  });
});
