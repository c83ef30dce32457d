import { describe, expect, it } from 'vitest';
import { reachedMinimum, stockLevel } from './stock-level.js';

describe('stockLevel', () => {
  it('is out at 0 or below, low at or below the minimum, else ok', () => {
    expect(stockLevel(0, 5)).toBe('out');
    expect(stockLevel(-2, 0)).toBe('out');
    expect(stockLevel(5, 5)).toBe('low');
    expect(stockLevel(1, 5)).toBe('low');
    expect(stockLevel(6, 5)).toBe('ok');
    expect(stockLevel(1, 0)).toBe('ok');
  });
});

describe('reachedMinimum', () => {
  it('is true only when the stock crosses down to the minimum', () => {
    expect(reachedMinimum(6, 5, 5)).toBe(true);
    expect(reachedMinimum(6, 0, 5)).toBe(true);
    expect(reachedMinimum(5, 4, 5)).toBe(false);
    expect(reachedMinimum(4, 6, 5)).toBe(false);
  });
});
