import { can, type Permission, type Role } from '@crm/common';

/** Who is making the request, as established by the auth guard from the token and its open session. */
export type TenantActor = {
  kind: 'tenant';
  userId: string;
  tenantId: string;
  role: Role;
  sessionId: string;
  name: string;
  email: string;
};

export type SuperActor = {
  kind: 'super';
  adminId: string;
  sessionId: string;
  name: string;
  email: string;
};

export type Actor = TenantActor | SuperActor;

/** Whether the permission table lets this user do it (the one place role rules are written). */
export const may = (actor: TenantActor, permission: Permission) => can(actor.role, permission);
