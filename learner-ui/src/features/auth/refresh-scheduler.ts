/** The session is checked every 30 seconds ... */
export const REFRESH_CHECK_INTERVAL_MS = 30_000;
/** ... and refreshed when fewer than 3 checks remain before the access token expires. */
export const REFRESH_MIN_REMAINING_CHECKS = 3;

export function shouldRefresh(
  expiresAt: number | null,
  now: number,
  intervalMs: number = REFRESH_CHECK_INTERVAL_MS,
  minRemainingChecks: number = REFRESH_MIN_REMAINING_CHECKS,
): boolean {
  if (expiresAt === null || !Number.isFinite(expiresAt)) return false;
  return expiresAt - now < intervalMs * minRemainingChecks;
}

/** Wraps an async function so concurrent callers share the one call in flight. */
export function singleFlight<T>(fn: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    if (!inFlight) {
      inFlight = fn().finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  };
}
