export const tenantRoom = (tenantId: string) => `tenant:${tenantId}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const platformRoom = () => 'platform';
