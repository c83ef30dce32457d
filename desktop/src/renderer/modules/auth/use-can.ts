import { can, type Permission } from '@crm/common';
import { useAuthStore } from './store';

/** Whether the signed-in user's role has this permission in the one permission table (common/rules). */
export function useCan(permission: Permission): boolean {
  return useAuthStore((state) => can(state.user?.role, permission));
}

/** The same check outside React (stores, realtime handlers). */
export function currentUserCan(permission: Permission): boolean {
  return can(useAuthStore.getState().user?.role, permission);
}
