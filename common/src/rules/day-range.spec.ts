import { describe, expect, it } from 'vitest';
import { dayIn, dayRange, formatDateTimeIn, instantAt, isCalendarDay, isValidTimeZone, monthStartIn, nextDay, startOfDay, wallDateTimeIn } from './day-range.js';

describe('day ranges', () => {
  it('a Cairo day starts at 22:00 UTC the day before in winter and 21:00 in summer', () => {
    expect(startOfDay('2026-01-15', 'Africa/Cairo').toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(startOfDay('2026-07-15', 'Africa/Cairo').toISOString()).toBe('2026-07-14T21:00:00.000Z');
  });

  it('a day whose midnight is skipped by daylight saving starts at 01:00', () => {
    // Egypt moves clocks from 00:00 to 01:00 on the last Friday of April (2026-04-24)
    const start = startOfDay('2026-04-24', 'Africa/Cairo');
    expect(start.toISOString()).toBe('2026-04-23T22:00:00.000Z');
    expect(formatDateTimeIn(start, 'Africa/Cairo')).toBe('2026-04-24 01:00');
  });

  it('from and to are whole days, both inclusive', () => {
    const r = dayRange('2026-03-01', '2026-03-31', 'UTC');
    expect(r.gte?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(r.lt?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(dayRange(undefined, undefined)).toEqual({});
  });

  it('accepts exact instants too', () => {
    const r = dayRange('2026-03-01T10:00:00Z', '2026-03-01T11:00:00Z');
    expect(r.gte?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(r.lt?.toISOString()).toBe('2026-03-01T11:00:00.001Z');
  });

  it('knows calendar days, zones, today and the month start', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('28/02/2026')).toBe(false);
    expect(isValidTimeZone('Africa/Cairo')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    const lateEvening = new Date('2026-05-31T22:30:00Z'); // 01:30 on 1 June in Cairo
    expect(dayIn(lateEvening, 'Africa/Cairo')).toBe('2026-06-01');
    expect(dayIn(lateEvening, 'UTC')).toBe('2026-05-31');
    expect(monthStartIn(lateEvening, 'Africa/Cairo')).toBe('2026-06-01');
  });

  it("a date and time picked on the company's clock is the instant it names there, and back", () => {
    expect(instantAt('2027-01-15', '16:30', 'Asia/Dubai').toISOString()).toBe('2027-01-15T12:30:00.000Z');
    expect(instantAt('2026-07-15', '09:00', 'Africa/Cairo').toISOString()).toBe('2026-07-15T06:00:00.000Z');
    expect(instantAt('2026-01-15', '09:00', 'Africa/Cairo').toISOString()).toBe('2026-01-15T07:00:00.000Z');
    // the first hour after Cairo's clocks went forward (00:00 became 01:00 on 2026-04-24)
    expect(instantAt('2026-04-24', '01:30', 'Africa/Cairo').toISOString()).toBe('2026-04-23T22:30:00.000Z');
    expect(wallDateTimeIn('2027-01-15T12:30:00.000Z', 'Africa/Cairo')).toEqual({ day: '2027-01-15', time: '14:30' });
    expect(wallDateTimeIn(new Date('2026-12-31T23:30:00.000Z'), 'Asia/Dubai')).toEqual({ day: '2027-01-01', time: '03:30' });
  });
});
