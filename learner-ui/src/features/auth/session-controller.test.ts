import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessToken, ApiError } from '../../api';
import type { Session } from '../../api';
import { deferred, session } from '../../test/fetch-mock';
import { REFRESH_CHECK_INTERVAL_MS, shouldRefresh, singleFlight } from '@lp/shared/auth';
import { SessionController, type SessionControllerOptions } from './session-controller';
import { SESSION_HINT_KEY } from './session-storage';

type Api = NonNullable<SessionControllerOptions['api']>;

function fakeApi(overrides: Partial<Api> = {}): Api {
  return {
    login: vi.fn(),
    register: vi.fn(),
    refresh: vi.fn(),
    logout: vi.fn(async () => undefined),
    requestReset: vi.fn(),
    resetPassword: vi.fn(),
    requestVerify: vi.fn(),
    verify: vi.fn(),
    ...overrides,
  } as Api;
}

const unauthorized = () => new ApiError(401, 'Auth session missing!');

describe('shouldRefresh (check every 30 s, refresh when fewer than 3 checks remain)', () => {
  const now = 1_000_000;

  it('checks every 30 seconds', () => {
    expect(REFRESH_CHECK_INTERVAL_MS).toBe(30_000);
  });

  it.each([
    [15 * 60_000, false],
    [91_000, false],
    [90_000, false], // exactly three checks left
    [89_999, true],
    [60_000, true],
    [1, true],
    [0, true],
    [-5_000, true], // already expired
  ])('expires in %i ms → refresh %s', (remaining, expected) => {
    expect(shouldRefresh(now + remaining, now)).toBe(expected);
  });

  it('never refreshes without an expiry', () => {
    expect(shouldRefresh(null, now)).toBe(false);
    expect(shouldRefresh(Number.NaN, now)).toBe(false);
  });

  it('follows the interval and the number of checks', () => {
    expect(shouldRefresh(now + 50_000, now, 10_000, 5)).toBe(false);
    expect(shouldRefresh(now + 49_999, now, 10_000, 5)).toBe(true);
  });
});

describe('singleFlight', () => {
  it('shares one call between concurrent callers and allows a new one afterwards', async () => {
    const d = deferred<number>();
    const fn = vi.fn(() => d.promise);
    const shared = singleFlight(fn);
    const a = shared();
    const b = shared();
    expect(a).toBe(b);
    expect(fn).toHaveBeenCalledTimes(1);
    d.resolve(7);
    await expect(a).resolves.toBe(7);
    fn.mockImplementation(() => Promise.resolve(8));
    await expect(shared()).resolves.toBe(8);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('clears the shared call after a failure', async () => {
    const fn = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce('ok');
    const shared = singleFlight(fn as () => Promise<string>);
    await expect(shared()).rejects.toThrow('boom');
    await expect(shared()).resolves.toBe('ok');
  });
});

describe('SessionController', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts loading, with the remembered user from lp.session', () => {
    window.localStorage.setItem(SESSION_HINT_KEY, JSON.stringify({ email: 'ada@example.com', roles: ['studio'] }));
    const controller = new SessionController({ api: fakeApi(), locks: null });
    expect(controller.getSnapshot()).toEqual({
      status: 'loading',
      user: { email: 'ada@example.com', roles: ['studio'] },
      expiresAt: null,
    });
  });

  it('a first visit (no marker cookie, no hint) is signed out at once, without asking the server', async () => {
    document.cookie = 'lp_session=; Max-Age=0; Path=/';
    const api = fakeApi({ refresh: vi.fn(async () => Promise.reject(unauthorized())) });
    const controller = new SessionController({ api, locks: null });
    await controller.start();
    controller.stop();
    expect(api.refresh).not.toHaveBeenCalled();
    expect(controller.getSnapshot()).toEqual({ status: 'anonymous', user: null, expiresAt: null });
  });

  it('probes when only the local-storage hint is there (a browser signed in before the marker existed)', async () => {
    document.cookie = 'lp_session=; Max-Age=0; Path=/';
    window.localStorage.setItem(SESSION_HINT_KEY, JSON.stringify({ email: 'ada@example.com', roles: ['learner'] }));
    const api = fakeApi({ refresh: vi.fn(async () => session('ada@example.com')) });
    const controller = new SessionController({ api, locks: null });
    await controller.start();
    controller.stop();
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot().status).toBe('authenticated');
  });

  it('a refused probe signs out and clears the marker, so the next load does not ask again', async () => {
    const api = fakeApi({ refresh: vi.fn(async () => Promise.reject(unauthorized())) });
    const controller = new SessionController({ api, locks: null });
    expect(document.cookie).toContain('lp_session=1');
    await controller.start();
    controller.stop();
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot().status).toBe('anonymous');
    expect(document.cookie).not.toContain('lp_session=1');
  });

  it('probes with refresh on start: a session signs in, keeping the token in memory only', async () => {
    const s = session('ada@example.com', ['learner', 'studio']);
    const api = fakeApi({ refresh: vi.fn(async () => s) });
    const controller = new SessionController({ api, locks: null });

    await controller.start();
    controller.stop();

    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot().status).toBe('authenticated');
    expect(controller.getSnapshot().user?.email).toBe('ada@example.com');
    expect(accessToken.get()).toBe(s.accessToken);
    const stored = window.localStorage.getItem(SESSION_HINT_KEY)!;
    expect(JSON.parse(stored)).toEqual({ email: 'ada@example.com', roles: ['learner', 'studio'] });
    expect(stored).not.toContain(s.accessToken);
  });

  it('a 401 from the probe means signed out and clears the hint', async () => {
    window.localStorage.setItem(SESSION_HINT_KEY, JSON.stringify({ email: 'ada@example.com', roles: [] }));
    const api = fakeApi({ refresh: vi.fn(async () => Promise.reject(unauthorized())) });
    const controller = new SessionController({ api, locks: null });

    await controller.start();
    controller.stop();

    expect(controller.getSnapshot()).toEqual({ status: 'anonymous', user: null, expiresAt: null });
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
  });

  it('an unreachable server at start-up shows the signed-out site', async () => {
    const api = fakeApi({ refresh: vi.fn(async () => Promise.reject(new ApiError(0))) });
    const controller = new SessionController({ api, locks: null });
    await controller.start();
    controller.stop();
    expect(controller.getSnapshot().status).toBe('anonymous');
  });

  it('start is idempotent: a second start (StrictMode) shares the first probe', async () => {
    const api = fakeApi({ refresh: vi.fn(async () => session()) });
    const controller = new SessionController({ api, locks: null });
    const first = controller.start();
    controller.stop();
    const second = controller.start();
    await Promise.all([first, second]);
    controller.stop();
    expect(api.refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes on the 30 s tick once fewer than 3 checks remain before expiry', async () => {
    // Token valid for 3 minutes: checks at 30, 60, 90 s leave 150, 120, 90 s (no refresh);
    // the check at 120 s leaves 60 s, fewer than three checks, so it refreshes.
    const first: Session = { ...session(), expiresAt: Date.now() + 180_000 };
    const refresh = vi
      .fn<() => Promise<Session>>()
      .mockResolvedValueOnce(first)
      .mockImplementation(async () => ({ ...session(), accessToken: 'second', expiresAt: Date.now() + 180_000 }));
    const controller = new SessionController({ api: fakeApi({ refresh }), locks: null });
    await controller.start();
    expect(refresh).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(accessToken.get()).toBe('second');
    expect(controller.getSnapshot().expiresAt).toBe(Date.now() + 180_000);
    controller.stop();
  });

  it('does not refresh on ticks while signed out', async () => {
    const refresh = vi.fn(async () => Promise.reject(unauthorized()));
    const controller = new SessionController({ api: fakeApi({ refresh }), locks: null });
    await controller.start();
    await vi.advanceTimersByTimeAsync(10 * 30_000);
    controller.stop();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps only one refresh in flight', async () => {
    const d = deferred<Session>();
    const refresh = vi.fn(() => d.promise);
    const controller = new SessionController({ api: fakeApi({ refresh }), locks: null });
    const a = controller.refresh();
    const b = controller.refresh();
    const c = controller.refresh();
    expect(refresh).toHaveBeenCalledTimes(1);
    d.resolve(session());
    await Promise.all([a, b, c]);
    expect(controller.getSnapshot().status).toBe('authenticated');
  });

  it('serialises refreshes across tabs with a Web Lock when available', async () => {
    const request = vi.fn(async (_name: string, cb: () => Promise<unknown>) => cb());
    const locks = { request } as unknown as LockManager;
    const controller = new SessionController({ api: fakeApi({ refresh: vi.fn(async () => session()) }), locks });
    await controller.refresh();
    expect(request).toHaveBeenCalledWith('lp.auth.refresh', expect.any(Function));
  });

  it('a failing refresh later on signs out on 401 but survives a transient error', async () => {
    const refresh = vi
      .fn<() => Promise<Session>>()
      .mockResolvedValueOnce(session())
      .mockRejectedValueOnce(new ApiError(503, 'Service Unavailable'))
      .mockRejectedValueOnce(new ApiError(401, 'Invalid refresh token'));
    const controller = new SessionController({ api: fakeApi({ refresh }), locks: null });
    await controller.start();
    controller.stop();

    await expect(controller.refresh()).rejects.toMatchObject({ status: 503 });
    expect(controller.getSnapshot().status).toBe('authenticated');

    await expect(controller.refresh()).resolves.toBeNull();
    expect(controller.getSnapshot().status).toBe('anonymous');
    expect(accessToken.get()).toBeNull();
  });

  it('login stores the session; logout revokes and clears even when the server call fails', async () => {
    const api = fakeApi({
      login: vi.fn(async () => ({ ...session('grace@example.com', []), pendingCheckout: null })),
      logout: vi.fn(async () => Promise.reject(new ApiError(0))),
    });
    const controller = new SessionController({ api, locks: null });
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});

    const { user, pendingCheckout } = await controller.login('grace@example.com', 'secret1');
    expect(user.email).toBe('grace@example.com');
    expect(user.name).toBeNull();
    expect(pendingCheckout).toBeNull();
    expect(accessToken.get()).toBe('token-for-grace@example.com');
    expect(JSON.parse(window.localStorage.getItem(SESSION_HINT_KEY)!)).toEqual({
      email: 'grace@example.com',
      roles: [],
    });

    await controller.logout();
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(errorSpy).toHaveBeenCalled();
    expect(controller.getSnapshot().status).toBe('anonymous');
    expect(accessToken.get()).toBeNull();
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
  });

  it('a password reset ends the local session too', async () => {
    const api = fakeApi({
      login: vi.fn(async () => ({ ...session(), pendingCheckout: null })),
      resetPassword: vi.fn(async () => ({ message: 'Password updated' })),
    });
    const controller = new SessionController({ api, locks: null });
    await controller.login('ada@example.com', 'secret1');
    await controller.resetPassword('tok', 'newsecret');
    expect(api.resetPassword).toHaveBeenCalledWith('tok', 'newsecret');
    expect(controller.getSnapshot().status).toBe('anonymous');
  });

  it('follows a sign-out in another tab', async () => {
    const controller = new SessionController({ api: fakeApi({ refresh: vi.fn(async () => session()) }), locks: null });
    await controller.start();
    window.localStorage.removeItem(SESSION_HINT_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_HINT_KEY, newValue: null }));
    controller.stop();
    expect(controller.getSnapshot().status).toBe('anonymous');
  });
});
