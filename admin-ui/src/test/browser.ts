import { vi } from 'vitest';

import type { Session } from '../providers/authProvider';

/**
 * jsdom cannot leave the page, so the two calls that start a full page load are recorded
 * instead. Everything else reads the real jsdom location, which react-router keeps moving.
 */
export function stubLocation(path: string) {
  window.history.replaceState(null, '', path);
  const real = window.location;
  const assign = vi.fn<(url: string) => void>();
  const replace = vi.fn<(url: string) => void>();
  vi.stubGlobal('location', {
    get href() { return real.href; },
    get origin() { return real.origin; },
    get protocol() { return real.protocol; },
    get host() { return real.host; },
    get hostname() { return real.hostname; },
    get port() { return real.port; },
    get pathname() { return real.pathname; },
    get search() { return real.search; },
    get hash() { return real.hash; },
    assign,
    replace,
    reload: vi.fn(),
    toString: () => real.href,
  });
  return { assign, replace };
}

export function makeSession(
  roles: string[],
  { token = 'access-1', expiresInMs = 15 * 60_000 }: { token?: string; expiresInMs?: number } = {},
): Session {
  return {
    accessToken: token,
    expiresAt: Date.now() + expiresInMs,
    user: {
      id: 'user-1',
      email: 'author@example.com',
      roles,
      emailVerified: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

type Reply = Response | (() => Response | Promise<Response>);

export const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });

export const apiError = (statusCode: number, message: string) =>
  json({ statusCode, error: statusCode === 401 ? 'Unauthorized' : 'Forbidden', message }, { status: statusCode });

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

/**
 * Replaces fetch with a small server: `routes['POST /api/auth/refresh']` answers that call,
 * a list of replies is used one per call (the last one repeats). Unknown calls fail the test.
 */
export function mockFetch(routes: Record<string, Reply | Reply[]>) {
  const calls: RecordedCall[] = [];
  const served = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    calls.push({
      method,
      path: url.pathname + url.search,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      credentials: init.credentials,
    });
    const route = routes[key];
    if (!route) throw new Error(`Unexpected fetch: ${key}`);
    const replies = Array.isArray(route) ? route : [route];
    const index = served.get(key) ?? 0;
    served.set(key, index + 1);
    const reply = replies[Math.min(index, replies.length - 1)];
    return typeof reply === 'function' ? reply() : reply.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter(call => call.method === method && call.path.split('?')[0] === path),
  };
}

/** Fresh provider modules, so the in-memory session of one test never leaks into the next. */
export async function loadProviders() {
  vi.resetModules();
  const auth = await import('../providers/authProvider');
  const data = await import('../providers/dataProvider');
  return { ...auth, ...data };
}

/** Lets pending fetch replies and their body reads finish (a real macrotask, not a fake one). */
export const settle = () => new Promise<void>(resolve => setTimeout(resolve, 20));

/** Whether a promise has settled once pending work has had the chance to finish. */
export async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => { settled = true; },
    () => { settled = true; },
  );
  await settle();
  return settled;
}
