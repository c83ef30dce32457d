import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fail } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { todayDay } from '../../lib/format';
import { deferred, fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';
import { list, makeContact } from '../contacts/testing/make-contact';

async function openCustomers(handler: CrmHandler) {
  const api = fakeCrmApi(adminUser, { 'GET /api/contacts': handler });
  const view = renderApp('/customers');
  await screen.findByRole('heading', { name: 'Customers', level: 1 });
  return { ...view, ...api };
}
const lastQuery = (requests: ReturnType<typeof fakeCrmApi>['requests']) => requests.filter((r) => r.path === '/api/contacts').at(-1)!.query;

// Typing-heavy tests on a shared 2-core machine: more room than the 5 s default.
describe('Customers', { timeout: 15_000 }, () => {
  it('lists customers that are not archived: Name, Phone, Email, Stage and View Profile', async () => {
    const customer = makeContact({ name: 'Heba Mansour', email: 'heba@shop.eg', stage: 'customer' });
    const { requests } = await openCustomers(() => list([customer]));
    const table = screen.getByRole('table', { name: 'Customers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Phone', 'Email', 'Stage', 'Actions']);
    const row = (await within(table).findByText('Heba Mansour')).closest('tr')!;
    expect(within(row).getByText('heba@shop.eg')).toBeInTheDocument();
    expect(within(row).getByText('customer')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', `/contacts/${customer._id}`);
    expect(Object.fromEntries(lastQuery(requests))).toMatchObject({ stage: 'customer', isArchived: 'false', page: '1', order: 'desc' });
  });

  it("shows 'Loading customers...' and then 'No customers found for the selected period.'", async () => {
    const pending = deferred();
    fakeCrmApi(adminUser, { 'GET /api/contacts': () => pending.promise });
    renderApp('/customers');
    expect(await screen.findByText('Loading customers...')).toBeInTheDocument();
    pending.release(list([]));
    expect(await screen.findByText('No customers found for the selected period.')).toBeInTheDocument();
  });

  it("shows the server's error text, else 'Unknown error'-style fallbacks", async () => {
    await openCustomers(() => fail(503, 'Service unavailable'));
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
  });

  it('searches 300 ms after typing stops, and the quick filters set the dates', async () => {
    const { user, requests } = await openCustomers(() => list([makeContact({ stage: 'customer' })]));
    await screen.findByText('Mona Hassan');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'heba');
    await waitFor(() => expect(lastQuery(requests).get('q')).toBe('heba'));
    expect(requests.filter((r) => r.path === '/api/contacts').map((r) => r.query.get('q'))).toEqual([null, 'heba']);

    const today = todayDay();
    await user.click(screen.getByRole('button', { name: 'This Month' }));
    await waitFor(() => expect(lastQuery(requests).get('from')).toBe(`${today.slice(0, 8)}01`));
    expect(lastQuery(requests).get('to')).toBe(today);
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(lastQuery(requests).get('from')).toBe(today));
    expect(lastQuery(requests).get('q')).toBe('heba');
  });

  it("counts '3,000+ customers' when the server stopped counting at its bound", async () => {
    await openCustomers(() => list([makeContact({ name: 'Heba Mansour', stage: 'customer' })], 3_000, { totalIsLowerBound: true }));
    expect(await screen.findByText('3,000+ customers')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Page 1 of 60+')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
