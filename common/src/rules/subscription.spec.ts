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
