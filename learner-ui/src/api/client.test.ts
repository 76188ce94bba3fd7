import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, errorBody, installFetch, jsonResponse } from '../test/fetch-mock';
import {
  apiRequest,
  api,
  configureApiClient,
  isAuthPage,
  isUnauthorizedExempt,
  MAX_ATTEMPTS,
  retryDelay,
} from './client';
import { ApiError, errorMessage } from './errors';
import { accessToken } from './token';

describe('request basics', () => {
  it('sends JSON with a content type, and the bearer token when there is one', async () => {
    const fetchMock = installFetch({ 'POST /api/notes': { status: 201, body: { id: 'n1' } } });
    accessToken.set('abc.def', Date.now() + 60_000);

    const result = await api.post<{ id: string }>('/api/notes', { subjectId: 'metabolic', text: 'hi' });

    expect(result).toEqual({ id: 'n1' });
    const [call] = callsTo(fetchMock, 'POST /api/notes');
    expect(call.headers.get('content-type')).toBe('application/json');
    expect(call.headers.get('authorization')).toBe('Bearer abc.def');
    expect(call.body).toEqual({ subjectId: 'metabolic', text: 'hi' });
    expect(fetchMock.mock.calls[0][1]?.credentials).toBe('same-origin');
  });

  it('sends no Authorization header when signed out and no content type without a body', async () => {
    const fetchMock = installFetch({ 'POST /api/auth/refresh': { status: 401, body: errorBody(401, 'x') } });
    await expect(api.post('/api/auth/refresh')).rejects.toBeInstanceOf(ApiError);
    const [call] = callsTo(fetchMock, 'POST /api/auth/refresh');
    expect(call.headers.has('authorization')).toBe(false);
    expect(call.headers.has('content-type')).toBe(false);
  });

  it('builds query strings and skips empty values', async () => {
    const fetchMock = installFetch({ 'GET /api/subjects': { body: [] } });
    await api.get('/api/subjects', { query: { detailed: true, q: undefined, n: null, page: 2 } });
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/subjects?detailed=true&page=2');
  });

  it('returns undefined for 204', async () => {
    installFetch({ 'POST /api/auth/logout': { status: 204 } });
    await expect(api.post('/api/auth/logout')).resolves.toBeUndefined();
  });

  it("throws errors carrying the server's message and status", async () => {
    installFetch({ 'POST /api/auth/login': { status: 401, body: errorBody(401, 'Invalid email or password') } });
    const err = await api.post('/api/auth/login', { email: 'a@b.c', password: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Invalid email or password');
    expect((err as ApiError).serverMessage).toBe('Invalid email or password');
    expect((err as ApiError).status).toBe(401);
    expect(errorMessage(err, 'fallback')).toBe('Invalid email or password');
  });

  it('joins validation message arrays', async () => {
    installFetch({ 'POST /api/x': { status: 400, body: { statusCode: 400, message: ['a is bad', 'b is bad'] } } });
    await expect(api.post('/api/x', {})).rejects.toThrow('a is bad. b is bad');
  });

  it('falls back when the error has no message', async () => {
    installFetch({ 'GET /api/x': { status: 418, body: undefined } });
    const err = await api.get('/api/x').catch((e: unknown) => e);
    expect((err as ApiError).serverMessage).toBeUndefined();
    expect(errorMessage(err, 'Invalid credentials')).toBe('Invalid credentials');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = await api.get('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
  });
});

describe('the 401 rule', () => {
  let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
  let pathname: string;

  beforeEach(() => {
    onUnauthorized = vi.fn<() => void>();
    pathname = '/dashboard';
    configureApiClient({ onUnauthorized, currentPathname: () => pathname });
  });

  const unauthorized = { status: 401, body: errorBody(401, 'Unauthorized') };

  it('signs out on a 401 from an ordinary call', async () => {
    installFetch({ 'GET /api/entitlements': unauthorized });
    await expect(api.get('/api/entitlements')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('also applies to GET /api/auth/session', async () => {
    installFetch({ 'GET /api/auth/session': unauthorized });
    await expect(api.get('/api/auth/session')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it.each([
    '/api/auth/login',
    '/api/auth/register',
    '/api/auth/request-reset',
    '/api/auth/reset',
    '/api/auth/request-verify',
    '/api/auth/verify',
    '/api/auth/refresh',
  ])('does not sign out on a 401 from %s', async (path) => {
    installFetch({ [`POST ${path}`]: unauthorized });
    await expect(api.post(path, {})).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each(['/login', '/register', '/request-reset', '/forgot', '/verify', '/reset', '/reset-password', '/login/'])(
    'does not sign out while the user is on %s',
    async (page) => {
      pathname = page;
      installFetch({ 'GET /api/entitlements': unauthorized });
      await expect(api.get('/api/entitlements')).rejects.toMatchObject({ status: 401 });
      expect(onUnauthorized).not.toHaveBeenCalled();
    },
  );

  it('still signs out on pages that merely start like an account page', async () => {
    pathname = '/loginx';
    installFetch({ 'GET /api/entitlements': unauthorized });
    await expect(api.get('/api/entitlements')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('ignores other statuses', async () => {
    installFetch({ 'GET /api/entitlements': { status: 403, body: errorBody(403, 'Forbidden resource') } });
    await expect(api.get('/api/entitlements')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('matches exempt endpoints by path, ignoring the query', () => {
    expect(isUnauthorizedExempt('/api/auth/verify?x=1')).toBe(true);
    expect(isUnauthorizedExempt('/api/auth/logout')).toBe(false);
    expect(isUnauthorizedExempt('/api/auth/session')).toBe(false);
    expect(isUnauthorizedExempt('/api/auth/login-history')).toBe(false);
    expect(isAuthPage('/reset-password')).toBe(true);
    expect(isAuthPage('/dashboard')).toBe(false);
  });
});

describe('refreshing an already expired token first', () => {
  it('asks for a fresh token before an authenticated call when the token has expired', async () => {
    accessToken.set('old', Date.now() - 1000);
    const refreshExpiredToken = vi.fn(async () => {
      accessToken.set('new', Date.now() + 60_000);
    });
    configureApiClient({ refreshExpiredToken });
    const fetchMock = installFetch({ 'GET /api/entitlements': { body: [] } });

    await api.get('/api/entitlements');

    expect(refreshExpiredToken).toHaveBeenCalledTimes(1);
    expect(callsTo(fetchMock, 'GET /api/entitlements')[0].headers.get('authorization')).toBe('Bearer new');
  });

  it('does not for a token that is still valid', async () => {
    accessToken.set('ok', Date.now() + 60_000);
    const refreshExpiredToken = vi.fn(async () => {});
    configureApiClient({ refreshExpiredToken });
    installFetch({ 'GET /api/entitlements': { body: [] } });
    await api.get('/api/entitlements');
    expect(refreshExpiredToken).not.toHaveBeenCalled();
  });
});

describe('retrying 502, 503 and 504', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses exponential backoff starting at 200 ms', () => {
    expect([0, 1, 2].map(retryDelay)).toEqual([200, 400, 800]);
  });

  it.each([502, 503, 504])('retries a %i and returns the later success', async (status) => {
    const replies = [
      { status, body: errorBody(status, 'busy') },
      { status, body: errorBody(status, 'busy') },
      { status: 200, body: { ok: true } },
    ];
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(replies.shift()!));
    vi.stubGlobal('fetch', fetchMock);

    const promise = apiRequest<{ ok: boolean }>('/api/graph');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // The first retry waits 200 ms, not less.
    await vi.advanceTimersByTimeAsync(199);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // The second waits 400 ms.
    await vi.advanceTimersByTimeAsync(399);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    await expect(promise).resolves.toEqual({ ok: true });
  });

  it('gives up after a few tries and throws the last error', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse({ status: 503, body: errorBody(503, 'Service Unavailable') }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const promise = apiRequest('/api/graph').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(200 + 400 + 800 + 1600);
    const err = await promise;

    expect(fetchMock).toHaveBeenCalledTimes(MAX_ATTEMPTS);
    expect(MAX_ATTEMPTS).toBeGreaterThanOrEqual(3);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(503);
    expect((err as ApiError).message).toBe('Service Unavailable');
  });

  it.each([500, 400, 404, 429])('does not retry a %i', async (status) => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ status, body: errorBody(status, 'no') }));
    vi.stubGlobal('fetch', fetchMock);
    const promise = apiRequest('/api/graph').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await promise).toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stops retrying when the caller aborts', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ status: 502, body: errorBody(502, 'x') }));
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const promise = apiRequest('/api/graph', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await vi.advanceTimersByTimeAsync(5000);
    await promise;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
