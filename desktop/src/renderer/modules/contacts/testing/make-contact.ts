import type { Contact, ContactList } from '@crm/common';
import { ok } from '../../../test/fake-api';
import { testId } from '../../../test/fake-crm-api';

/** A contact as the server sends it, for the contact screens' tests (never imported by the app). */
export function makeContact(overrides: Partial<Contact> = {}): Contact {
  const salesData = {
    pipeline_status: null,
    amount: null,
    amountManual: false,
    probability: null,
    shippingDetails: { company: null, trackingNumber: null, cost: null, status: null, address: { governorate: null, city: null, street: null }, codAmount: null, codCollected: false },
    ...overrides.salesData,
  };
  return {
    _id: testId(),
    tenantId: '0190a0b0-0000-7000-8000-0000000000aa',
    name: 'Mona Hassan',
    phone: '+201001234567',
    email: null,
    address: null,
    notes: null,
    stage: 'lead',
    assignedTo: null,
    source: 'manual',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    isArchived: false,
    hasActiveFollowUp: false,
    stageHistory: [],
    products: [],
    ...overrides,
    salesData,
  };
}

export const list = (items: Contact[], total = items.length, extra: Partial<ContactList> = {}): Response => ok({ items, total, ...extra });
