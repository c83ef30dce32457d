/**
 * Date filters on lists, stats and expenses are whole days in the user's time zone: `from` and
 * `to` are both inclusive. The product's market is Egypt, so the default zone is Africa/Cairo
 * (which has daylight saving time again since 2023: some days start at 01:00).
 */

/**
 * The company's time zone, the one source for it: companies have no zone setting, every company
 * works in Cairo time (a task's "today", a subscription's last day, the server's default filters).
 */
export const DEFAULT_TIME_ZONE = 'Africa/Cairo';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** A calendar day written YYYY-MM-DD that exists (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time in the zone, as the fields of a Date read in UTC. */
function wallClock(instant: Date, timeZone: string): Date {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, instant.getUTCMilliseconds()));
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
export function timeZoneOffsetMs(instant: Date, timeZone: string): number {
  return wallClock(instant, timeZone).getTime() - instant.getTime();
}

/** The first instant of a calendar day in the zone (the day's midnight, or 01:00 on a DST day). */
export function startOfDay(day: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const m = DAY.exec(day);
  if (!m) throw new Error(`Not a day: ${day}`);
  const guess = Date.UTC(+m[1], +m[2] - 1, +m[3]);
  const first = guess - timeZoneOffsetMs(new Date(guess), timeZone);
  const second = guess - timeZoneOffsetMs(new Date(first), timeZone);
  return new Date(first === second ? first : Math.max(first, second));
}

/** The day after, YYYY-MM-DD. */
export function nextDay(day: string): string {
  const m = DAY.exec(day)!;
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3] + 1)).toISOString().slice(0, 10);
}

/** The calendar day of an instant in the zone, YYYY-MM-DD. */
export function dayIn(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return wallClock(instant, timeZone).toISOString().slice(0, 10);
}

/** The first day of the instant's month in the zone, YYYY-MM-DD (the "Month" quick filter). */
export function monthStartIn(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dayIn(instant, timeZone).slice(0, 8) + '01';
}

/** "YYYY-MM-DD HH:mm" on the zone's wall clock (exports). */
export function formatDateTimeIn(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return wallClock(instant, timeZone).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * A date and time on the company's wall clock ("2026-05-01", "14:30") as the instant it names,
 * whatever the computer's own zone: what a person picks for "send later" or a campaign's start.
 */
export function instantAt(day: string, time: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const wall = Date.parse(`${day}T${time}:00.000Z`);
  const first = wall - timeZoneOffsetMs(new Date(wall), timeZone);
  // once more with the offset at that instant (a day when the clocks change)
  return new Date(wall - timeZoneOffsetMs(new Date(first), timeZone));
}

/** An instant as the date and time it is on the zone's wall clock: the fields of a date-and-time picker. */
export function wallDateTimeIn(instant: Date | string, timeZone: string = DEFAULT_TIME_ZONE): { day: string; time: string } {
  const [day, time] = formatDateTimeIn(new Date(instant), timeZone).split(' ');
  return { day, time };
}

export type InstantRange = { gte?: Date; lt?: Date };

/**
 * A `from`/`to` filter as instants: each bound is a calendar day (whole day, inclusive) or an ISO
 * date-time (that exact instant, inclusive). `lt` is exclusive so a day's last millisecond counts.
 */
export function dayRange(from: string | undefined, to: string | undefined, timeZone: string = DEFAULT_TIME_ZONE): InstantRange {
  const range: InstantRange = {};
  if (from) range.gte = DAY.test(from) ? startOfDay(from, timeZone) : new Date(from);
  if (to) range.lt = DAY.test(to) ? startOfDay(nextDay(to), timeZone) : new Date(new Date(to).getTime() + 1);
  return range;
}
