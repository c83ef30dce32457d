import { describe, expect, it } from 'vitest';
import { TOTAL_BOUND, boundedTotal, countCap } from './bounded-total.js';

describe('bounded totals', () => {
  it('is exact below the bound and a lower bound at it', () => {
    const cap = countCap(0, 50);
    expect(cap).toBe(TOTAL_BOUND + 1);
    expect(boundedTotal(0, cap)).toEqual({ total: 0 });
    expect(boundedTotal(TOTAL_BOUND, cap)).toEqual({ total: TOTAL_BOUND });
    expect(boundedTotal(TOTAL_BOUND + 1, cap)).toEqual({ total: TOTAL_BOUND, totalIsLowerBound: true });
  });

  it('counts past the bound for a page deeper than it, so the pager knows a next page exists', () => {
    const cap = countCap(4_000, 50);
    expect(boundedTotal(4_050, cap)).toEqual({ total: 4_050 });
    expect(boundedTotal(4_051, cap)).toEqual({ total: 4_050, totalIsLowerBound: true });
  });
});
