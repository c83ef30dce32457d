import { describe, expect, it } from 'vitest';
import { averageDeal, pipelineConversionRate, salesConversionRate } from './conversion-rate.js';

describe('conversion figures', () => {
  it('pipeline: won ÷ deals as a whole percent', () => {
    expect(pipelineConversionRate(1, 3)).toBe(33);
    expect(pipelineConversionRate(2, 3)).toBe(67);
    expect(pipelineConversionRate(0, 0)).toBe(0);
  });
  it('average deal: amount ÷ count to the cent', () => {
    expect(averageDeal(1000, 3)).toBe(333.33);
    expect(averageDeal(0, 0)).toBe(0);
  });
  it('dashboard: sales ÷ contacts with one decimal', () => {
    expect(salesConversionRate(1, 3)).toBe(33.3);
    expect(salesConversionRate(0, 0)).toBe(0);
  });
});
