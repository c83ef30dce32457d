import { describe, expect, it } from 'vitest';
import { assignBulkSchema, contactsQuerySchema, createContactSchema, updateContactSchema } from './contacts.schema.js';

describe('contact schemas', () => {
  it('reads list queries as the lists send them, with defaults', () => {
    expect(contactsQuerySchema.parse({})).toMatchObject({ page: 1, limit: 50, sortBy: 'createdAt', order: 'desc', tz: 'Africa/Cairo' });
    expect(contactsQuerySchema.parse({ stage: '', q: '', assignedTo: '', isArchived: 'false', withTotals: 'true', order: 'ASC' })).toMatchObject({
      stage: undefined,
      q: undefined,
      assignedTo: undefined,
      isArchived: false,
      withTotals: true,
      order: 'asc',
    });
    expect(contactsQuerySchema.safeParse({ assignedTo: 'unassigned' }).success).toBe(true);
    expect(contactsQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(contactsQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
  });

  it('the profile body: blanks clear, product rows take an id or a product object, qty defaults to 1', () => {
    const body = updateContactSchema.parse({
      email: '',
      notes: ' ',
      salesData: { amount: '', probability: '50', shippingDetails: { company: { _id: '0190a000-0000-7000-8000-000000000001' } } },
      products: [{ productId: { _id: '0190a000-0000-7000-8000-000000000002', name: 'X' } }],
      phone: '+20100',
    });
    expect(body).toEqual({
      email: null,
      notes: null,
      salesData: { amount: null, probability: 50, shippingDetails: { company: '0190a000-0000-7000-8000-000000000001' } },
      products: [{ productId: '0190a000-0000-7000-8000-000000000002', qty: 1 }],
    });
  });

  it('new lead and bulk assignment speak the form’s words', () => {
    expect(createContactSchema.safeParse({ name: 'A', phone: '010', email: 'x' }).error?.issues[0].message).toBe('Email must be a valid email address');
    expect(assignBulkSchema.safeParse({ leadIds: [] }).error?.issues[0].message).toBe('No leads selected.');
    expect(assignBulkSchema.safeParse({ leadIds: ['0190a000-0000-7000-8000-000000000001'] }).error?.issues[0].message).toBe('Please select a sales person.');
  });
});
