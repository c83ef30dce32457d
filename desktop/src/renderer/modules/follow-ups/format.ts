import { i18n } from '../../i18n';
import { formatDateTime as formatLocalDateTime, formatNumber } from '../../lib/format';

/** A step's delay as the cards and logs show it: "24 h" ("24 س" in Arabic). */
export const formatDelay = (hours: number): string => i18n.t('followups:delayHours', { hours: formatNumber(hours) });

/** A moment with its time, in the user's locale and digits; '-' when absent. */
export const formatDateTime = (value: string | null | undefined): string => formatLocalDateTime(value);
