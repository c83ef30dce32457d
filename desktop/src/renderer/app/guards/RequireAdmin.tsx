import { Navigate, Outlet } from 'react-router-dom';
import { useAuthStore } from '../../modules/auth/store';

/** Spec/admin.md §2: non-admins opening the admin-only team routes are redirected to /. */
export function RequireAdmin() {
  const role = useAuthStore((state) => state.user?.role);
  return role === 'admin' ? <Outlet /> : <Navigate to="/" replace />;
}
