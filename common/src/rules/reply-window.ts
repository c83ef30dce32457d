/*
 * The official API's 24-hour customer service window as the composer counts it down. Pure: the
 * caller passes the current time.
 */

/** Meta's customer service window: free-form messages within 24 hours of the contact's last message. */
export const REPLY_WINDOW_HOURS = 24;
const MINUTE = 60_000;

/** What is left of the window: whole hours and minutes (rounded up to the minute, so "0 min" never shows while it is open), or closed. */
export type WindowRemaining = { closed: true } | { closed: false; hours: number; minutes: number; totalMinutes: number };

/**
 * Time left until `closesAt` at `now`. Rounded up to the next minute: 59.2 minutes left reads
 * "60 min" → "1 h 0 min", and the last seconds still read "1 min" until it closes.
 */
export function windowRemaining(closesAt: Date | string | number, now: Date | number): WindowRemaining {
  const end = closesAt instanceof Date ? closesAt.getTime() : typeof closesAt === 'string' ? Date.parse(closesAt) : closesAt;
  const at = now instanceof Date ? now.getTime() : now;
  const left = end - at;
  if (!Number.isFinite(left) || left <= 0) return { closed: true };
  const totalMinutes = Math.ceil(left / MINUTE);
  return { closed: false, hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60, totalMinutes };
}

/** When the window with a contact closes: 24 hours after their last inbound message. */
export function windowClosesAt(lastInboundAt: Date | string): Date {
  const start = lastInboundAt instanceof Date ? lastInboundAt.getTime() : Date.parse(lastInboundAt);
  return new Date(start + REPLY_WINDOW_HOURS * 3_600_000);
}

/**
 * How long until the countdown's text changes (the next whole minute left), so a display
 * refreshes exactly when it must; at least 1 ms.
 */
export function msUntilNextMinute(closesAt: Date | string | number, now: Date | number): number {
  const end = closesAt instanceof Date ? closesAt.getTime() : typeof closesAt === 'string' ? Date.parse(closesAt) : closesAt;
  const at = now instanceof Date ? now.getTime() : now;
  const left = end - at;
  if (left <= 0) return 1;
  const rest = left % MINUTE;
  return rest === 0 ? MINUTE : rest;
}
