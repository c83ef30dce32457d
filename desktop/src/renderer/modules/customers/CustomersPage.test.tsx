import { screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES, type Language } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, fail } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { todayDay } from '../../lib/format';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { deferred, fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';
import { list, makeContact } from '../contacts/testing/make-contact';

async function openCustomers(handler: CrmHandler, language: Language = 'en') {
  const api = fakeCrmApi(inLanguage(adminUser, language), { 'GET /api/contacts': handler });
  const view = renderApp('/customers');
  await screen.findByRole('heading', { name: catalogueText(language, 'customers:title'), level: 1 });
  return { ...view, ...api };
}
const lastQuery = (requests: ReturnType<typeof fakeCrmApi>['requests']) => requests.filter((r) => r.path === '/api/contacts').at(-1)!.query;

// Typing-heavy tests on a shared 2-core machine: more room than the 5 s default.
describe('Customers', { timeout: 15_000 }, () => {
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

  // One run per language (the Arabic copy of these tests only repeated them): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string | number>) => catalogueText(language, key, values);
    /** Two customers: the plural form each language uses for 2, written out. */
    const TWO_CUSTOMERS = { en: 'customers:count_other', ar: 'customers:count_two' } as const;

    it('lists customers that are not archived: heads, phone left to right, View Profile, count, filters and pager', async () => {
      const customer = makeContact({ name: 'Heba Mansour', email: 'heba@shop.eg', phone: '+201001234567', stage: 'customer' });
      const { requests } = await openCustomers(() => list([customer, makeContact({ name: 'Omar', stage: 'customer' })]), language);
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const table = screen.getByRole('table', { name: text('customers:title') });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['name', 'phone', 'email', 'stage', 'actions'].map((column) => text(`customers:columns.${column}`)));
      const row = (await within(table).findByText('Heba Mansour')).closest('tr')!;
      expect(within(row).getByText('heba@shop.eg')).toBeInTheDocument();
      expect(within(row).getByText('+201001234567').closest('bdi')).toHaveAttribute('dir', 'ltr');
      expect(within(row).getByText(text('contacts:stages.customer'))).toBeInTheDocument();
      expect(within(row).getByRole('link', { name: text('customers:viewProfile') })).toHaveAttribute('href', `/contacts/${customer._id}`);
      expect(screen.getByText(text(TWO_CUSTOMERS[language], { count: 2 }))).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: text('common:search.label') })).toHaveAttribute('placeholder', text('customers:searchPlaceholder'));
      expect(screen.getByRole('button', { name: text('common:dates.today') })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: text('common:dates.thisMonth') })).toBeInTheDocument();
      const pager = screen.getByRole('navigation', { name: text('common:pager.label') });
      expect(within(pager).getByText(text('common:pager.pageOf', { page: 1, pages: 1 }))).toBeInTheDocument();
      expect(within(pager).getByRole('button', { name: text('common:pager.prev') })).toBeDisabled();
      expect(Object.fromEntries(lastQuery(requests))).toMatchObject({ stage: 'customer', isArchived: 'false', page: '1', order: 'desc' });
    });

    it('shows the loading text and then the empty text', async () => {
      const pending = deferred();
      fakeCrmApi(inLanguage(adminUser, language), { 'GET /api/contacts': () => pending.promise });
      renderApp('/customers');
      expect(await screen.findByText(text('customers:loading'))).toBeInTheDocument();
      pending.release(list([]));
      expect(await screen.findByText(text('customers:empty'))).toBeInTheDocument();
    });

    it('counts "3,000+" customers when the server stopped counting at its bound', async () => {
      await openCustomers(() => list([makeContact({ name: 'Heba Mansour', stage: 'customer' })], 3_000, { totalIsLowerBound: true }), language);
      expect(await screen.findByText(text('customers:countAtLeast', { total: '3,000+' }))).toBeInTheDocument();
      const pager = screen.getByRole('navigation', { name: text('common:pager.label') });
      expect(within(pager).getByText(text('common:pager.pageOfAtLeast', { page: 1, pages: 60 }))).toBeInTheDocument();
      expect(within(pager).getByRole('button', { name: text('common:pager.next') })).toBeEnabled();
    });
  });
});
