import type { TFunction } from 'i18next';
import { formatNumber } from '../lib/format';

/** A list's total as shown: "1,250", or "3,000+" when the server stopped counting at its bound. */
export function totalText(t: TFunction, total: number, totalIsLowerBound?: boolean): string {
  return totalIsLowerBound ? t('common:atLeast', { total: formatNumber(total) }) : formatNumber(total);
}
