/**
 * Redirect safety (spec: "Redirect-safety rules", next parameter or previous location).
 *
 * A target is honoured only if it is same-origin, is not a javascript: or data: link, and its
 * path (trailing slashes removed) equals or lies under one of the allowed prefixes. /studio is
 * allowed only with its listed subpaths. The account pages are never valid. Legacy /learn and
 * /learn/... map to /graph with the subject taken from the subject or slug parameter.
 * Anything else falls back to /dashboard.
 */

export const DEFAULT_REDIRECT = '/dashboard';

/** "/" itself is allowed, but only exactly: everything lies under "/". */
export const ALLOWED_PATH_PREFIXES: readonly string[] = [
  '/dashboard',
  '/graph',
  '/node',
  '/quiz',
  '/practice',
  '/notes',
  '/bookmarks',
  '/mastery',
  '/lectures',
  '/challenges',
  '/challenge',
  '/shop',
  '/checkout',
  '/checkout/start',
  '/preview',
];

export const STUDIO_SUBPATHS: readonly string[] = [
  'versions',
  'editor',
  'users',
  'media',
  'jobs',
  'subjects',
  'review',
  'certificates',
  'analytics',
  'tts',
  'tts-video',
];

export const NEVER_VALID_PATHS: readonly string[] = ['/login', '/register', '/request-reset', '/forgot', '/reset'];

const DANGEROUS_SCHEMES = ['javascript:', 'data:', 'vbscript:'];

function stripTrailingSlashes(path: string): string {
  const stripped = path.replace(/\/+$/, '');
  return stripped === '' ? '/' : stripped;
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Browsers ignore whitespace and control characters inside a scheme and people encode it to slip
 * past filters, so look at the target the way a browser might end up reading it.
 */
function hasDangerousScheme(target: string): boolean {
  let candidate = target;
  for (let i = 0; i < 4; i++) {
    // eslint-disable-next-line no-control-regex
    const squashed = candidate.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
    if (DANGEROUS_SCHEMES.some((scheme) => squashed.startsWith(scheme))) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(candidate);
    } catch {
      break;
    }
    if (decoded === candidate) break;
    candidate = decoded;
  }
  return false;
}

/** Whether a normalised pathname (no trailing slashes) may be redirected to. */
export function isAllowedRedirectPath(path: string): boolean {
  if (NEVER_VALID_PATHS.some((p) => isUnder(path, p))) return false;
  if (path === '/') return true;
  if (isUnder(path, '/studio')) {
    if (path === '/studio') return true;
    const sub = path.slice('/studio/'.length).split('/')[0] ?? '';
    return STUDIO_SUBPATHS.includes(sub);
  }
  return ALLOWED_PATH_PREFIXES.some((prefix) => isUnder(path, prefix));
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/**
 * Returns a same-origin relative target (path, query and hash) that is safe to navigate to,
 * or /dashboard.
 */
export function safeRedirect(target: unknown, origin: string = currentOrigin()): string {
  return safeRedirectOrNull(target, origin) ?? DEFAULT_REDIRECT;
}

/** The safe target, or null when none was given or the one given is not safe (the caller picks the fallback). */
export function safeRedirectOrNull(target: unknown, origin: string = currentOrigin()): string | null {
  if (typeof target !== 'string') return null;
  const raw = target.trim();
  if (!raw) return null;
  if (hasDangerousScheme(raw)) return null;

  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    // Parse the way the browser would, so //host, /\host, dot segments and encodings resolve first.
    url = new URL(raw, `${base.origin}/`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== base.origin) return null;
  if (url.username || url.password) return null;

  const path = stripTrailingSlashes(url.pathname);

  if (isUnder(path, '/learn')) {
    const subject = url.searchParams.get('subject') || url.searchParams.get('slug');
    return subject ? `/graph?subject=${encodeURIComponent(subject)}` : '/graph';
  }

  if (!isAllowedRedirectPath(path)) return null;
  return `${path}${url.search}${url.hash}`;
}

/** The Studio is a separate application: reaching it needs a full page load. */
export function isStudioTarget(target: string): boolean {
  const path = target.split(/[?#]/, 1)[0] ?? '';
  return isUnder(stripTrailingSlashes(path), '/studio');
}

/** A previous location kept in router state ({ from: Location }) as a target string. */
export function targetFromLocationState(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const from = (state as { from?: unknown }).from;
  if (typeof from === 'string') return from;
  if (from && typeof from === 'object') {
    const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname !== 'string') return null;
    return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
  }
  return null;
}

/**
 * The course being bought, when a (safe) target is the checkout's start page: `/checkout/start?subject=&priceId=`.
 * A visitor who signs up from "Buy" keeps it on their new account.
 */
export function checkoutOfTarget(
  target: unknown,
  origin: string = currentOrigin(),
): {
  subjectId: string;
  priceId?: string;
} | null {
  const safe = safeRedirectOrNull(target, origin);
  if (!safe) return null;
  const url = new URL(safe, `${new URL(origin).origin}/`);
  if (url.pathname !== '/checkout/start') return null;
  const subjectId = url.searchParams.get('subject')?.trim();
  if (!subjectId || subjectId.length > 200) return null;
  const priceId = url.searchParams.get('priceId')?.trim();
  return priceId && priceId.length <= 200 ? { subjectId, priceId } : { subjectId };
}

/** Login URL that brings the visitor back to where they were. */
export function loginPathWithNext(target: string): string {
  return `/login?next=${encodeURIComponent(target)}`;
}
