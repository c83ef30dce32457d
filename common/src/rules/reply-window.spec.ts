import { describe, expect, it } from 'vitest';
import { msUntilNextMinute, windowClosesAt, windowRemaining } from './reply-window.js';

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const MIN = 60_000;

describe('windowRemaining', () => {
  it('reads hours and minutes left', () => {
    expect(windowRemaining(NOW + (3 * 60 + 12) * MIN, NOW)).toEqual({ closed: false, hours: 3, minutes: 12, totalMinutes: 192 });
  });
  it('rounds up to the minute: 3 h 11 min 20 s reads 3 h 12 min, the last seconds read 1 min', () => {
    expect(windowRemaining(NOW + (3 * 60 + 11) * MIN + 20_000, NOW)).toMatchObject({ hours: 3, minutes: 12 });
    expect(windowRemaining(NOW + 5_000, NOW)).toEqual({ closed: false, hours: 0, minutes: 1, totalMinutes: 1 });
  });
  it('under an hour: no hours', () => {
    expect(windowRemaining(new Date(NOW + 45 * MIN), new Date(NOW))).toMatchObject({ hours: 0, minutes: 45 });
  });
  it('a fresh window reads 24 h 0 min', () => {
    expect(windowRemaining(windowClosesAt(new Date(NOW)), NOW)).toMatchObject({ hours: 24, minutes: 0 });
  });
  it('closed at and after the end, and for a date that cannot be read', () => {
    expect(windowRemaining(NOW, NOW)).toEqual({ closed: true });
    expect(windowRemaining(NOW - 1, NOW)).toEqual({ closed: true });
    expect(windowRemaining('not a date', NOW)).toEqual({ closed: true });
  });
});

describe('windowClosesAt', () => {
  it('is 24 hours after the last inbound message', () => {
    expect(windowClosesAt('2026-11-25T09:30:00.000Z').toISOString()).toBe('2026-11-26T09:30:00.000Z');
  });
});

describe('msUntilNextMinute', () => {
  it('waits until the minutes left change', () => {
    expect(msUntilNextMinute(NOW + 10 * MIN + 20_000, NOW)).toBe(20_000);
    expect(msUntilNextMinute(NOW + 10 * MIN, NOW)).toBe(MIN);
    expect(msUntilNextMinute(NOW - 5, NOW)).toBe(1);
  });
});
