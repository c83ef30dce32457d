import { z } from 'zod';

/**
 * Lists count their rows exactly up to this many. Counting every match of a common word costs a
 * read of each; past this bound nobody pages through the rest, they narrow the search instead.
 */
export const TOTAL_BOUND = 3_000;

/** A page's `total` with its bound: `totalIsLowerBound` says "at least `total`" (shown as "3,000+"). */
export const boundedTotalShape = {
  total: z.number().meta({ description: `Rows over every page: exact up to ${TOTAL_BOUND}, or the page's end when it is deeper` }),
  totalIsLowerBound: z.boolean().optional().meta({ description: 'Present and true when there are more rows than `total` (counting stopped at the bound)' }),
};

export type BoundedTotal = { total: number; totalIsLowerBound?: true };

/**
 * The total to answer when counting stopped after `cap` rows (`counted` ≤ cap): exact below the
 * cap, "at least cap − 1" at it. The cap is one more than the larger of the bound and the end of
 * the page asked for, so a deep page still tells whether a next one exists.
 */
export function boundedTotal(counted: number, cap: number): BoundedTotal {
  return counted >= cap ? { total: cap - 1, totalIsLowerBound: true } : { total: counted };
}

/** How many rows to count at most for a page at `offset` of `limit` rows (see boundedTotal). */
export const countCap = (offset: number, limit: number): number => Math.max(TOTAL_BOUND, offset + limit) + 1;
