import { screen, waitFor, within } from '@testing-library/react';
import type { Contact, ShippingCompany } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, testId, type CrmHandler } from '../../test/fake-crm-api';
import { makeContact } from './testing/make-contact';

const company = (overrides: Partial<ShippingCompany>): ShippingCompany => ({
  _id: testId(),
  name: 'Courier',
  contactPerson: null,
  phone: null,
  trackingURL: null,
  governorateFees: [],
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...overrides,
});

const bosta = company({
  name: 'Bosta',
  trackingURL: 'https://bosta.co/tracking-shipments?shipment-number={tracking}',
  governorateFees: [
    { governorate: 'cairo', fee: 60 },
    { governorate: 'alexandria', fee: 75 },
  ],
});
const aramex = company({ name: 'Aramex', trackingURL: 'https://www.aramex.com/track', governorateFees: [{ governorate: 'cairo', fee: 90 }] });

const shippingOf = (patch: Partial<Contact['salesData']['shippingDetails']>): Contact['salesData'] => ({
  ...makeContact().salesData,
  shippingDetails: { ...makeContact().salesData.shippingDetails, ...patch },
});

async function openDeal(contact: Contact, handlers: Record<string, CrmHandler> = {}) {
  const api = fakeCrmApi(adminUser, {
    [`GET /api/contacts/${contact._id}`]: () => ok(contact),
    'GET /api/products': () => ok({ items: [], total: 0 }),
    'GET /api/shipping': () => ok({ items: [bosta, aramex], total: 2 }),
    ...handlers,
  });
  const view = renderApp(`/contacts/${contact._id}`);
  await screen.findByRole('heading', { level: 1, name: contact.name || contact.phone });
  const companySelect = screen.getByRole('combobox', { name: 'Shipping Company' });
  await waitFor(() => expect(within(companySelect).getByRole('option', { name: 'Bosta' })).toBeInTheDocument());
  return { ...view, ...api, companySelect, governorate: screen.getByRole('combobox', { name: 'Governorate' }), cost: screen.getByLabelText('Shipping Cost (EGP)') };
}

describe('Deal editor: shipping', { timeout: 20_000 }, () => {
  it('never links a tracking URL that is not http(s), such as one stored before they were refused', async () => {
    const evil = company({ name: 'Evil Couriers', trackingURL: 'javascript:alert(document.cookie)//{tracking}' });
    const contact = makeContact({ stage: 'sales', salesData: shippingOf({ company: { _id: evil._id, name: 'Evil Couriers' }, trackingNumber: 'EG1' }) });
    await openDeal(contact, { 'GET /api/shipping': () => ok({ items: [bosta, aramex, evil], total: 3 }) });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Shipping Company' })).toHaveValue(evil._id));
    expect(screen.getByLabelText('Tracking Number')).toHaveValue('EG1');
    expect(screen.queryByRole('link', { name: 'Track the parcel' })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript:" i]')).toBeNull();
  });

  it("links the tracking number to the parcel on the company's site when its tracking URL holds {tracking}", async () => {
    const contact = makeContact({ stage: 'sales', salesData: shippingOf({ company: { _id: bosta._id, name: 'Bosta' }, trackingNumber: 'EG 42/7' }) });
    const { user, companySelect } = await openDeal(contact);
    const link = await screen.findByRole('link', { name: 'Track the parcel' });
    expect(link).toHaveAttribute('href', 'https://bosta.co/tracking-shipments?shipment-number=EG%2042%2F7');
    expect(link).toHaveAttribute('target', '_blank');

    // The link follows what is typed.
    const tracking = screen.getByLabelText('Tracking Number');
    await user.clear(tracking);
    expect(screen.queryByRole('link', { name: 'Track the parcel' })).not.toBeInTheDocument();
    await user.type(tracking, 'X1');
    expect(screen.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', 'https://bosta.co/tracking-shipments?shipment-number=X1');

    // A company whose URL has no {tracking} gives no link.
    await user.selectOptions(companySelect, 'Aramex');
    expect(screen.queryByRole('link', { name: 'Track the parcel' })).not.toBeInTheDocument();
  });

  it("fills the shipping cost with the chosen company's fee for the chosen governorate, and again on every choice", async () => {
    const { user, companySelect, governorate, cost } = await openDeal(makeContact({ stage: 'sales' }));
    expect(cost).toHaveValue('');

    await user.selectOptions(companySelect, 'Bosta');
    // No governorate yet: nothing to fill.
    expect(cost).toHaveValue('');
    await user.selectOptions(governorate, 'Cairo');
    expect(cost).toHaveValue('60');
    await user.selectOptions(governorate, 'Alexandria');
    expect(cost).toHaveValue('75');

    // Another company: its own fee for the same governorate.
    await user.selectOptions(governorate, 'Cairo');
    await user.selectOptions(companySelect, 'Aramex');
    expect(cost).toHaveValue('90');
  });

  it('keeps a cost typed by hand until the user chooses a company or governorate again, and saves it', async () => {
    const contact = makeContact({ stage: 'sales' });
    const { user, to, companySelect, governorate, cost } = await openDeal(contact, { [`PATCH /api/contacts/${contact._id}`]: () => ok(contact) });
    await user.selectOptions(companySelect, 'Bosta');
    await user.selectOptions(governorate, 'Cairo');
    expect(cost).toHaveValue('60');

    await user.clear(cost);
    await user.type(cost, '45');
    // Editing other shipping fields leaves the typed cost alone.
    await user.type(screen.getByLabelText('City'), 'Nasr City');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Shipping Status' }), 'shipped');
    expect(cost).toHaveValue('45');

    // A governorate the company has no fee for keeps the typed cost rather than wiping it.
    await user.selectOptions(governorate, 'Aswan');
    expect(cost).toHaveValue('45');

    // Choosing again fills the fee again; a cost typed after it is the one saved.
    await user.selectOptions(governorate, 'Alexandria');
    expect(cost).toHaveValue('75');
    await user.clear(cost);
    await user.type(cost, '70');

    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));
    await waitFor(() => expect(to('PATCH', `/api/contacts/${contact._id}`)).toHaveLength(1));
    const body = to('PATCH', `/api/contacts/${contact._id}`)[0].body as { salesData: { shippingDetails: Record<string, unknown> } };
    expect(body.salesData.shippingDetails).toMatchObject({ company: bosta._id, cost: 70, status: 'shipped', address: { governorate: 'alexandria', city: 'Nasr City', street: null } });
  });
});
