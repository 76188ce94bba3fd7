import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { isStudioTarget } from '../redirect';

/**
 * Goes to an already-sanitised target. The Studio is a separate application, so it needs a
 * full page load instead of a client-side navigation.
 */
export function useGoToTarget(): (target: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (target: string) => {
      if (isStudioTarget(target)) window.location.assign(target);
      else void navigate(target, { replace: true });
    },
    [navigate],
  );
}
