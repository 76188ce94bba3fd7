import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../../common/FullPageSpinner';
import { useAuth } from '../auth-context';
import { loginPathWithNext } from '../redirect';

/** Sign-in guard: spinner while loading, /login?next=<here> when signed out. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isAuthenticated, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageSpinner />;
  if (!isAuthenticated) {
    return <Navigate to={loginPathWithNext(`${location.pathname}${location.search}`)} replace />;
  }
  return children ? <>{children}</> : <Outlet />;
}
