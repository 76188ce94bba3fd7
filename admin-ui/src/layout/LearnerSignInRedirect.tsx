import { useEffect } from 'react';
import { useLocation } from 'react-admin';

import { sendToSignIn, STUDIO_BASE, studioPathOf } from '../providers/authProvider';
import { CentredSpinner } from './CentredSpinner';

interface LoginRouteState {
  nextPathname?: string;
  nextSearch?: string;
}

/**
 * The Studio has no sign-in form of its own: react-admin's login route forwards to the learner
 * site's /login, which comes back to the page that was asked for (state set by react-admin).
 */
export const LearnerSignInRedirect = () => {
  const { state } = useLocation();
  useEffect(() => {
    const { nextPathname, nextSearch } = (state ?? {}) as LoginRouteState;
    void sendToSignIn(nextPathname ? studioPathOf(nextPathname, nextSearch) : STUDIO_BASE);
  }, [state]);
  return <CentredSpinner />;
};
