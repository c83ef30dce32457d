import { NOTIFICATION_TEXTS } from './store';

const dateTime = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** A notification's (or a last-seen) date; 'Never' when there is none (spec/admin.md "Notifications"). */
export function formatSeenDate(value: string | null | undefined): string {
  if (!value) return NOTIFICATION_TEXTS.never;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? NOTIFICATION_TEXTS.never : dateTime.format(date);
}
