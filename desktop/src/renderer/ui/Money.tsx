import { useIntlLocale } from '../i18n';
import { formatMoney } from '../lib/format';
import { Ltr } from './Ltr';

/**
 * An amount as the app shows money everywhere: formatMoney's one format ("EGP 1,250.50",
 * "EGP 1,250"), left to right inside Arabic text, and on one line: it never breaks inside the
 * number, whatever the width. `data-amount` lets the browser checks find every amount.
 */
export function Money({ amount, currency, whole }: { amount: number | null | undefined; currency?: string; whole?: boolean }) {
  // Re-render on a language or digits switch: the text is formatted in the chosen locale.
  useIntlLocale();
  return (
    <span data-amount="" className="amount">
      <Ltr nowrap>{formatMoney(amount, { currency, whole })}</Ltr>
    </span>
  );
}
