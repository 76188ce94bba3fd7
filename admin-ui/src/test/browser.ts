import { act } from '@testing-library/react';
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
    get href() {
      return real.href;
    },
    get origin() {
      return real.origin;
    },
    get protocol() {
      return real.protocol;
    },
    get host() {
      return real.host;
    },
    get hostname() {
      return real.hostname;
    },
    get port() {
      return real.port;
    },
    get pathname() {
      return real.pathname;
    },
    get search() {
      return real.search;
    },
    get hash() {
      return real.hash;
    },
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
      // tests name roles as plain strings; the server only ever sends its enum
      roles: roles as Session['user']['roles'],
      emailVerified: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      name: null,
    },
  };
}

type HeldReply = (() => Promise<Response>) & { gate: Promise<void> };
/** A reply function gets the call it answers (an NDJSON run echoes the job id it was sent, say). */
type Reply = Response | ((call: RecordedCall) => Response | Promise<Response>) | HeldReply;

/**
 * A reply that stays pending until `release` is called. `server.idle()` does not wait for a held
 * call until it has been released: the test holds it on purpose.
 */
export function heldReply(response: () => Response) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const reply: HeldReply = Object.assign(
    async () => {
      await gate;
      return response();
    },
    { gate },
  );
  return { reply, release: () => release() };
}

export const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });

export const apiError = (statusCode: number, message: string) =>
  json({ statusCode, error: statusCode === 401 ? 'Unauthorized' : 'Forbidden', message }, { status: statusCode });

/** A ra-data-simple-rest list answer: the records, with the `Content-Range` header react-admin reads the total from. */
export const listReply = (resource: string, records: unknown[], total = records.length) =>
  json(records, {
    headers: {
      'Content-Range': records.length ? `${resource} 0-${records.length - 1}/${total}` : `${resource} */${total}`,
    },
  });

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: string | undefined;
  /** A multipart body (FormData), as sent. */
  form: FormData | undefined;
  credentials: RequestCredentials | undefined;
}

/**
 * Replaces fetch with a small server: `routes['POST /api/auth/refresh']` answers that call,
 * a list of replies is used one per call (the last one repeats). Unknown calls fail the test.
 * `idle()` waits until every call has been answered and the app has gone quiet (no new call
 * while React finishes what the answers started): the condition to wait on before asserting
 * that nothing more happens.
 */
export function mockFetch(routes: Record<string, Reply | Reply[]>) {
  const calls: RecordedCall[] = [];
  const served = new Map<string, number>();
  const inFlight = new Set<Promise<unknown>>();
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    const call: RecordedCall = {
      method,
      path: url.pathname + url.search,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      form: init.body instanceof FormData ? init.body : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    const route = routes[key];
    if (!route) return Promise.reject(new Error(`Unexpected fetch: ${key}`));
    const replies = Array.isArray(route) ? route : [route];
    const index = served.get(key) ?? 0;
    served.set(key, index + 1);
    const reply = replies[Math.min(index, replies.length - 1)];
    const answer = Promise.resolve(typeof reply === 'function' ? reply(call) : reply.clone());
    const answered = answer.then(
      () => undefined,
      () => undefined,
    );
    const track = () => {
      inFlight.add(answered);
      void answered.then(() => inFlight.delete(answered));
    };
    if (typeof reply === 'function' && 'gate' in reply) void reply.gate.then(track);
    else track();
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path.split('?')[0] === path),
    /** Resolves once every call (but a still-held one) is answered and the app has gone quiet. */
    idle: async () => {
      // Quiet = two flushes in a row with nothing in flight and no new call.
      let quiet = 0;
      while (quiet < 2) {
        const before = calls.length;
        await act(async () => {
          // A released held reply joins inFlight one microtask after its release.
          await Promise.resolve();
          await Promise.all(inFlight);
        });
        quiet = inFlight.size === 0 && calls.length === before ? quiet + 1 : 0;
      }
    },
  };
}

/** Fresh provider modules, so the in-memory session of one test never leaks into the next. */
export async function loadProviders() {
  vi.resetModules();
  const auth = await import('../providers/authProvider');
  const http = await import('../providers/httpClient');
  const data = await import('../providers/dataProvider');
  return { ...auth, ...http, ...data };
}

/** Whether a promise has settled once the server is idle (every call answered, the app quiet). */
export async function isSettled(promise: Promise<unknown>, server: { idle: () => Promise<void> }): Promise<boolean> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await server.idle();
  return settled;
}
