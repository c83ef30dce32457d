import { describe, expect, it } from 'vitest';
import { averageDealSize, conversionRate, isWonDeal, percentOf, repConversionRate, winRate } from './kpis.js';

describe('the sales figures', () => {
  it('only a won deal is revenue', () => {
    expect(isWonDeal('won')).toBe(true);
    for (const s of ['new', 'negotiation', 'lost', null, undefined, '']) expect(isWonDeal(s)).toBe(false);
  });
  it('conversion rate: won deals ÷ contacts with two decimals, 0 when none', () => {
    expect(conversionRate(1, 7)).toBe(14.29);
    expect(conversionRate(2, 3)).toBe(66.67);
    expect(conversionRate(1, 8)).toBe(12.5);
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(3, 0)).toBe(0);
  });
  it('win rate on the pipeline: won ÷ deals, whole percent', () => {
    expect(winRate(1, 3)).toBe(33);
    expect(winRate(2, 3)).toBe(67);
    expect(winRate(0, 0)).toBe(0);
  });
  it('average deal size to the cent', () => {
    expect(averageDealSize(1000, 3)).toBe(333.33);
    expect(averageDealSize(1.005, 1)).toBe(1.01);
    expect(averageDealSize(500, 0)).toBe(0);
  });
  it("a rep's conversion: deals ÷ assigned × 100 with one decimal, 0 when none assigned", () => {
    expect(repConversionRate(1, 3)).toBe(33.3);
    expect(repConversionRate(2, 3)).toBe(66.7);
    expect(repConversionRate(0, 0)).toBe(0);
    expect(repConversionRate(4, 4)).toBe(100);
  });
  it('percentOf rounds half up', () => {
    expect(percentOf(1, 8, 1)).toBe(12.5);
    expect(percentOf(1, 16, 1)).toBe(6.3);
  });
});
