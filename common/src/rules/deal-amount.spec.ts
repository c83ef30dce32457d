import { describe, expect, it } from 'vitest';
import { dealAmount, resolveDealAmount, roundMoney } from './deal-amount.js';

describe('dealAmount', () => {
  it('sums price × qty, qty defaulting to 1', () => {
    expect(dealAmount([{ price: 250, qty: 2 }, { price: 99.5 }])).toBe(599.5);
  });
  it('is 0 for no products and treats a missing price as 0', () => {
    expect(dealAmount([])).toBe(0);
    expect(dealAmount(undefined)).toBe(0);
    expect(dealAmount([{ qty: 3 }])).toBe(0);
  });
  it('rounds to the cent', () => {
    expect(dealAmount([{ price: 0.1 }, { price: 0.2 }])).toBe(0.3);
    expect(roundMoney(10.005)).toBe(10.01);
  });
});

describe('resolveDealAmount', () => {
  const lines = [
    { price: 100, qty: 2 },
    { price: 50, qty: 1 },
  ]; // 250

  it('follows the products while the amount is automatic', () => {
    expect(resolveDealAmount({ lines, current: { amount: 100, manual: false } })).toEqual({ amount: 250, manual: false });
  });
  it('an amount equal to the computed one stays automatic', () => {
    expect(resolveDealAmount({ lines, requestedAmount: 250 })).toEqual({ amount: 250, manual: false });
  });
  it('an amount different from the computed one becomes manual', () => {
    expect(resolveDealAmount({ lines, requestedAmount: 230 })).toEqual({ amount: 230, manual: true });
  });
  it('a manual amount is kept when the products change', () => {
    expect(resolveDealAmount({ lines: [...lines, { price: 1000 }], current: { amount: 230, manual: true } })).toEqual({
      amount: 230,
      manual: true,
    });
  });
  it('amountManual true keeps the amount sent, or the stored one', () => {
    expect(resolveDealAmount({ lines, requestedAmount: 250, requestedManual: true })).toEqual({ amount: 250, manual: true });
    expect(resolveDealAmount({ lines, requestedManual: true, current: { amount: 90, manual: false } })).toEqual({ amount: 90, manual: true });
    expect(resolveDealAmount({ lines, requestedManual: true })).toEqual({ amount: 250, manual: true });
  });
  it('amountManual false or a null amount go back to automatic', () => {
    expect(resolveDealAmount({ lines, requestedAmount: 999, requestedManual: false, current: { amount: 5, manual: true } })).toEqual({
      amount: 250,
      manual: false,
    });
    expect(resolveDealAmount({ lines, requestedAmount: null, current: { amount: 5, manual: true } })).toEqual({ amount: 250, manual: false });
  });
  it('a manual flag without a stored amount falls back to the products', () => {
    expect(resolveDealAmount({ lines, current: { amount: null, manual: true } })).toEqual({ amount: 250, manual: false });
  });
});
