import type { SubscriptionStatus } from '../constants.js';
import { DEFAULT_TIME_ZONE, dayIn, isCalendarDay, nextDay, startOfDay } from './day-range.js';

/**
 * A company's subscription has run out when the super administrator marked it expired, or when
 * its expiry date has passed. A company with no expiry date set is not expired.
 */
export function isSubscriptionExpired(subscription: { status: SubscriptionStatus | string; expiresAt: Date | string | null | undefined }, now: Date = new Date()): boolean {
  if (subscription.status === 'expired') return true;
  if (!subscription.expiresAt) return false;
  return new Date(subscription.expiresAt).getTime() <= now.getTime();
}

/** What is still owed on a subscription: price − paid, in cents-exact dollars, never below 0. */
export function subscriptionRemaining(price: number, paidAmount: number): number {
  return Math.max(0, Math.round((price - paidAmount) * 100) / 100);
}

/**
 * The instant a subscription runs out, from what the super administrator typed: a calendar day
 * (YYYY-MM-DD) lasts until the end of that day in the company's time zone (its last millisecond);
 * an ISO date-time is that instant. Companies have no time-zone setting: the product's default.
 */
export function subscriptionExpiryInstant(value: string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): Date | null {
  if (!value) return null;
  if (isCalendarDay(value)) return new Date(startOfDay(nextDay(value), timeZone).getTime() - 1);
  return new Date(value);
}

/** The calendar day (YYYY-MM-DD, company time zone) a subscription expires on, as its users are told. */
export function subscriptionExpiryDay(expiresAt: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dayIn(new Date(expiresAt), timeZone);
}
