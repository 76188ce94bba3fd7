import { useLocation, useSearchParams } from 'react-router-dom';
import { safeRedirect, safeRedirectOrNull, targetFromLocationState } from '../redirect';

/** The safe place to go after signing in: the `next` parameter, else the previous location. */
export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  const location = useLocation();
  return safeRedirect(params.get('next') ?? targetFromLocationState(location.state));
}

/** The same, but null when no safe target was given (so the page can choose its own fallback). */
export function useGivenRedirectTarget(): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  return safeRedirectOrNull(params.get('next') ?? targetFromLocationState(location.state));
}

/** The raw `next` parameter, for links between the account pages that must keep it (login ↔ register). */
export function useNextParam(): string | null {
  const [params] = useSearchParams();
  return params.get('next');
}

/** `path` with the `next` parameter kept, when there is one. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}
