export const tenantRoom = (tenantId: string) => `tenant:${tenantId}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const platformRoom = () => 'platform';
/** The tenant's admins: they receive every message event of their company. */
export const adminsRoom = (tenantId: string) => `admins:${tenantId}`;
/** Every socket of one sign-in session: ending the session disconnects exactly these. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
