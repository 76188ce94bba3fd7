import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../../common/FullPageSpinner';
import { useAuth } from '../auth-context';
import { loginPathWithNext } from '../redirect';

/** Studio-role guard: signed-in users without the studio role go to /dashboard. */
export function RequireStudio({ children }: { children?: ReactNode }) {
  const { isAuthenticated, loading, hasRole } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageSpinner />;
  if (!isAuthenticated) {
    return <Navigate to={loginPathWithNext(`${location.pathname}${location.search}`)} replace />;
  }
  if (!hasRole('studio')) return <Navigate to="/dashboard" replace />;
  return children ? <>{children}</> : <Outlet />;
}
