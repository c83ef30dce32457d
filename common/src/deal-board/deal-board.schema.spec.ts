import { describe, expect, it } from 'vitest';
import { daysInStatus, dealBoardSettingsSchema, isDealStale, moveDealSchema } from './deal-board.schema.js';

const DAY = 86_400_000;
const entered = new Date('2026-03-10T08:00:00Z');

describe('stale deals', () => {
  it('is stale only once longer in its status than the threshold; no threshold is never stale', () => {
    expect(isDealStale(entered, new Date(entered.getTime() + 3 * DAY), 3)).toBe(false);
    expect(isDealStale(entered, new Date(entered.getTime() + 3 * DAY + 1), 3)).toBe(true);
    expect(isDealStale(entered, new Date(entered.getTime() + 900 * DAY), null)).toBe(false);
    expect(isDealStale(entered, new Date(entered.getTime() + 900 * DAY), undefined)).toBe(false);
  });

  it('counts whole days in the status', () => {
    expect(daysInStatus(entered, new Date(entered.getTime() + 2 * DAY - 1))).toBe(1);
    expect(daysInStatus(entered, new Date(entered.getTime() - DAY))).toBe(0);
  });
});

describe('board inputs', () => {
  it('trims the lost reason; a blank one is none', () => {
    expect(moveDealSchema.parse({ status: 'lost', lostReason: '  Too expensive ' })).toEqual({ status: 'lost', lostReason: 'Too expensive' });
    expect(moveDealSchema.parse({ status: 'lost', lostReason: '   ' })).toEqual({ status: 'lost' });
    expect(moveDealSchema.safeParse({ status: 'closed' }).success).toBe(false);
  });

  it('takes whole positive days per known status, or null', () => {
    expect(dealBoardSettingsSchema.safeParse({ staleDays: { new: 3, won: null }, lostReasons: ['x'] }).success).toBe(true);
    expect(dealBoardSettingsSchema.safeParse({ staleDays: { new: 1.5 }, lostReasons: [] }).success).toBe(false);
    expect(dealBoardSettingsSchema.safeParse({ staleDays: { new: 0 }, lostReasons: [] }).success).toBe(false);
    expect(dealBoardSettingsSchema.safeParse({ staleDays: { closed: 3 }, lostReasons: [] }).success).toBe(false);
    expect(dealBoardSettingsSchema.safeParse({ staleDays: {}, lostReasons: [' '] }).success).toBe(false);
  });
});
