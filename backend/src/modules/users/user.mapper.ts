import type { AuthUser, Role } from '@crm/common';
import type { UserRow } from './users.table.js';

export function toUserDto(row: UserRow): AuthUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    tenantId: row.tenantId,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}
