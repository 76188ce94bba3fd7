import { isRole, type Role } from '../../api';

/** Local storage key for the non-secret session hint: never a token. */
export const SESSION_HINT_KEY = 'lp.session';

export interface SessionHint {
  email: string;
  roles: Role[];
}

export function readSessionHint(): SessionHint | null {
  try {
    const raw = window.localStorage.getItem(SESSION_HINT_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const { email, roles } = parsed as { email?: unknown; roles?: unknown };
    if (typeof email !== 'string' || !email) return null;
    return {
      email,
      roles: Array.isArray(roles) ? roles.filter(isRole) : [],
    };
  } catch {
    return null;
  }
}

export function writeSessionHint(hint: SessionHint): void {
  try {
    window.localStorage.setItem(SESSION_HINT_KEY, JSON.stringify({ email: hint.email, roles: hint.roles }));
  } catch {
    // Storage may be full or disabled; the hint is only a convenience.
  }
}

export function clearSessionHint(): void {
  try {
    window.localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // see writeSessionHint
  }
}

/**
 * The server's marker cookie (`lp_session=1`, readable by scripts, not a secret): set beside the httpOnly refresh
 * cookie by sign-in and refresh, cleared by logout and a refused refresh. Without it and without the hint, this
 * browser holds no session, so the page does not ask for one (and logs no 401).
 */
export const SESSION_MARKER_COOKIE = 'lp_session';

export function hasSessionMarker(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((c) => c.trim() === `${SESSION_MARKER_COOKIE}=1`);
}

/** The server clears it too; clearing it here keeps a local sign-out from probing again on the next load. */
export function clearSessionMarker(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SESSION_MARKER_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
}
