import { accessToken, authApi, isApiError } from '../../api';
import { takeSessionProbe } from '../../api/session-probe';
import type { PendingCheckout, RegisterBody, Role, Session } from '../../api';
import {
  browserLocks,
  REFRESH_CHECK_INTERVAL_MS,
  refreshFailure,
  shouldRefresh,
  singleFlight,
  withRefreshLock,
} from '@lp/shared/auth';
import {
  clearSessionHint,
  clearSessionMarker,
  hasSessionMarker,
  readSessionHint,
  SESSION_HINT_KEY,
  writeSessionHint,
} from './session-storage';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthUser {
  /** Unknown while only the local-storage hint is known. */
  id?: string;
  email: string;
  roles: Role[];
  emailVerified?: boolean;
  /** The name on certificates; unknown while only the local-storage hint is known. */
  name?: string | null;
}

/** What a sign-in gives the page: the user, and the purchase to resume when the account was made for one. */
export interface SignInResult {
  user: AuthUser;
  pendingCheckout: PendingCheckout | null;
}

export interface AuthSnapshot {
  status: AuthStatus;
  /** While loading, the hint from local storage (if any) so the UI can show the user quickly. */
  user: AuthUser | null;
  expiresAt: number | null;
}

type AuthApi = Pick<
  typeof authApi,
  'login' | 'register' | 'refresh' | 'logout' | 'requestReset' | 'resetPassword' | 'requestVerify' | 'verify'
> &
  Partial<Pick<typeof authApi, 'fromProbe'>>;

export interface SessionControllerOptions {
  api?: AuthApi;
  now?: () => number;
  /** Web Locks serialise refreshes across tabs: two tabs rotating the same cookie at once would
   * look like refresh-token reuse and revoke the session. `null` disables. */
  locks?: LockManager | null;
  checkIntervalMs?: number;
}

const ANONYMOUS: AuthSnapshot = { status: 'anonymous', user: null, expiresAt: null };

/**
 * Owns the session outside React: the in-memory token, the local-storage hint, the start-up
 * probe, the refresh timer and the single refresh in flight. The AuthProvider renders it.
 */
export class SessionController {
  private state: AuthSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly api: AuthApi;
  private readonly now: () => number;
  private readonly locks: LockManager | null;
  private readonly checkIntervalMs: number;
  private initPromise: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private storageListening = false;

  constructor(options: SessionControllerOptions = {}) {
    this.api = options.api ?? authApi;
    this.now = options.now ?? (() => Date.now());
    this.locks = options.locks !== undefined ? options.locks : browserLocks();
    this.checkIntervalMs = options.checkIntervalMs ?? REFRESH_CHECK_INTERVAL_MS;
    const hint = readSessionHint();
    this.state = { status: 'loading', user: hint ? { email: hint.email, roles: hint.roles } : null, expiresAt: null };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): AuthSnapshot => this.state;

  private setState(next: AuthSnapshot): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /**
   * Probes the session once (POST /api/auth/refresh) and starts the refresh timer. Idempotent. A browser with
   * neither the server's marker cookie nor the local-storage hint has no session to find: it is signed out at once,
   * without a request that could only answer 401.
   */
  start(): Promise<void> {
    if (!this.initPromise) {
      if (!hasSessionMarker() && !readSessionHint()) {
        if (this.state.status === 'loading') this.setState(ANONYMOUS);
        this.initPromise = Promise.resolve();
      } else {
        this.initPromise = this.refresh().then(
          () => undefined,
          () => undefined,
        );
      }
    }
    if (!this.timer) {
      this.timer = setInterval(() => this.check(), this.checkIntervalMs);
    }
    if (!this.storageListening && typeof window !== 'undefined') {
      window.addEventListener('storage', this.onStorage);
      this.storageListening = true;
    }
    return this.initPromise;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.storageListening) window.removeEventListener('storage', this.onStorage);
    this.storageListening = false;
  }

  /** One timer tick: refresh when fewer than 3 checks remain before the token expires. */
  check(): void {
    if (this.state.status !== 'authenticated') return;
    if (shouldRefresh(this.state.expiresAt, this.now(), this.checkIntervalMs)) {
      this.refresh().catch(() => {
        // Transient failure: the next tick tries again; a real expiry ends in a 401 and sign-out.
      });
    }
  }

  /**
   * Refreshes the session; concurrent callers (and other tabs, the Studio's too) share one request, by the
   * protocol in @lp/shared/auth. Resolves null when signed out.
   */
  refresh: () => Promise<Session | null> = singleFlight(() => this.doRefresh());

  private async doRefresh(): Promise<Session | null> {
    try {
      // Taken before anything is awaited: the probe script, if it has not run yet, then starts no refresh of its own
      // (it would queue for the lock this call is about to hold, while this call waited for its answer).
      const probe = takeSessionProbe();
      const early = probe && this.api.fromProbe ? await this.api.fromProbe(probe) : null;
      const session = early ?? (await withRefreshLock(() => this.api.refresh(), this.locks));
      this.applySession(session);
      return session;
    } catch (err) {
      if (isApiError(err) && refreshFailure(err.status) === 'signed-out') {
        this.signOutLocally();
        return null;
      }
      if (this.state.status === 'loading') {
        // Server unreachable at start-up: show the signed-out site, keep the hint for next time.
        accessToken.clear();
        this.setState(ANONYMOUS);
      }
      throw err;
    }
  }

  private applySession(session: Session): void {
    accessToken.set(session.accessToken, session.expiresAt);
    const { roles } = session.user;
    writeSessionHint({ email: session.user.email, roles });
    this.setState({
      status: 'authenticated',
      user: {
        id: session.user.id,
        email: session.user.email,
        roles,
        emailVerified: session.user.emailVerified,
        name: session.user.name ?? null,
      },
      expiresAt: session.expiresAt,
    });
  }

  async login(email: string, password: string): Promise<SignInResult> {
    const session = await this.api.login(email, password);
    this.applySession(session);
    return { user: this.state.user as AuthUser, pendingCheckout: session.pendingCheckout ?? null };
  }

  /** Returns the server's message; the account is confirmed through the e-mailed link. */
  async register(
    email: string,
    password: string,
    extras: Pick<RegisterBody, 'name' | 'checkout'> = {},
  ): Promise<string> {
    const res = await this.api.register(email, password, extras);
    return res.message;
  }

  /** The name on certificates changed (PUT /api/me/profile): the signed-in user shows the new one. */
  setName(name: string | null): void {
    if (this.state.status !== 'authenticated' || !this.state.user) return;
    this.setState({ ...this.state, user: { ...this.state.user, name } });
  }

  /** Revokes the session on the server; errors are only logged, the local sign-out always happens. */
  async logout(): Promise<void> {
    try {
      await this.api.logout();
    } catch (err) {
      console.error('Logout failed', err);
    } finally {
      this.signOutLocally();
    }
  }

  signOutLocally(): void {
    accessToken.clear();
    clearSessionHint();
    clearSessionMarker();
    if (this.state.status !== 'anonymous' || this.state.user) this.setState(ANONYMOUS);
  }

  async requestReset(email: string): Promise<string> {
    return (await this.api.requestReset(email)).message;
  }

  /** A reset ends every session of the user on the server, so end ours too. */
  async resetPassword(token: string, password: string): Promise<string> {
    const res = await this.api.resetPassword(token, password);
    if (this.state.status === 'authenticated') this.signOutLocally();
    return res.message;
  }

  async requestVerify(email: string): Promise<string> {
    return (await this.api.requestVerify(email)).message;
  }

  async verify(token: string): Promise<string> {
    return (await this.api.verify(token)).message;
  }

  /** Keeps tabs in step: a sign-out elsewhere signs out here, a sign-in elsewhere is picked up. */
  private onStorage = (event: StorageEvent): void => {
    if (event.key !== SESSION_HINT_KEY && event.key !== null) return;
    const hintPresent = event.key === null ? readSessionHint() !== null : event.newValue !== null;
    if (!hintPresent && this.state.status === 'authenticated') {
      this.signOutLocally();
    } else if (hintPresent && this.state.status === 'anonymous') {
      this.refresh().catch(() => {});
    }
  };
}
