declare global {
  interface Window {
    /** public/session-probe.js's POST /api/auth/refresh; null once the app has begun (taken, or not started). */
    __lpSessionProbe?: Promise<Response> | null;
  }
}

/**
 * The session probe public/session-probe.js started before the app's code arrived, taken once: the first refresh
 * reads its answer instead of posting again (the refresh cookie rotates on each use). Null when there is none; from
 * then on the script, if it runs late, starts none either.
 */
export function takeSessionProbe(): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const probe = window.__lpSessionProbe ?? null;
  window.__lpSessionProbe = null;
  return probe;
}
