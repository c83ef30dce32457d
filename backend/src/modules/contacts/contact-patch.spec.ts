import { describe, expect, it } from 'vitest';
import { contactPatch } from './contact-patch.js';

const now = new Date('2026-01-02T03:04:05Z');

describe('contactPatch', () => {
  it('changes only the fields the request carries, and the update time', () => {
    expect(contactPatch({}, now)).toEqual({ updatedAt: now });
    expect(contactPatch({ name: 'Mona', notes: null, salesData: { probability: 40 } }, now)).toEqual({ updatedAt: now, name: 'Mona', notes: null, probability: 40 });
  });

  it('maps the deal and shipping fields to their columns; null clears a shipping company', () => {
    const patch = contactPatch(
      {
        isArchived: true,
        salesData: {
          pipeline_status: 'won',
          shippingDetails: {
            company: null,
            trackingNumber: 'TR-1',
            cost: 50,
            codAmount: 500,
            codCollected: false,
            status: 'shipped',
            address: { governorate: 'Cairo', city: 'Nasr City', street: '1 Street' },
          },
        },
      },
      now,
    );
    expect(patch).toEqual({
      updatedAt: now,
      isArchived: true,
      pipelineStatus: 'won',
      shippingCompanyId: null,
      shippingTrackingNumber: 'TR-1',
      shippingCost: 50,
      codAmount: 500,
      codCollected: false,
      shippingStatus: 'shipped',
      shippingGovernorate: 'Cairo',
      shippingCity: 'Nasr City',
      shippingStreet: '1 Street',
    });
  });

  it('leaves the products and amount to the deal lines', () => {
    expect(contactPatch({ products: [{ productId: 'p', qty: 1 }], salesData: { amount: 10, amountManual: true } }, now)).toEqual({ updatedAt: now });
  });
});
