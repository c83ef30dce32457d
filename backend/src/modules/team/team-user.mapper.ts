import type { TeamUser, UserSession } from '@crm/common';
import { toUserDto } from '../users/user.mapper.js';
import type { UserRow } from '../users/users.table.js';

export type Presence = { isOnline: boolean; idle: boolean };

/** A user as the Team Users screen lists them: no password hash, presence from the live connections. */
export function toTeamUserDto(row: UserRow, presence: Presence | undefined): TeamUser {
  const isOnline = presence?.isOnline ?? false;
  return {
    ...toUserDto(row),
    status: !isOnline ? 'offline' : presence?.idle ? 'idle' : 'online',
    isOnline,
    lastSeen: row.lastSeenAt?.toISOString() ?? null,
    lastActionAt: row.lastSeenAt?.toISOString() ?? null,
    firstLogin: row.firstLoginAt?.toISOString() ?? null,
  };
}

export function toUserSessionDto(row: { id: string; loginAt: Date; logoutAt: Date | null; durationSeconds: number | null }): UserSession {
  return {
    _id: row.id,
    loginTime: row.loginAt.toISOString(),
    logoutTime: row.logoutAt?.toISOString() ?? null,
    duration: row.logoutAt ? (row.durationSeconds ?? Math.max(0, Math.round((row.logoutAt.getTime() - row.loginAt.getTime()) / 1000))) : null,
  };
}
