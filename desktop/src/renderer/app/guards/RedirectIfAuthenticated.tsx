import type { Location } from 'react-router-dom';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuthStore } from '../../modules/auth/store';
import { FullPageLoader } from '../../ui/FullPageLoader';

/** Where RequireAuth recorded the visitor was going; only in-app paths, never /login itself. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Location } | null)?.from;
  const path = from ? `${from.pathname}${from.search}${from.hash}` : '/';
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login') ? path : '/';
}

/** Spec: /login redirects to / (or the page the visitor wanted) when already authenticated. */
export function RedirectIfAuthenticated() {
  const status = useAuthStore((state) => state.status);
  const location = useLocation();
  if (status === 'checking') return <FullPageLoader />;
  if (status === 'authenticated') return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
