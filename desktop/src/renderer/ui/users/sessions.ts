import type { UserSession } from '@crm/common';

/** The session history lists only sessions longer than 5 minutes. */
export const MIN_LISTED_SESSION_SECONDS = 5 * 60;

/** A session's length in seconds: its recorded duration, or for an open one the time since sign-in. */
export function sessionSeconds(session: UserSession, now: number): number {
  if (session.duration !== null) return session.duration;
  return Math.max(0, (now - new Date(session.loginTime).getTime()) / 1000);
}

export function listedSessions(sessions: UserSession[], now: number): UserSession[] {
  return sessions.filter((s) => sessionSeconds(s, now) > MIN_LISTED_SESSION_SECONDS);
}

/** Minutes with one decimal, or null when the duration is absent ('-'). */
export function durationMinutes(session: UserSession): number | null {
  return session.duration === null ? null : Math.round(session.duration / 6) / 10;
}
