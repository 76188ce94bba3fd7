import { describe, expect, it, vi } from 'vitest';
import {
  MAX_ATTEMPTS,
  REFRESH_LOCK_NAME,
  refreshFailure,
  refresher,
  retryDelay,
  shouldRefresh,
  shouldRetry,
} from '../src/auth';

describe('the shared sign-in/refresh protocol', () => {
  it.each([
    [91_000, false],
    [90_000, false],
    [89_999, true],
    [0, true],
  ])('a token expiring in %i ms is refreshed: %s (checks every 30 s, fewer than 3 left)', (left, expected) => {
    expect(shouldRefresh(1_000_000 + left, 1_000_000)).toBe(expected);
  });

  it('retries 502, 503 and 504 up to 4 tries with doubling waits from 200 ms, nothing else', () => {
    expect([502, 503, 504].map((s) => shouldRetry(s, 0))).toEqual([true, true, true]);
    expect([500, 401, 429, 200].map((s) => shouldRetry(s, 0))).toEqual([false, false, false, false]);
    expect(shouldRetry(503, MAX_ATTEMPTS - 2)).toBe(true);
    expect(shouldRetry(503, MAX_ATTEMPTS - 1)).toBe(false);
    expect([0, 1, 2].map(retryDelay)).toEqual([200, 400, 800]);
  });

  it('a client error signs out; a server error, a timeout or a rate limit keeps the session', () => {
    expect([400, 401, 403].map(refreshFailure)).toEqual(['signed-out', 'signed-out', 'signed-out']);
    expect([0, 408, 429, 500, 503].map(refreshFailure)).toEqual(Array(5).fill('unavailable'));
  });

  it('runs one refresh at a time, under the one lock name', async () => {
    let release!: (v: string) => void;
    const request = vi.fn(() => new Promise<string>((r) => (release = r)));
    const names: string[] = [];
    const locks = {
      request: (name: string, task: () => Promise<unknown>) => {
        names.push(name);
        return task();
      },
    } as unknown as LockManager;
    const refresh = refresher(request, locks);
    const a = refresh();
    const b = refresh();
    release('s1');
    expect(await Promise.all([a, b])).toEqual(['s1', 's1']);
    expect(request).toHaveBeenCalledTimes(1);
    expect(names).toEqual([REFRESH_LOCK_NAME]);
    // the next call after it settled is a new refresh
    const c = refresh();
    release('s2');
    expect(await c).toBe('s2');
    expect(request).toHaveBeenCalledTimes(2);
  });
});
