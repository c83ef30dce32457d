/**
 * The deal amount rule: the amount is the sum of
 * price × qty (qty 1 when unset) over the deal's products, until a user sets the amount by hand;
 * from then on it is kept. The renderer's deal editor and the server's PATCH both call these.
 */

export type DealLine = { qty?: number | null; price?: number | null };

/** Money to the cent, so 0.1 + 0.2 reads as 0.3. */
export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Σ price × qty over the lines; a missing qty counts as 1, a missing price as 0. */
export function dealAmount(lines: readonly DealLine[] | null | undefined): number {
  let sum = 0;
  for (const line of lines ?? []) {
    const qty = line.qty ?? 1;
    const price = line.price ?? 0;
    sum += price * qty;
  }
  return roundMoney(sum);
}

export type DealAmountInput = {
  /** The deal's products after the change. */
  lines: readonly DealLine[];
  /** The amount the client sent: undefined when it did not send one, null to clear it. */
  requestedAmount?: number | null;
  /** What the client says about the amount: true = typed by hand, false = back to automatic. */
  requestedManual?: boolean;
  /** What is stored now. */
  current?: { amount: number | null; manual: boolean };
};

export type DealAmountResult = { amount: number; manual: boolean };

/**
 * Decides the amount to keep after an edit:
 * - `requestedManual: false` → back to automatic: the computed amount;
 * - `requestedManual: true` → manual: the amount sent (or the stored one when none was sent);
 * - an amount sent that differs from the computed one → the user typed it: manual;
 * - an amount sent equal to the computed one, or null → automatic;
 * - no amount sent → a manual amount stays as it is, an automatic one follows the products.
 */
export function resolveDealAmount(input: DealAmountInput): DealAmountResult {
  const computed = dealAmount(input.lines);
  const current = input.current ?? { amount: null, manual: false };
  const requested = input.requestedAmount;

  if (input.requestedManual === false) return { amount: computed, manual: false };
  if (input.requestedManual === true) {
    const amount = requested ?? current.amount ?? computed;
    return { amount: roundMoney(amount), manual: true };
  }
  if (requested === null) return { amount: computed, manual: false };
  if (requested !== undefined) {
    const amount = roundMoney(requested);
    return amount === computed ? { amount, manual: false } : { amount, manual: true };
  }
  if (current.manual && current.amount !== null) return { amount: current.amount, manual: true };
  return { amount: computed, manual: false };
}
