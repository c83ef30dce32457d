import { timeZoneOffsetMs } from '@crm/common';

/** A wall-clock date and time in `timeZone` ("2026-05-01", "14:30") as an instant (ISO), whatever the computer's own zone. */
export function zonedToIso(day: string, time: string, timeZone: string): string {
  const wall = Date.parse(`${day}T${time}:00.000Z`);
  const first = wall - timeZoneOffsetMs(new Date(wall), timeZone);
  // once more with the offset at that instant (a day when the clocks change)
  return new Date(wall - timeZoneOffsetMs(new Date(first), timeZone)).toISOString();
}

/** An instant as the date and time it is in `timeZone`: the dialog's fields. */
export function isoToZoned(iso: string, timeZone: string): { day: string; time: string } {
  const wall = new Date(new Date(iso).getTime() + timeZoneOffsetMs(new Date(iso), timeZone)).toISOString();
  return { day: wall.slice(0, 10), time: wall.slice(11, 16) };
}
