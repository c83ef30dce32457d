import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, dayIn, isValidTimeZone, monthStartIn } from '@crm/common';
import { intlLocale, useLocaleStore } from '../i18n';

/*
 * Every number, amount and date goes through Intl with the user's chosen locale (i18n/locale.ts):
 * 'en', or Arabic as 'ar-EG' (Arabic-Indic digits, when the user asked for them) or
 * 'ar-EG-u-nu-latn' (Latin digits, the default). React components that show these values use
 * `useIntlLocale()` or `useTranslation()` so a language switch re-renders them.
 */

interface ZoneOption {
  /** An IANA zone, e.g. the tenant's; the user's own zone when absent. */
  timeZone?: string;
}

/** Dates as the chosen locale writes them, e.g. "Nov 22, 2026" / "22 نوفمبر 2026". Invalid input shows '-'. */
export function formatDate(value: string | number | Date | null | undefined, options: ZoneOption = {}): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(intlLocale(), { year: 'numeric', month: 'short', day: 'numeric', timeZone: options.timeZone }).format(date);
}

// Building an Intl formatter costs far more than using one (a locale lookup each time): the
// dashboard's cards and every list row format with the same few, so each is built once.
const numberFormatters = new Map<string, Intl.NumberFormat>();

/** A plain number with the locale's separators and digits: "12,500" / "12,500" / "١٢٬٥٠٠". */
export function formatNumber(value: number | null | undefined, options: Intl.NumberFormatOptions = {}): string {
  const locale = intlLocale();
  const key = `${locale}:${JSON.stringify(options)}`;
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    numberFormatters.set(key, formatter);
  }
  return formatter.format(value ?? 0);
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount in the tenant's currency (EGP; subscriptions pass `currency: 'USD'`; ARCHITECTURE
 * "Money and statuses") with thousands separators, the one money format of the app: two decimals,
 * or none when the amount is whole ("EGP 1,250.50", "EGP 1,250"; never "EGP 1,250.5"). English
 * writes the code, Arabic the locale's own symbol ("12,500 ج.م."). `whole` rounds to the unit
 * (averages). Show it with <Money> (ui/Money.tsx), which keeps it on one line and left to right.
 */
export function formatMoney(amount: number | null | undefined, options: { currency?: string; whole?: boolean } = {}): string {
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const value = Number.isFinite(amount) ? (amount as number) : 0;
  // Decided on the amount as shown (to the cent): 1250.004 is "1,250", 1250.5 is "1,250.50".
  const cents = Math.round(Math.abs(value) * 100) % 100;
  const digits = options.whole || cents === 0 ? 0 : 2;
  const locale = intlLocale();
  const key = `${locale}:${currency}:${digits}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: useLocaleStore.getState().language === 'en' ? 'code' : 'symbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormatters.set(key, formatter);
  }
  // Intl separates the code with a no-break space: keep it, it stops "EGP" wrapping alone.
  return formatter.format(digits === 0 ? Math.round(value) : value);
}

/** Date and time as the chosen locale writes them, e.g. "Nov 22, 2026, 02:05 PM", in `timeZone` when given. */
export function formatDateTime(value: string | null | undefined, options: ZoneOption = {}): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(intlLocale(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: options.timeZone,
  }).format(date);
}

/** The user's IANA time zone: date filters are whole days there (the server's default is Cairo). */
export function userTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone !== checkedZone) {
    // checking a zone builds a second formatter: once per zone the system reports, not per call
    checkedZone = zone;
    validZone = Boolean(zone) && isValidTimeZone(zone);
  }
  return validZone ? zone : DEFAULT_TIME_ZONE;
}
let checkedZone: string | undefined;
let validZone = false;

/** Today as YYYY-MM-DD in the user's zone (the "Today" quick filter). */
export const todayDay = (now: Date = new Date()): string => dayIn(now, userTimeZone());
/** The first day of this month (the "Month" / "This Month" quick filter). */
export const monthStartDay = (now: Date = new Date()): string => monthStartIn(now, userTimeZone());

/** A calendar day (YYYY-MM-DD) as the user's locale writes it; no time zone can shift it. */
export function formatDay(day: string | null | undefined): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day || '-';
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** "negotiation" → "Negotiation". */
export const capitalize = (value: string): string => (value ? value[0].toUpperCase() + value.slice(1) : value);
