/**
 * The sign-in/refresh protocol both UIs follow. Refresh tokens rotate on every use and a reused one
 * revokes its whole session (DESIGN.md), and the learner site and the Studio share one refresh cookie, so
 * the two must agree on how a refresh is made: never two at once in a tab (one promise in flight) nor
 * across tabs of the origin (one Web Lock name), when to refresh, and what a failed refresh means.
 */

/** The Web Lock every tab of the origin, learner site or Studio, takes around a refresh. */
export const REFRESH_LOCK_NAME = 'lp.auth.refresh';

export const REFRESH_PATH = '/api/auth/refresh';

/** The session is checked every 30 seconds (spec) … */
export const REFRESH_CHECK_INTERVAL_MS = 30_000;
/** … and refreshed when fewer than 3 checks remain before the access token expires. */
export const REFRESH_MIN_REMAINING_CHECKS = 3;

/** 502, 503 and 504 are transient (a proxy, a restart): the spec's retryable statuses. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
/** Total tries of a call including the first: waits 200, 400 and 800 ms between them. */
export const MAX_ATTEMPTS = 4;
export const RETRY_BASE_DELAY_MS = 200;

/** The wait before retry number `retryIndex` (0 for the first retry). */
export function retryDelay(retryIndex: number): number {
  return RETRY_BASE_DELAY_MS * 2 ** retryIndex;
}

/** Whether a call answered `status` on try number `attempt` (0-based) is tried again. */
export function shouldRetry(status: number, attempt: number): boolean {
  return RETRYABLE_STATUSES.has(status) && attempt < MAX_ATTEMPTS - 1;
}

export function shouldRefresh(
  expiresAt: number | null,
  now: number,
  intervalMs: number = REFRESH_CHECK_INTERVAL_MS,
  minRemainingChecks: number = REFRESH_MIN_REMAINING_CHECKS,
): boolean {
  if (expiresAt === null || !Number.isFinite(expiresAt)) return false;
  return expiresAt - now < intervalMs * minRemainingChecks;
}

/**
 * What a refresh that did not answer a session means. A client error says the cookie is not (or no
 * longer) a session: signed out. Anything else (offline, a restart, 5xx, 408, 429) says nothing about the
 * session: keep what still works and try again at the next check.
 */
export function refreshFailure(status: number): 'signed-out' | 'unavailable' {
  return status >= 400 && status < 500 && status !== 408 && status !== 429 ? 'signed-out' : 'unavailable';
}

/** Wraps an async function so concurrent callers share the one call in flight. */
export function singleFlight<T>(fn: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    inFlight ??= fn().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

/** The origin's Web Locks, when the browser has them. */
export function browserLocks(): LockManager | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

/** Runs `task` holding the refresh lock (or directly, without Web Locks). */
export function withRefreshLock<T>(task: () => Promise<T>, locks: LockManager | null = browserLocks()): Promise<T> {
  return locks ? locks.request(REFRESH_LOCK_NAME, task) : task();
}

/**
 * One refresh at a time in this tab and across the origin's tabs: concurrent callers share the call in
 * flight, which runs `request` under the refresh lock.
 */
export function refresher<T>(request: () => Promise<T>, locks: LockManager | null = browserLocks()): () => Promise<T> {
  return singleFlight(() => withRefreshLock(request, locks));
}
