import { screen, waitFor, within } from '@testing-library/react';
import type { Contact, StageHistoryEntry } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, json, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { deferred, fakeCrmApi, testId, type CrmHandler } from '../../test/fake-crm-api';
import { makeContact } from './testing/make-contact';
import { makeRun } from '../follow-ups/testing';
import userEvent from '@testing-library/user-event';

const oud = { _id: testId(), name: 'Oud Perfume 50ml', sku: 'PRF-OUD', category: 'Perfume', price: 1200, stockQty: 5, minQty: 1, notes: null, updatedAt: '2026-11-01T00:00:00Z' };
const musk = { ...oud, _id: testId(), name: 'White Musk 12ml', sku: 'PRF-MSK', price: 180 };
const bosta = { _id: testId(), name: 'Bosta', contactPerson: null, phone: null, trackingURL: null, createdAt: '', updatedAt: '' };

async function openProfile(contact: Contact, handlers: Record<string, CrmHandler> = {}, user = adminUser) {
  const api = fakeCrmApi(user, {
    [`GET /api/contacts/${contact._id}`]: () => ok(contact),
    'GET /api/products': ({ query }) => ok({ items: [oud, musk].filter((p) => p.name.toLowerCase().includes((query.get('q') ?? '').toLowerCase())), total: 2 }),
    'GET /api/shipping': () => ok({ items: [bosta], total: 1 }),
    ...handlers,
  });
  const view = renderApp(`/contacts/${contact._id}`);
  await screen.findByRole('heading', { level: 1, name: contact.name || contact.phone });
  return { ...view, ...api };
}

const history = (n: number): StageHistoryEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    _id: testId(),
    from: i % 2 === 0 ? 'lead' : 'customer',
    to: i % 2 === 0 ? 'customer' : 'lead',
    timestamp: new Date(Date.UTC(2026, 10, 1 + i, 9)).toISOString(),
    changedBy: { _id: adminUser._id, name: `Changer ${i + 1}` },
  }));

// Typing-heavy tests on a shared 2-core machine: more room than the 5 s default.
describe('Contact profile', { timeout: 15_000 }, () => {
  it("shows 'Loading profile...' and then 'Contact not found.'", async () => {
    const pending = deferred();
    fakeCrmApi(adminUser, { 'GET /api/contacts/0190a0b0-0000-7000-8000-00000000dead': () => pending.promise });
    renderApp('/contacts/0190a0b0-0000-7000-8000-00000000dead');
    expect(await screen.findByText('Loading profile...')).toBeInTheDocument();
    pending.release(fail(404, 'Contact not found.'));
    expect(await screen.findByText('Contact not found.')).toBeInTheDocument();
  });

  it("tells a sales user that a colleague's contact is assigned to someone else, not 'Contact not found.'", async () => {
    const id = '0190a0b0-0000-7000-8000-00000000cafe';
    fakeCrmApi(salesUser, {
      [`GET /api/contacts/${id}`]: () => json(403, { ok: false, code: 'contact.assigned_elsewhere', error: 'This contact is assigned to someone else. Ask an admin to reassign it to you.' }),
    });
    renderApp(`/contacts/${id}`);
    expect(await screen.findByText('This contact is assigned to someone else. Ask an admin to reassign it to you.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Contact not found.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Leads' })).toHaveAttribute('href', '/leads');
  });

  it("alerts with the server error when the profile cannot be loaded (the spec's Arabic alert, in English for an English user)", async () => {
    fakeCrmApi(adminUser, { 'GET /api/contacts/0190a0b0-0000-7000-8000-00000000beef': () => fail(500, 'Database unavailable') });
    renderApp('/contacts/0190a0b0-0000-7000-8000-00000000beef');
    expect((await screen.findAllByText(`Failed to load the contact's data: Database unavailable`)).length).toBeGreaterThan(0);
  });

  it('shows the header (name, email, stage, assignee) and the contact details with a read-only phone', async () => {
    const contact = makeContact({ name: 'Mona Hassan', email: 'mona@shop.eg', address: 'Maadi', notes: 'VIP', assignedTo: { _id: salesUser._id, name: 'Sara Sales' } });
    await openProfile(contact);
    const header = screen.getByRole('region', { name: 'Contact summary' });
    expect(within(header).getByText('mona@shop.eg')).toBeInTheDocument();
    expect(within(header).getByText('lead')).toBeInTheDocument();
    expect(within(header).getByText('Assigned to Sara Sales')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Phone')).toHaveValue('+201001234567');
    expect(screen.getByLabelText('Address')).toHaveValue('Maadi');
    expect(screen.getByLabelText('Notes')).toHaveValue('VIP');
    // The deal section belongs to the sales stage only.
    expect(screen.queryByRole('button', { name: 'Sales Deal and Shipping Details' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact Details' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the phone as the title of a contact without a name, and Unassigned', async () => {
    await openProfile(makeContact({ name: null, phone: '+201234567890' }));
    expect(screen.getByRole('heading', { level: 1, name: '+201234567890' })).toBeInTheDocument();
    expect(screen.getByText('Unassigned')).toBeInTheDocument();
  });

  it('collapses and expands a section', async () => {
    const { user } = await openProfile(makeContact());
    const control = screen.getByRole('button', { name: 'Management & History' });
    await user.click(control);
    expect(control).toHaveAttribute('aria-expanded', 'false');
    await user.click(control);
    expect(control).toHaveAttribute('aria-expanded', 'true');
  });

  it.each([
    ['lead', ['Convert to Customer']],
    ['customer', ['Move to Sales', 'Revert to Lead']],
    ['sales', ['Revert to Lead']],
  ] as const)('offers the stage buttons of a %s', async (stage, buttons) => {
    await openProfile(makeContact({ stage }));
    for (const label of ['Convert to Customer', 'Move to Sales', 'Revert to Lead']) {
      if ((buttons as readonly string[]).includes(label)) expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
      else expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
    }
  });

  it('asks before changing the stage, sends it, and shows the new stage and history', async () => {
    const contact = makeContact({ stage: 'lead' });
    const converted = {
      ...contact,
      stage: 'customer' as const,
      stageHistory: [{ _id: testId(), from: 'lead' as const, to: 'customer' as const, timestamp: '2026-11-21T12:00:00Z', changedBy: { _id: adminUser._id, name: 'Amira Admin' } }],
    };
    const { user, to } = await openProfile(contact, { [`PATCH /api/contacts/${contact._id}/stage`]: () => ok(converted) });

    await user.click(screen.getByRole('button', { name: 'Convert to Customer' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(to('PATCH', `/api/contacts/${contact._id}/stage`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Convert to Customer' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('from lead to customer');
    await user.click(within(dialog).getByRole('button', { name: 'Convert to Customer' }));
    expect(await screen.findByText('Contact stage changed successfully')).toBeInTheDocument();
    expect(to('PATCH', `/api/contacts/${contact._id}/stage`)[0].body).toEqual({ stage: 'customer' });
    expect(await screen.findByRole('button', { name: 'Move to Sales' })).toBeInTheDocument();
    expect(screen.getByText(/by Amira Admin/)).toBeInTheDocument();
  });

  it('alerts with the server error when the stage change is refused', async () => {
    const contact = makeContact({ stage: 'customer' });
    const { user } = await openProfile(contact, { [`PATCH /api/contacts/${contact._id}/stage`]: () => fail(409, 'A contact cannot move from customer to sales.') });
    await user.click(screen.getByRole('button', { name: 'Move to Sales' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Move to Sales' }));
    expect(await screen.findByText(`Failed to change the stage: A contact cannot move from customer to sales.`)).toBeInTheDocument();
  });

  it('shows the last 5 stage changes, newest first, and the created date', async () => {
    await openProfile(makeContact({ stage: 'lead', stageHistory: history(7) }));
    const items = screen.getAllByText(/ · by Changer /).map((node) => node.textContent?.match(/Changer \d+/)?.[0]);
    expect(items).toEqual(['Changer 7', 'Changer 6', 'Changer 5', 'Changer 4', 'Changer 3']);
    expect(screen.getByText(/^Created: /)).toBeInTheDocument();
  });

  it('names the first history row by how the contact began, not as a move from lead to lead', async () => {
    const stageHistory = [
      { _id: testId(), from: null, to: 'lead' as const, timestamp: '2026-11-20T09:00:00Z', changedBy: null },
      { _id: testId(), from: 'lead' as const, to: 'customer' as const, timestamp: '2026-11-21T12:00:00Z', changedBy: null },
    ];
    await openProfile(makeContact({ stage: 'customer', stageHistory }));
    expect(screen.getByText('Created as lead')).toBeInTheDocument();
    expect(screen.getByText('lead → customer')).toBeInTheDocument();
    expect(screen.queryByText('lead → lead')).not.toBeInTheDocument();
  });

  it("shows the chat's hand-overs: from whom to whom, by whom, with the note", async () => {
    const handOvers = [
      {
        _id: '0190a0b0-0000-7000-8000-00000000f001',
        from: { _id: '0190a0b0-0000-7000-8000-00000000f002', name: 'Samir Sales' },
        to: { _id: '0190a0b0-0000-7000-8000-00000000f003', name: 'Omar Sales' },
        note: 'She wants the red one',
        timestamp: '2026-11-20T10:00:00.000Z',
        changedBy: { _id: '0190a0b0-0000-7000-8000-00000000f004', name: 'Amira Admin' },
      },
    ];
    await openProfile(makeContact({ handOvers }));
    const list = screen.getByLabelText('Hand-overs');
    expect(within(list).getByText('Samir Sales → Omar Sales')).toBeInTheDocument();
    expect(within(list).getByText('Note: She wants the red one')).toBeInTheDocument();
    expect(within(list).getByText(/ · by Amira Admin/)).toBeInTheDocument();
  });

  it("shows the deal's pipeline moves with who, when and why it was lost", async () => {
    const pipelineHistory = [
      { _id: testId(), from: 'proposal' as const, to: 'lost' as const, lostReason: 'Too expensive', timestamp: '2026-11-22T10:00:00Z', changedBy: { _id: adminUser._id, name: 'Amira Admin' } },
      { _id: testId(), from: null, to: 'new' as const, lostReason: null, timestamp: '2026-11-20T09:00:00Z', changedBy: null },
    ];
    await openProfile(makeContact({ stage: 'sales', pipelineHistory }));
    const moves = screen.getByLabelText('Pipeline History');
    expect(within(moves).getByText('proposal → lost')).toBeInTheDocument();
    expect(within(moves).getByText('Reason: Too expensive')).toBeInTheDocument();
    expect(within(moves).getByText(/ · by Amira Admin/)).toBeInTheDocument();
    expect(within(moves).getByText('Deal opened in new')).toBeInTheDocument();
  });

  it("shows the deal's shipping changes: a user's with who made it, the customer's answer to the confirmation as such", async () => {
    const shippingHistory = [
      { _id: testId(), from: 'cancelled' as const, to: 'returned' as const, reason: null, timestamp: '2026-11-23T10:00:00Z', changedBy: { _id: adminUser._id, name: 'Amira Admin' } },
      { _id: testId(), from: 'processing' as const, to: 'cancelled' as const, reason: 'order_cancelled' as const, timestamp: '2026-11-22T10:00:00Z', changedBy: null },
      { _id: testId(), from: null, to: 'processing' as const, reason: 'order_confirmed' as const, timestamp: '2026-11-21T10:00:00Z', changedBy: null },
    ];
    await openProfile(makeContact({ stage: 'sales', shippingHistory }));
    const list = screen.getByLabelText('Shipping History');
    expect(within(list).getByText('cancelled → returned')).toBeInTheDocument();
    expect(within(list).getByText(/ · by Amira Admin/)).toBeInTheDocument();
    expect(within(list).getByText('processing → cancelled')).toBeInTheDocument();
    expect(within(list).getByText('The customer cancelled the order on WhatsApp')).toBeInTheDocument();
    expect(within(list).getByText('Shipping status set to processing')).toBeInTheDocument();
    expect(within(list).getByText('The customer confirmed the order on WhatsApp')).toBeInTheDocument();
  });

  it("shows a sales deal with status 'new' when none is set, and the shipping defaults", async () => {
    await openProfile(makeContact({ stage: 'sales' }));
    expect(screen.getByRole('button', { name: 'Sales Deal and Shipping Details' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Pipeline Status' })).toHaveValue('new');
    expect(
      within(screen.getByRole('combobox', { name: 'Pipeline Status' }))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['new', 'contacted', 'qualified', 'proposal', 'negotiation', 'won', 'lost']);
    expect(screen.getByRole('combobox', { name: 'Shipping Status' })).toHaveValue('pending');
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Shipping Company' })).getByRole('option', { name: 'Bosta' })).toBeInTheDocument());
  });

  it('lets the amount follow the products until it is typed by hand', async () => {
    const contact = makeContact({ stage: 'sales' });
    const { user, to } = await openProfile(contact, { [`PATCH /api/contacts/${contact._id}`]: () => ok(contact) });
    const amount = screen.getByLabelText('Amount (EGP)');
    expect(amount).toHaveValue('0');

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByLabelText('Quantity 1')).toHaveValue('1');
    expect(screen.getByLabelText('Price 1')).toHaveValue('0');

    await user.click(screen.getByRole('combobox', { name: 'Product 1' }));
    await user.click(await screen.findByRole('option', { name: /Oud Perfume 50ml/ }));
    expect(screen.getByLabelText('Price 1')).toHaveValue('1,200');
    expect(amount).toHaveValue('1,200');

    await user.clear(screen.getByLabelText('Quantity 1'));
    await user.type(screen.getByLabelText('Quantity 1'), '2');
    expect(amount).toHaveValue('2,400');

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.click(screen.getByRole('combobox', { name: 'Product 2' }));
    await user.click(await screen.findByRole('option', { name: /White Musk 12ml/ }));
    expect(amount).toHaveValue('2,580');

    // Typed by hand: from now on the products no longer change it.
    await user.clear(amount);
    await user.type(amount, '2500');
    expect(amount).toHaveValue('2,500');
    await user.clear(screen.getByLabelText('Quantity 2'));
    await user.type(screen.getByLabelText('Quantity 2'), '3');
    expect(amount).toHaveValue('2,500');
    expect(screen.getByText(/Set by hand/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));
    await waitFor(() => expect(to('PATCH', `/api/contacts/${contact._id}`)).toHaveLength(1));
    const body = to('PATCH', `/api/contacts/${contact._id}`)[0].body as Record<string, unknown>;
    expect(body.products).toEqual([
      { productId: oud._id, qty: 2, price: 1200 },
      { productId: musk._id, qty: 3, price: 180 },
    ]);
    expect(body.salesData).toMatchObject({ amount: 2500, amountManual: true, pipeline_status: 'new' });
  }, 20_000);

  it('goes back to following the products on request', async () => {
    const contact = makeContact({
      stage: 'sales',
      products: [{ productId: { _id: oud._id, name: oud.name, sku: oud.sku, price: 1200 }, qty: 1, price: 1200 }],
      salesData: { pipeline_status: 'proposal', amount: 999, amountManual: true, probability: 40, shippingDetails: makeContact().salesData.shippingDetails },
    });
    const { user } = await openProfile(contact);
    expect(screen.getByLabelText('Amount (EGP)')).toHaveValue('999');
    await user.click(screen.getByRole('button', { name: 'Follow the products again' }));
    expect(screen.getByLabelText('Amount (EGP)')).toHaveValue('1,200');
  });

  it('keeps the probability between 0 and 100 and a quantity at 1 or more', async () => {
    const { user } = await openProfile(makeContact({ stage: 'sales' }));
    const probability = screen.getByLabelText('Probability (%)');
    await user.type(probability, '150');
    expect(probability).toHaveValue('15');
    await user.clear(probability);
    await user.type(probability, '100');
    expect(probability).toHaveValue('100');
    await user.clear(probability);
    await user.type(probability, '-5');
    expect(probability).toHaveValue('5');

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const qty = screen.getByLabelText('Quantity 1');
    await user.clear(qty);
    await user.type(qty, '0');
    expect(qty).not.toHaveValue('0');
    await user.tab();
    expect(qty).toHaveValue('1');
  });

  it('removes a product row', async () => {
    const { user } = await openProfile(makeContact({ stage: 'sales' }));
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByRole('combobox', { name: 'Product 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove product 2' }));
    expect(screen.queryByRole('combobox', { name: 'Product 2' })).not.toBeInTheDocument();
  });

  it('does not save a product row without a product', async () => {
    const contact = makeContact({ stage: 'sales' });
    const { user, to } = await openProfile(contact);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));
    expect(await screen.findByText('Choose a product')).toBeInTheDocument();
    expect(to('PATCH', `/api/contacts/${contact._id}`)).toHaveLength(0);
  });

  it('saves all changes in one PATCH and confirms', async () => {
    const contact = makeContact({ name: 'Mona', stage: 'customer' });
    const { user, to } = await openProfile(contact, {
      [`PATCH /api/contacts/${contact._id}`]: ({ body }) => ok({ ...contact, ...(body as object) }),
    });
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Mona Adel');
    await user.type(screen.getByLabelText('Email'), 'mona@shop.eg');
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    const calls = to('PATCH', `/api/contacts/${contact._id}`);
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ name: 'Mona Adel', email: 'mona@shop.eg', address: null, notes: null });
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
  });

  it('alerts with the server error when saving fails', async () => {
    const contact = makeContact();
    const { user } = await openProfile(contact, { [`PATCH /api/contacts/${contact._id}`]: () => fail(400, 'Email must be a valid email address') });
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));
    expect(await screen.findByText(`Failed to save the changes: Email must be a valid email address`)).toBeInTheDocument();
  });

  it('lets an admin delete the contact after confirming, then goes to /leads', async () => {
    const contact = makeContact();
    const { user, to, router } = await openProfile(contact, {
      [`DELETE /api/contacts/${contact._id}`]: () => ok({ message: 'Contact deleted.' }),
      'GET /api/contacts': () => ok({ items: [], total: 0 }),
      'GET /api/auth/users': () => ok([]),
    });
    await user.click(screen.getByRole('button', { name: 'Delete Contact' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Contact' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads'));
    expect(to('DELETE', `/api/contacts/${contact._id}`)).toHaveLength(1);
    expect(await screen.findByText('Contact deleted successfully')).toBeInTheDocument();
  });

  it('alerts when the delete fails and stays on the profile', async () => {
    const contact = makeContact();
    const { user, router } = await openProfile(contact, { [`DELETE /api/contacts/${contact._id}`]: () => fail(403, 'Only admins can delete contacts.') });
    await user.click(screen.getByRole('button', { name: 'Delete Contact' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Contact' }));
    expect(await screen.findByText(`Failed to delete the contact: Only admins can delete contacts.`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/contacts/${contact._id}`);
  });

  it('does not offer Delete Contact to a sales user', async () => {
    await openProfile(makeContact({ assignedTo: { _id: salesUser._id, name: salesUser.name } }), {}, salesUser);
    expect(screen.queryByRole('button', { name: 'Delete Contact' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save All Changes' })).toBeInTheDocument();
  });
});

describe('Contact profile: follow-ups', { timeout: 15_000 }, () => {
  it("shows the contact's follow-up sequences with their step log in a Follow-ups section", async () => {
    const contact = makeContact({ name: 'Follow Me', stage: 'lead' });
    const run = makeRun({ contactId: contact._id, templateName: 'Two nudges' });
    await openProfile(contact, { [`GET /api/contacts/${contact._id}/follow-ups`]: () => ok({ items: [run], total: 1 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Follow-ups' }));
    expect(await screen.findByText('Two nudges')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /stop/i })).toBeInTheDocument();
  });
});
