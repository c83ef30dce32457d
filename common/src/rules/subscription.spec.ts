import { describe, expect, it } from 'vitest';
import { isSubscriptionExpired, subscriptionRemaining } from './subscription.js';

const now = new Date('2026-06-01T12:00:00Z');

describe('isSubscriptionExpired', () => {
  it('is expired when marked expired, even with a future date', () => {
    expect(isSubscriptionExpired({ status: 'expired', expiresAt: '2027-01-01T00:00:00Z' }, now)).toBe(true);
  });
  it('is expired once the expiry date has passed', () => {
    expect(isSubscriptionExpired({ status: 'active', expiresAt: '2026-06-01T11:59:59Z' }, now)).toBe(true);
  });
  it('is not expired before the expiry date', () => {
    expect(isSubscriptionExpired({ status: 'active', expiresAt: new Date('2026-06-02T00:00:00Z') }, now)).toBe(false);
  });
  it('is not expired without an expiry date', () => {
    expect(isSubscriptionExpired({ status: 'inactive', expiresAt: null }, now)).toBe(false);
  });
});

describe('subscriptionRemaining', () => {
  it('is price minus paid, exact to the cent, and never below zero', () => {
    expect(subscriptionRemaining(100, 40)).toBe(60);
    expect(subscriptionRemaining(0.3, 0.1)).toBe(0.2);
    expect(subscriptionRemaining(50, 80)).toBe(0);
    expect(subscriptionRemaining(0, 0)).toBe(0);
  });
});

describe('subscription expiry day', () => {
  it('reads a bare day as the end of that day in Cairo, and names that same day back', async () => {
    const { subscriptionExpiryInstant, subscriptionExpiryDay } = await import('./subscription.js');
    // Cairo is UTC+2 in November: the day ends at 21:59:59.999 UTC
    const end = subscriptionExpiryInstant('2026-11-20')!;
    expect(end.toISOString()).toBe('2026-11-20T21:59:59.999Z');
    expect(subscriptionExpiryDay(end)).toBe('2026-11-20');
    // summer time (UTC+3)
    expect(subscriptionExpiryInstant('2026-07-01')!.toISOString()).toBe('2026-07-01T20:59:59.999Z');
    expect(subscriptionExpiryInstant('2026-07-01T10:00:00Z')!.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(subscriptionExpiryInstant(null)).toBeNull();
  });
});
