import { vi, type Mock } from 'vitest';
import type { Session } from '../api';

export interface MockRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = MockReply | ((req: MockRequest) => MockReply | Promise<MockReply>);

export function jsonResponse({ status = 200, body, headers = {} }: MockReply): Response {
  if (status === 204 || body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function errorBody(statusCode: number, message: string) {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[statusCode] ?? 'Error';
  return { statusCode, error, message };
}

const inFlight = new WeakMap<Mock<typeof fetch>, number>();

/**
 * Installs a fetch that answers by "METHOD /path" (query ignored). Unknown routes answer 404
 * like the API would. Returns the mock so tests can inspect calls.
 */
export function installFetch(handlers: Record<string, Handler>): Mock<typeof fetch> {
  const mock: Mock<typeof fetch> = vi.fn<typeof fetch>(async (input, init) => {
    inFlight.set(mock, (inFlight.get(mock) ?? 0) + 1);
    try {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const headers = new Headers(init?.headers);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const handler = handlers[`${method} ${url.pathname}`];
      if (!handler) return jsonResponse({ status: 404, body: errorBody(404, `Cannot ${method} ${url.pathname}`) });
      const reply = typeof handler === 'function' ? await handler({ url, method, headers, body }) : handler;
      return jsonResponse(reply);
    } finally {
      inFlight.set(mock, (inFlight.get(mock) ?? 1) - 1);
    }
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/**
 * Requests made through the mock that have not been answered yet. Waiting for 0 after the page
 * settled proves a request did not happen, without guessing how long it might take to show up.
 */
export function pendingRequests(mock: Mock<typeof fetch>): number {
  return inFlight.get(mock) ?? 0;
}

/** Calls made to one "METHOD /path". */
export function callsTo(mock: Mock<typeof fetch>, key: string): MockRequest[] {
  return mock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      method: (init?.method ?? 'GET').toUpperCase(),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }))
    .filter((r) => `${r.method} ${r.url.pathname}` === key);
}

/** What login and refresh answer (typed from the OpenAPI document). */
export function session(email = 'ada@example.com', roles: string[] = ['learner'], expiresInMs = 15 * 60_000): Session {
  return {
    accessToken: `token-for-${email}`,
    expiresAt: Date.now() + expiresInMs,
    user: {
      id: 'u-1',
      email,
      roles: roles as Session['user']['roles'],
      emailVerified: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      name: null,
    },
  };
}

/** Never settles: keeps a request pending to observe in-flight UI states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
