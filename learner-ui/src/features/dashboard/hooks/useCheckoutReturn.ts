import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { checkoutApi, type CheckoutVerification } from '../../../api';
import { useAuth } from '../../auth/auth-context';
import { catalogKeys } from '../../catalog/hooks';
import { subjectKeys } from '../../subjects/hooks/useSubjects';

/**
 * Payment return: /dashboard?checkout=success&session_id=… (from the built-in provider or Stripe).
 * Verifies the session once (StrictMode runs effects twice), then removes both parameters from
 * the address (keeping the others) and refreshes what ownership changes. Errors are only logged.
 */
export function useCheckoutReturn(): { verified: CheckoutVerification | null; dismiss: () => void } {
  const [params] = useSearchParams();
  const sessionId = params.get('checkout') === 'success' ? params.get('session_id') || null : null;
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const email = user?.email;
  const [verified, setVerified] = useState<CheckoutVerification | null>(null);

  const handled = useRef<string | null>(null);
  // The address when the call returns, not when it started: the subject may have changed meanwhile.
  const locationRef = useRef(location);
  useLayoutEffect(() => {
    locationRef.current = location;
  }, [location]);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!sessionId || handled.current === sessionId) return;
    handled.current = sessionId;
    checkoutApi
      .verify(sessionId)
      .then(
        (result) => {
          if (mounted.current) setVerified(result);
        },
        (err: unknown) => console.error('Payment verification failed', err),
      )
      .finally(() => {
        if (mounted.current) {
          const current = locationRef.current;
          const next = new URLSearchParams(current.search);
          next.delete('checkout');
          next.delete('session_id');
          const search = next.toString();
          void navigate(
            { pathname: current.pathname, search: search ? `?${search}` : '', hash: current.hash },
            { replace: true },
          );
        }
        void queryClient.invalidateQueries({ queryKey: subjectKeys.entitlements(email) });
        void queryClient.invalidateQueries({ queryKey: catalogKeys.purchases(email) });
        void queryClient.invalidateQueries({ queryKey: subjectKeys.all });
      });
  }, [sessionId, email, navigate, queryClient]);

  return { verified, dismiss: () => setVerified(null) };
}
