import type { Permission } from '@crm/common';
import { Navigate, Outlet } from 'react-router-dom';
import { useCan } from '../../modules/auth/use-can';

/**
 * Users opening a screen their role may not use are redirected to /. Which role
 * may use which screen comes from the permission table, as on the server.
 */
export function RequirePermission({ permission }: { permission: Permission }) {
  return useCan(permission) ? <Outlet /> : <Navigate to="/" replace />;
}
