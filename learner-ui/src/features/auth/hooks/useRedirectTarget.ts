import { useLocation, useSearchParams } from 'react-router-dom';
import { safeRedirect, targetFromLocationState } from '../redirect';

/** The safe place to go after signing in: the `next` parameter, else the previous location. */
export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  const location = useLocation();
  return safeRedirect(params.get('next') ?? targetFromLocationState(location.state));
}
