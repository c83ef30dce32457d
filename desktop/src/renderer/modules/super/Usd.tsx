import { SUBSCRIPTION_CURRENCY } from '@crm/common';
import { Money } from '../../ui/Money';

/** Subscription amounts and the super dashboard are in US dollars. */
export function Usd({ amount }: { amount: number | null | undefined }) {
  return <Money amount={amount} currency={SUBSCRIPTION_CURRENCY} />;
}
