import type { Permission } from '@crm/common';

export const tenantRoom = (tenantId: string) => `tenant:${tenantId}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const platformRoom = () => 'platform';
/** The tenant's admins: they receive every message event of their company. */
export const adminsRoom = (tenantId: string) => `admins:${tenantId}`;
/** Every socket of one sign-in session: ending the session disconnects exactly these. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/**
 * The tenant's sockets whose role holds this permission (common/rules/permissions.ts): an event only
 * they may see goes here (e.g. the WhatsApp QR: `whatsapp.session.manage`). A role change ends the
 * user's sessions, so a socket never keeps a room its role lost.
 */
export const permissionRoom = (tenantId: string, permission: Permission) => `perm:${permission}:${tenantId}`;
