import { REFRESH_CHECK_INTERVAL_MS, REFRESH_PATH, refreshFailure, refresher, shouldRefresh } from '@lp/shared/auth';
import type { OkResponse } from '@lp/api-types';
import type { AuthProvider, UserIdentity } from 'react-admin';

/** The session `POST /api/auth/login` and `POST /api/auth/refresh` answer (its expiry in epoch milliseconds). */
export type Session = OkResponse<'/api/auth/refresh', 'post'>;
export type SessionUser = Session['user'];

export const STUDIO_BASE = '/studio';
export const STUDIO_ROLE = 'studio';
/** Users, the audit trail, revocations and the queue dashboard are for admins only. */
export const ADMIN_ROLE = 'admin';
export const LEARNER_SIGN_IN = '/login';
export const LEARNER_DASHBOARD = '/dashboard';

/** A token this close to expiry is renewed before it is sent, rather than sent and refused. */
const EXPIRY_MARGIN_MS = 10_000;

// The access token lives in memory only; the refresh token is an httpOnly cookie we never see.
let session: Session | null = null;
let refreshTimer: ReturnType<typeof setInterval> | undefined;
// Set once a full page navigation has started, so nothing else fights it in the meantime.
let leavingPage = false;

export const hasStudioRole = (user: Pick<SessionUser, 'roles'>): boolean => user.roles.includes(STUDIO_ROLE);

/** `/login?next=/studio/...` for the page the browser is on (or was asked for). */
export const signInUrl = (studioPath: string = currentStudioPath()): string =>
  `${LEARNER_SIGN_IN}?next=${encodeURIComponent(studioPath)}`;

/** The page the browser is on, as a path under /studio. */
export const currentStudioPath = (): string => studioPathOf(window.location.pathname, window.location.search);

/**
 * `pathname` (a full browser path) as a `next` target under /studio: anything outside the
 * Studio, and the Studio's own login route, become the hub.
 */
export const studioPathOf = (pathname: string, search = ''): string => {
  if (!pathname.startsWith(STUDIO_BASE)) return STUDIO_BASE;
  const subPath = pathname.slice(STUDIO_BASE.length).replace(/\/+$/, '');
  if (subPath === '' || subPath === '/login' || !subPath.startsWith('/')) return STUDIO_BASE;
  return `${STUDIO_BASE}${subPath}${search}`;
};

/**
 * Starts a full page load and returns a promise that never settles: the caller keeps showing
 * its loading state until the browser has left, instead of flashing Studio content.
 */
const leavePage = (navigate: () => void): Promise<never> => {
  leavingPage = true;
  navigate();
  return new Promise<never>(() => {});
};

export const sendToSignIn = (studioPath?: string): Promise<never> =>
  leavePage(() => window.location.assign(signInUrl(studioPath)));

const sendToLearnerDashboard = (): Promise<never> => leavePage(() => window.location.replace(LEARNER_DASHBOARD));

const setSession = (next: Session): Session => {
  session = next;
  if (refreshTimer === undefined) {
    refreshTimer = setInterval(refreshIfExpiringSoon, REFRESH_CHECK_INTERVAL_MS);
  }
  return next;
};

const clearSession = (): void => {
  session = null;
  if (refreshTimer !== undefined) {
    clearInterval(refreshTimer);
    refreshTimer = undefined;
  }
};

const refreshIfExpiringSoon = (): void => {
  if (session && shouldRefresh(session.expiresAt, Date.now())) void refreshSession();
};

const requestRefresh = async (): Promise<Session | null> => {
  let response: Response;
  try {
    response = await fetch(REFRESH_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    // Offline or the server is restarting: keep a token that still works, retry on the next check.
    return usableSession();
  }
  if (response.ok) return setSession((await response.json()) as Session);
  if (refreshFailure(response.status) === 'signed-out') {
    clearSession();
    return null;
  }
  return usableSession();
};

const usableSession = (): Session | null =>
  session && session.expiresAt - Date.now() > EXPIRY_MARGIN_MS ? session : null;

/**
 * Exchanges the refresh cookie for a new session. Refresh tokens rotate on every use and a reused one
 * revokes the session, so this follows the protocol the learner site follows too (@lp/shared/auth): one
 * request in flight in this tab, one across the origin's tabs.
 */
export const refreshSession: () => Promise<Session | null> = refresher(requestRefresh);

/** The in-memory session, refreshed first when there is none or it is about to expire. */
export const getSession = async (): Promise<Session | null> => usableSession() ?? refreshSession();

export const getAccessToken = async (): Promise<string | null> => (await getSession())?.accessToken ?? null;

/**
 * A fresh token after the server refused `rejectedToken` with a 401. Another caller may already
 * have replaced it, in which case that newer token is used without another refresh.
 */
export const renewAccessToken = async (rejectedToken: string): Promise<string | null> => {
  if (session && session.accessToken !== rejectedToken) return session.accessToken;
  return (await refreshSession())?.accessToken ?? null;
};

const errorMessage = async (response: Response, fallback: string): Promise<string> => {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not a JSON error body
  }
  return fallback;
};

export const authProvider: AuthProvider = {
  // Only reachable if someone opens react-admin's own login route; the app's login page
  // forwards to the learner sign-in instead.
  login: async ({ username, email, password }: { username?: string; email?: string; password: string }) => {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: email ?? username, password }),
    });
    if (!response.ok) {
      throw new Error(await errorMessage(response, 'Invalid email or password'));
    }
    setSession((await response.json()) as Session);
  },

  logout: async () => {
    // A navigation to the sign-in page or the learner dashboard is already under way; signing
    // out here would also end the learner site's session, which is not what the user asked for.
    if (leavingPage) return false;
    const token = session?.accessToken;
    clearSession();
    try {
      await fetch('/api/auth/logout', {
        method: 'POST',
        credentials: 'same-origin',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
    } catch {
      // The cookie could not be revoked now; the learner sign-in page is still the right place.
    }
    leavingPage = true;
    window.location.assign(LEARNER_SIGN_IN);
    // false: react-admin must not redirect on its own, the browser is loading /login.
    return false;
  },

  // The Studio guard: every Studio route waits for this (<Admin requireAuth>), with a spinner.
  checkAuth: async () => {
    if (leavingPage) return new Promise<never>(() => {});
    const current = await getSession();
    if (!current) return sendToSignIn();
    if (!hasStudioRole(current.user)) return sendToLearnerDashboard();
  },

  // react-admin's data provider hooks call this on every failed call, custom methods included.
  checkError: async (error: { status?: number } | undefined) => {
    if (error?.status === 401) {
      // A 401 that survived the token renewal: the session is over. Sign out (which loads /login) and
      // never settle, so the call that failed stays pending until the browser has left: no screen
      // shows a failure toast, or takes react-admin's empty "logged out" answer for a success.
      await authProvider.logout({});
      return new Promise<never>(() => {});
    }
    // 403 and everything else: stay; the page shows the error.
  },

  getPermissions: async () => (await getSession())?.user.roles ?? [],

  getIdentity: async (): Promise<UserIdentity> => {
    const current = await getSession();
    if (!current) throw new Error('Not signed in');
    return { id: current.user.id, fullName: current.user.email };
  },
};

export default authProvider;
