import { retryDelay, shouldRetry } from '@lp/shared/auth';
import { ApiError, messageFromBody } from './errors';
import { accessToken } from './token';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

// The retry rule (502/503/504, four tries, waits doubling from 200 ms) is the one both UIs share.
export { MAX_ATTEMPTS, RETRYABLE_STATUSES, retryDelay } from '@lp/shared/auth';

/**
 * Calls whose 401 means "wrong credentials or token in the form", not "your session ended".
 * Refresh is the sign-in probe at start-up, so its 401 simply means signed out.
 */
export const UNAUTHORIZED_EXEMPT_PATHS: readonly string[] = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/request-reset',
  '/api/auth/reset',
  '/api/auth/request-verify',
  '/api/auth/verify',
  '/api/auth/refresh',
];

/** Pages on which a 401 never redirects: the visitor is already dealing with the account. */
export const AUTH_PAGE_PATHS: readonly string[] = [
  '/login',
  '/register',
  '/request-reset',
  '/forgot',
  '/verify',
  '/reset',
  '/reset-password',
];

function stripTrailingSlashes(path: string): string {
  const stripped = path.replace(/\/+$/, '');
  return stripped === '' ? '/' : stripped;
}

export function isUnauthorizedExempt(path: string): boolean {
  const pathname = stripTrailingSlashes(path.split(/[?#]/, 1)[0] ?? '');
  return UNAUTHORIZED_EXEMPT_PATHS.includes(pathname);
}

export function isAuthPage(pathname: string): boolean {
  return AUTH_PAGE_PATHS.includes(stripTrailingSlashes(pathname));
}

export interface ClientHooks {
  /** Called when the 401 rule applies: sign out locally and go to /login. */
  onUnauthorized: () => void;
  /** Where the user is now; the 401 rule does not fire on the account pages. */
  currentPathname: () => string;
  /**
   * Called before an authenticated call when the access token has already expired
   * (a laptop waking from sleep before the refresh timer ran), so the call does not 401.
   */
  refreshExpiredToken: (() => Promise<unknown>) | null;
}

const defaultHooks: ClientHooks = {
  onUnauthorized: () => {},
  currentPathname: () => (typeof window === 'undefined' ? '/' : window.location.pathname),
  refreshExpiredToken: null,
};

let hooks: ClientHooks = { ...defaultHooks };

/** Installs the auth hooks; returns a function that restores the previous ones. */
export function configureApiClient(next: Partial<ClientHooks>): () => void {
  const previous = hooks;
  hooks = { ...hooks, ...next };
  return () => {
    hooks = previous;
  };
}

export function resetApiClient(): void {
  hooks = { ...defaultHooks };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return path + (path.includes('?') ? '&' : '?') + qs;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function isAuthEndpoint(path: string): boolean {
  return path.startsWith('/api/auth/');
}

/**
 * The one way the learner site talks to the API: JSON in and out, bearer token when signed in,
 * no timeout, retries on 502/503/504 with exponential backoff, and the 401 rule.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const url = buildUrl(path, query);

  if (!isAuthEndpoint(path) && hooks.refreshExpiredToken) {
    const expiry = accessToken.expiresAt();
    if (accessToken.get() && expiry !== null && expiry <= Date.now()) {
      try {
        await hooks.refreshExpiredToken();
      } catch {
        // The call below answers 401 and the 401 rule takes over.
      }
    }
  }

  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    // A body-less request with a JSON content type is refused by Fastify, so only say JSON when sending JSON.
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = accessToken.get();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new ApiError(0, undefined, err);
    }

    if (shouldRetry(response.status, attempt)) {
      await sleep(retryDelay(attempt), signal);
      continue;
    }

    return readResult<T>(path, response);
  }
}

/** A response as `apiRequest` answers it: the body when OK, else an ApiError (and the 401 rule). */
export async function readResult<T>(path: string, response: Response): Promise<T> {
  const data = await readBody(response);
  if (response.ok) return data as T;

  if (response.status === 401 && !isUnauthorizedExempt(path) && !isAuthPage(hooks.currentPathname())) {
    hooks.onUnauthorized();
  }
  throw new ApiError(response.status, messageFromBody(data), data);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
