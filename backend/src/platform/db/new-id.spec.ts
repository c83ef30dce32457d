import { validate, version } from 'uuid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId } from './new-id.js';

afterEach(() => vi.useRealTimers());

describe('newId', () => {
  it('writes valid UUID v7s, every one different, strictly increasing across refills of the random pool', () => {
    const ids = Array.from({ length: 5_000 }, () => newId());
    for (const id of ids.slice(0, 50)) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // the order keyset pages and "newest first" rely on: creation order is id order
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1], `${ids[i - 1]} then ${ids[i]}`).toBe(true);
  });

  it('keeps counting up within one millisecond and carries the time in its first 48 bits', () => {
    // a time after any id made so far: ids never go back, so an earlier one would be carried on from the last
    vi.useFakeTimers({ now: new Date('2030-01-01T12:00:00.000Z'), toFake: ['Date'] });
    const ids = Array.from({ length: 1_000 }, () => newId());
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
    const msecs = parseInt(ids[0].replace(/-/g, '').slice(0, 12), 16);
    expect(msecs).toBe(Date.parse('2030-01-01T12:00:00.000Z'));
  });

  it('never goes back when the clock does', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T12:00:01.000Z'), toFake: ['Date'] });
    const before = newId();
    vi.setSystemTime(new Date('2030-01-01T11:59:00.000Z'));
    expect(newId() > before).toBe(true);
  });
});
