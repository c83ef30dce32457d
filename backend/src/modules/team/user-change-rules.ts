import { ROLES, can, type Role, type SessionEndReason } from '@crm/common';
import type { PlatformTx } from '../../platform/db/database.types.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { AuthRepository } from '../auth/auth.repository.js';
import type { UserRow } from '../users/users.table.js';

/**
 * The rules of changing a company's user, the same whether the company's admin (Team Users) or the
 * super administrator (Manage Users) makes the change.
 */

/** The roles that manage the team: a company always keeps one active user with one of them. */
export const TEAM_MANAGERS = ROLES.filter((role) => can(role, 'team.manage'));

export const emailTaken = () => ApiError.conflict('A user with this email already exists.', 'email').withCode('user.email_taken');
export const emailReserved = () => ApiError.conflict('This email belongs to the platform administrator and cannot be used for a company user.', 'email').withCode('user.email_reserved');
export const userNotFound = () => ApiError.notFound('User not found.').withCode('user.not_found');
export const lastActiveAdmin = () => ApiError.conflict('The company must keep at least one active admin.').withCode('user.last_active_admin');

/** True when this change (or removal: `null`) takes away one of the company's active admins. */
export function losesActiveAdmin(before: UserRow, change: { isActive?: boolean; role?: Role } | null): boolean {
  const managesTeam = can(before.role as Role, 'team.manage') && before.isActive;
  if (!managesTeam) return false;
  if (change === null) return true;
  return change.isActive === false || (change.role !== undefined && !can(change.role, 'team.manage'));
}

/** Why the user's sessions end after this change, if they do. */
export function sessionEndReason(before: UserRow, after: UserRow, passwordChanged: boolean): Exclude<SessionEndReason, 'logout'> | undefined {
  if (before.isActive && !after.isActive) return 'deactivated';
  if (before.role !== after.role) return 'role_changed';
  if (passwordChanged) return 'password_changed';
  return undefined;
}

export function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function rethrowEmailTaken(err: unknown): never {
  if (isUniqueViolation(err, 'users_email_unique')) throw emailTaken();
  throw err;
}

/**
 * Refuses, for a company user, the email of a platform super administrator (platform_admins, the
 * auth module's table): read through the auth module's repository on the platform path, since the
 * tenant role cannot see that table. Without it a company admin could give a colleague the super
 * administrator's address.
 */
export async function refuseReservedEmail(tx: PlatformTx, platformAdmins: Pick<AuthRepository, 'isPlatformAdminEmail'>, email: string | undefined): Promise<void> {
  if (email !== undefined && (await platformAdmins.isPlatformAdminEmail(tx, email))) throw emailReserved();
}
