import {
  DEFAULT_CURRENCY,
  DEFAULT_TIME_ZONE,
  dayIn,
  isValidTimeZone,
  monthStartIn,
  type ContactStage,
  type PipelineStatus,
  type ShippingStatus,
} from '@crm/common';
import type { MantineColor } from '@mantine/core';
import { ApiError } from '../../lib/api';

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount in the tenant's currency (EGP; ARCHITECTURE "Money and statuses"), with the currency
 * code in front and thousands separators: "EGP 12,500" / "EGP 99.50".
 */
export function formatMoney(amount: number | null | undefined, options: { currency?: string; whole?: boolean } = {}): string {
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const key = `${currency}:${options.whole ? 0 : 2}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: 0,
      maximumFractionDigits: options.whole ? 0 : 2,
    });
    moneyFormatters.set(key, formatter);
  }
  // Intl separates the code with a no-break space: keep it, it stops "EGP" wrapping alone.
  return formatter.format(amount ?? 0);
}

/** Date and time as the user's locale writes them, e.g. "22 Nov 2026, 14:05". */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date);
}

/** The user's IANA time zone: date filters are whole days there (the server's default is Cairo). */
export function userTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** Today as YYYY-MM-DD in the user's zone (the "Today" quick filter). */
export const todayDay = (now: Date = new Date()): string => dayIn(now, userTimeZone());
/** The first day of this month (the "Month" / "This Month" quick filter). */
export const monthStartDay = (now: Date = new Date()): string => monthStartIn(now, userTimeZone());

/**
 * The catalogue's rule for lists (spec/core.md §8): the server's error text, else the
 * exception's message, else the screen's fallback.
 */
export function listErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverError) return error.serverError;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Arabic alerts of the contact screen carry the server's text after a colon. */
export function withReason(text: string, error: unknown): string {
  const reason = listErrorText(error, '');
  return reason ? `${text}: ${reason}` : text;
}

export const STAGE_COLORS: Record<ContactStage, MantineColor> = { lead: 'blue', customer: 'teal', sales: 'grape' };

/**
 * spec/core.md §4: new gray, contacted blue, qualified indigo, proposal amber, won green, lost red;
 * negotiation (only in the profile's reading) gets violet, between proposal and won.
 */
export const PIPELINE_STATUS_COLORS: Record<PipelineStatus, MantineColor> = {
  new: 'gray',
  contacted: 'blue',
  qualified: 'indigo',
  proposal: 'yellow',
  negotiation: 'violet',
  won: 'green',
  lost: 'red',
};

export const SHIPPING_STATUS_COLORS: Record<ShippingStatus, MantineColor> = {
  pending: 'gray',
  processing: 'blue',
  shipped: 'indigo',
  delivered: 'green',
  returned: 'orange',
  cancelled: 'red',
};

/** "negotiation" → "Negotiation". */
export const capitalize = (value: string): string => (value ? value[0].toUpperCase() + value.slice(1) : value);

/** A calendar day (YYYY-MM-DD) as the user's locale writes it; no time zone can shift it. */
export function formatDay(day: string | null | undefined): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day || '-';
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}
