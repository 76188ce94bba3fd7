import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  apiError,
  heldReply,
  isSettled,
  json,
  loadProviders,
  makeSession,
  mockFetch,
  stubLocation,
} from '../test/browser';

const STUDIO_ROLES = ['learner', 'studio'];

describe('authProvider', () => {
  beforeEach(() => {
    // Only the refresh timer and the clock are faked; fetch replies still need real ticks.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('checkAuth', () => {
    it('gets a session from POST /api/auth/refresh when no token is in memory, then reuses it', async () => {
      stubLocation('/studio/users');
      const server = mockFetch({ 'POST /api/auth/refresh': json(makeSession(STUDIO_ROLES)) });
      const { authProvider, getAccessToken } = await loadProviders();

      await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
      await authProvider.checkAuth({});

      const refreshes = server.callsTo('POST', '/api/auth/refresh');
      expect(refreshes).toHaveLength(1);
      // The refresh cookie is only sent on same-origin requests.
      expect(refreshes[0].credentials).toBe('same-origin');
      await expect(getAccessToken()).resolves.toBe('access-1');
      await expect(authProvider.getIdentity!()).resolves.toEqual({
        id: 'user-1',
        fullName: 'author@example.com',
      });
    });

    it('sends a signed-out browser to the learner sign-in page with next=/studio/... on a 401', async () => {
      const { assign, replace } = stubLocation('/studio/users?page=2');
      const server = mockFetch({ 'POST /api/auth/refresh': apiError(401, 'Auth session missing!') });
      const { authProvider } = await loadProviders();

      const check = authProvider.checkAuth({});

      // It never settles: the loading spinner stays until the browser has left.
      expect(await isSettled(check, server)).toBe(false);
      expect(assign).toHaveBeenCalledExactlyOnceWith('/login?next=%2Fstudio%2Fusers%3Fpage%3D2');
      expect(replace).not.toHaveBeenCalled();
    });

    it('uses the hub as next target from the Studio root', async () => {
      const { assign } = stubLocation('/studio/');
      const server = mockFetch({ 'POST /api/auth/refresh': apiError(401, 'Invalid refresh token') });
      const { authProvider } = await loadProviders();

      void authProvider.checkAuth({});
      await server.idle();

      expect(assign).toHaveBeenCalledExactlyOnceWith('/login?next=%2Fstudio');
    });

    it('sends a signed-in user without the studio role to the learner /dashboard', async () => {
      const { assign, replace } = stubLocation('/studio/jobs');
      const server = mockFetch({
        'POST /api/auth/refresh': json(makeSession(['learner'])),
        'POST /api/auth/logout': new Response(null, { status: 204 }),
      });
      const { authProvider } = await loadProviders();

      const check = authProvider.checkAuth({});

      expect(await isSettled(check, server)).toBe(false);
      expect(replace).toHaveBeenCalledExactlyOnceWith('/dashboard');
      expect(assign).not.toHaveBeenCalled();

      // react-admin may still call logout while the page unloads: that must not end the
      // learner's session on the learner site.
      await expect(authProvider.logout({})).resolves.toBe(false);
      expect(server.callsTo('POST', '/api/auth/logout')).toHaveLength(0);
      expect(assign).not.toHaveBeenCalled();
    });
  });

  it('logout revokes the session through the API, then loads the learner /login', async () => {
    const { assign } = stubLocation('/studio/versions');
    const server = mockFetch({
      'POST /api/auth/refresh': [json(makeSession(STUDIO_ROLES)), apiError(401, 'Auth session missing!')],
      'POST /api/auth/logout': new Response(null, { status: 204 }),
    });
    const { authProvider, getAccessToken } = await loadProviders();
    await authProvider.checkAuth({});

    await expect(authProvider.logout({})).resolves.toBe(false);

    const logouts = server.callsTo('POST', '/api/auth/logout');
    expect(logouts).toHaveLength(1);
    expect(logouts[0].headers.get('Authorization')).toBe('Bearer access-1');
    expect(logouts[0].credentials).toBe('same-origin');
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
    // The token is gone from memory: the next caller has to ask the server again.
    await expect(getAccessToken()).resolves.toBeNull();
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(2);
  });

  it('getPermissions returns the roles of the session', async () => {
    stubLocation('/studio/');
    mockFetch({ 'POST /api/auth/refresh': json(makeSession(['learner', 'studio', 'admin'])) });
    const { authProvider } = await loadProviders();

    await expect(authProvider.getPermissions!({})).resolves.toEqual(['learner', 'studio', 'admin']);
  });

  it('checkError resolves a 403 (stay on the page); a 401 signs out, loads /login and never settles', async () => {
    const { assign } = stubLocation('/studio/users');
    const server = mockFetch({
      'POST /api/auth/refresh': json(makeSession(STUDIO_ROLES)),
      'POST /api/auth/logout': new Response(null, { status: 204 }),
    });
    const { authProvider } = await loadProviders();
    await authProvider.checkAuth({});

    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    expect(assign).not.toHaveBeenCalled();

    // The call that failed stays pending until the browser has left: no screen acts on it.
    expect(await isSettled(authProvider.checkError({ status: 401 }), server)).toBe(false);
    expect(server.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('login posts the credentials and keeps the returned session in memory', async () => {
    stubLocation('/studio/login');
    const server = mockFetch({
      'POST /api/auth/login': json(makeSession(STUDIO_ROLES, { token: 'from-login' })),
    });
    const { authProvider, getAccessToken } = await loadProviders();

    await authProvider.login({ username: 'author@example.com', password: 'correct horse' });

    const [login] = server.callsTo('POST', '/api/auth/login');
    expect(JSON.parse(login.body!)).toEqual({ email: 'author@example.com', password: 'correct horse' });
    await expect(getAccessToken()).resolves.toBe('from-login');
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('login rejects with the server message', async () => {
    stubLocation('/studio/login');
    mockFetch({ 'POST /api/auth/login': apiError(403, 'Email not confirmed') });
    const { authProvider } = await loadProviders();

    await expect(authProvider.login({ username: 'author@example.com', password: 'correct horse' })).rejects.toThrow(
      'Email not confirmed',
    );
  });

  it('shares one refresh between concurrent callers', async () => {
    stubLocation('/studio/');
    const held = heldReply(() => json(makeSession(STUDIO_ROLES)));
    const server = mockFetch({ 'POST /api/auth/refresh': held.reply });
    const { authProvider, getAccessToken } = await loadProviders();

    const pending = [authProvider.checkAuth({}), getAccessToken(), authProvider.getPermissions!({})];
    // The held refresh is not awaited by idle(): this waits for whatever else the callers started.
    await server.idle();
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);

    held.release();
    await expect(Promise.all(pending)).resolves.toEqual([undefined, 'access-1', STUDIO_ROLES]);
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('refreshes on the 30-second timer once fewer than 3 checks remain before expiresAt', async () => {
    stubLocation('/studio/');
    const server = mockFetch({
      'POST /api/auth/refresh': [
        json(makeSession(STUDIO_ROLES, { token: 'first', expiresInMs: 5 * 60_000 })),
        () => json(makeSession(STUDIO_ROLES, { token: 'second', expiresInMs: 5 * 60_000 })),
      ],
    });
    const { authProvider, getAccessToken } = await loadProviders();
    await authProvider.checkAuth({});
    const refreshes = () => server.callsTo('POST', '/api/auth/refresh').length;

    // 300 s of validity: at the check at 210 s exactly 3 checks (90 s) remain, so no refresh yet.
    await vi.advanceTimersByTimeAsync(210_000);
    await server.idle();
    expect(refreshes()).toBe(1);
    await expect(getAccessToken()).resolves.toBe('first');

    // At 240 s only 2 checks remain: one refresh, and the new token replaces the old one.
    await vi.advanceTimersByTimeAsync(30_000);
    await server.idle();
    expect(refreshes()).toBe(2);
    await expect(getAccessToken()).resolves.toBe('second');

    // The new token is good for another 300 s, so the next checks leave it alone.
    await vi.advanceTimersByTimeAsync(120_000);
    await server.idle();
    expect(refreshes()).toBe(2);
  });

  it('stops the timer after logout', async () => {
    stubLocation('/studio/');
    const server = mockFetch({
      'POST /api/auth/refresh': json(makeSession(STUDIO_ROLES, { expiresInMs: 60_000 })),
      'POST /api/auth/logout': new Response(null, { status: 204 }),
    });
    const { authProvider } = await loadProviders();
    await authProvider.checkAuth({});
    await authProvider.logout({});

    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await server.idle();

    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });
});
