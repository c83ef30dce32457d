import type { SubscriptionStatus } from '../constants.js';

/**
 * A company's subscription has run out when the super administrator marked it expired, or when
 * its expiry date has passed. A company with no expiry date set is not expired.
 */
export function isSubscriptionExpired(
  subscription: { status: SubscriptionStatus | string; expiresAt: Date | string | null | undefined },
  now: Date = new Date(),
): boolean {
  if (subscription.status === 'expired') return true;
  if (!subscription.expiresAt) return false;
  return new Date(subscription.expiresAt).getTime() <= now.getTime();
}

/** What is still owed on a subscription: price − paid, in cents-exact dollars, never below 0. */
export function subscriptionRemaining(price: number, paidAmount: number): number {
  return Math.max(0, Math.round((price - paidAmount) * 100) / 100);
}
