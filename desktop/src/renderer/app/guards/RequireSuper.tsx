import { Navigate, Outlet } from 'react-router-dom';
import { useSuperStore } from '../../modules/super/store';

/** The super area requires the super token, else /super/login. */
export function RequireSuper() {
  const token = useSuperStore((state) => state.token);
  return token ? <Outlet /> : <Navigate to="/super/login" replace />;
}

/** The super login page sends an already signed-in super administrator to the dashboard. */
export function RedirectIfSuper() {
  const token = useSuperStore((state) => state.token);
  return token ? <Navigate to="/super/dashboard" replace /> : <Outlet />;
}
