import { i18n, intlLocale } from '../../i18n';

/**
 * A notification's (or a last-seen) date in the user's language and digits; 'Never' when there is
 * none. The caller re-renders on a language switch (useTranslation).
 */
export function formatSeenDate(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return i18n.t('notifications:never');
  return new Intl.DateTimeFormat(intlLocale(), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(date);
}
