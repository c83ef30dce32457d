import type { AuthUser, CurrentUser, Language, Role } from '@crm/common';
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

/** The signed-in user with their own preferences (sign-in, /auth/me). */
export function toCurrentUserDto(row: UserRow): CurrentUser {
  return { ...toUserDto(row), language: row.language as Language, arabicDigits: row.arabicDigits };
}
