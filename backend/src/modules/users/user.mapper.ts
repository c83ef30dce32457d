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

/** The signed-in user with their own preferences and their company's name (sign-in, /auth/me). */
export function toCurrentUserDto(row: UserRow, companyName: string): CurrentUser {
  return { ...toUserDto(row), companyName, language: row.language as Language, arabicDigits: row.arabicDigits };
}
