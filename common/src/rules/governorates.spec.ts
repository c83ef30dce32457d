import { describe, expect, it } from 'vitest';
import { EGYPT_GOVERNORATES, governorateName, shipmentRate, shippingFeeFor } from './governorates.js';

describe('governorates', () => {
  it('lists the 27 governorates once each, in English and Arabic', () => {
    expect(EGYPT_GOVERNORATES).toHaveLength(27);
    expect(new Set(EGYPT_GOVERNORATES.map((g) => g.code)).size).toBe(27);
    expect(governorateName('giza', 'ar')).toBe('الجيزة');
    expect(governorateName('Somewhere', 'en')).toBe('Somewhere');
  });
  it('finds the fee by code or name', () => {
    const fees = [{ governorate: 'cairo', fee: 50 }];
    expect(shippingFeeFor(fees, 'cairo')).toBe(50);
    expect(shippingFeeFor(fees, 'Cairo')).toBe(50);
    expect(shippingFeeFor(fees, 'القاهرة')).toBe(50);
    expect(shippingFeeFor(fees, 'giza')).toBeNull();
    expect(shippingFeeFor(fees, null)).toBeNull();
  });
  it('rates in percent with one decimal', () => {
    expect(shipmentRate(1, 3)).toBe(33.3);
    expect(shipmentRate(0, 0)).toBe(0);
  });
});
