import { i18n, intlLocale } from '../../i18n';
import { formatNumber } from '../../lib/format';

/**
 * Time and size formats of the messenger, in the user's locale (lib/format.ts's Intl locale).
 * Formatters are cached per locale: the chat list renders many rows.
 */
const formatters = new Map<string, { time: Intl.DateTimeFormat; day: Intl.DateTimeFormat; fullDay: Intl.DateTimeFormat }>();
function formats() {
  const locale = intlLocale();
  let found = formatters.get(locale);
  if (!found) {
    found = {
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
      day: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }),
      fullDay: new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    };
    formatters.set(locale, found);
  }
  return found;
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** A message's time, e.g. "14:05". */
export function formatTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formats().time.format(date);
}

/** The chat list's last-message stamp: the time today, 'Yesterday', else the day. */
export function formatChatStamp(value: string | null, now: Date = new Date()): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days <= 0) return formats().time.format(date);
  if (days === 1) return i18n.t('messenger:chats.yesterday');
  return formats().day.format(date);
}

/** The separator above a day's messages: 'Today', 'Yesterday' or the full date. */
export function formatDayLabel(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return i18n.t('messenger:list.today');
  if (days === 1) return i18n.t('messenger:list.yesterday');
  return formats().fullDay.format(date);
}

export const dayKey = (value: string): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
};

/** The recording timer: mm:ss (in the user's digits). */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => formatNumber(n, { minimumIntegerDigits: 2, useGrouping: false });
  return `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '';
  if (bytes < 1024) return i18n.t('messenger:size.bytes', { size: formatNumber(bytes) });
  if (bytes < 1024 * 1024) return i18n.t('messenger:size.kilobytes', { size: formatNumber(Math.round(bytes / 1024)) });
  return i18n.t('messenger:size.megabytes', { size: formatNumber(bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
}

/** A signed media link carries its expiry (`exp`, seconds); true when it is past or about to be. */
export function isSignedUrlExpired(url: string, now: number = Date.now(), marginMs = 10_000): boolean {
  const match = /[?&]exp=(\d+)/.exec(url);
  if (!match) return false;
  return Number(match[1]) * 1000 - marginMs <= now;
}
