/** The stock badge: 0 or below is out (red), at or below minQty is low (yellow), else fine (green). */
export const STOCK_LEVELS = ['out', 'low', 'ok'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

export function stockLevel(stockQty: number, minQty: number): StockLevel {
  if (stockQty <= 0) return 'out';
  if (stockQty <= minQty) return 'low';
  return 'ok';
}

/** Whether a stock change crossed down to the product's minimum (or below): the moment admins are told. */
export function reachedMinimum(before: number, after: number, minQty: number): boolean {
  return before > minQty && after <= minQty;
}
