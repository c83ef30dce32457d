import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, dayIn, isValidTimeZone, monthStartIn } from '@crm/common';

/** Dates as the user's locale writes them, e.g. "22 Nov 2026". Invalid input shows '-'. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

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

/** A calendar day (YYYY-MM-DD) as the user's locale writes it; no time zone can shift it. */
export function formatDay(day: string | null | undefined): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day || '-';
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/** "negotiation" → "Negotiation". */
export const capitalize = (value: string): string => (value ? value[0].toUpperCase() + value.slice(1) : value);
