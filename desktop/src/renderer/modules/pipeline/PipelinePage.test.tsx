import { screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES, PIPELINE_STATUSES, type PipelineTotals } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeCrmApi, testId, type CrmHandler } from '../../test/fake-crm-api';
import { list, makeContact } from '../contacts/testing/make-contact';

const totals: PipelineTotals = {
  count: 23,
  amount: 54_300,
  byStatus: PIPELINE_STATUSES.map((status, i) => ({ status, count: i + 1, amount: (i + 1) * 1000 })),
  won: { count: 6, amount: 6000 },
  conversionRate: 26,
  averageDeal: 2360.87,
};
const oud = { _id: testId(), name: 'Oud Perfume 50ml', sku: 'PRF', category: null, price: 1200, stockQty: 1, minQty: 0, notes: null, updatedAt: '' };

const deal = makeContact({
  name: 'Tarek Helmy',
  stage: 'sales',
  products: [
    { productId: { _id: oud._id, name: oud.name, sku: oud.sku, price: 1200 }, qty: 2, price: 1200 },
    { productId: null, qty: 1, price: 100 },
  ],
  salesData: { pipeline_status: 'won', amount: 2500, amountManual: false, probability: 100, shippingDetails: { ...makeContact().salesData.shippingDetails, status: 'shipped' } },
});
const bare = makeContact({ name: 'Aya Zaki', stage: 'sales' });

async function openPipeline(handler: CrmHandler = () => list([deal, bare], 23, { totals })) {
  const api = fakeCrmApi(adminUser, { 'GET /api/contacts': handler, 'GET /api/products': () => ok({ items: [oud], total: 1 }) });
  const view = renderApp('/sales');
  await screen.findByRole('heading', { name: 'Sales Pipeline', level: 1 });
  return { ...view, ...api };
}
const lastQuery = (requests: ReturnType<typeof fakeCrmApi>['requests']) => requests.filter((r) => r.path === '/api/contacts').at(-1)!.query;

// Typing-heavy tests on a shared 2-core machine: more room than the 5 s default.
describe('Sales Pipeline', { timeout: 15_000 }, () => {
  it('asks for deals 10 a page with the totals of the whole filtered set, and shows them in tiles', async () => {
    const { requests } = await openPipeline();
    await screen.findByText('Tarek Helmy');
    expect(Object.fromEntries(lastQuery(requests))).toMatchObject({ stage: 'sales', limit: '10', page: '1', withTotals: 'true', order: 'desc' });

    const tile = (name: string) => screen.getByRole('group', { name });
    expect(tile('Total Deals (Filtered)')).toHaveTextContent('23');
    expect(within(tile('Pipeline Value (Filtered)')).getByText('EGP 54,300')).toBeInTheDocument();
    expect(tile('Won (Filtered)')).toHaveTextContent('6');
    expect(within(tile('Won (Filtered)')).getByText('EGP 6,000')).toBeInTheDocument();
    expect(tile('Win Rate (Filtered)')).toHaveTextContent('26%');
    expect(within(tile('Avg. Deal (Filtered)')).getByText('EGP 2,361')).toBeInTheDocument();
    // A tile per canonical status with its count and amount.
    for (const [i, status] of PIPELINE_STATUSES.entries()) {
      expect(screen.getByRole('button', { name: new RegExp(`^${status}: ${i + 1} deals, `, 'i') })).toBeInTheDocument();
    }
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('shows each deal: amount in EGP, status badges, N/A without shipping, products as name × qty', async () => {
    const { user } = await openPipeline();
    const table = screen.getByRole('table', { name: 'Deals' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Contact Name', 'Phone', 'Amount', 'Pipeline Status', 'Shipping Status', 'Products', 'Created At', 'Actions']);
    const row = (await within(table).findByText('Tarek Helmy')).closest('tr')!;
    expect(within(row).getByText('EGP 2,500')).toBeInTheDocument();
    expect(within(row).getByText('won').closest('[data-status]')).toHaveAttribute('data-status', 'won');
    expect(within(row).getByText('shipped')).toBeInTheDocument();
    expect(within(row).getByText('Oud Perfume 50ml × 2')).toBeInTheDocument();
    // One line per deal: the first product, '+1' for the other, every product in the tooltip.
    expect(within(row).queryByText('Deleted product × 1')).not.toBeInTheDocument();
    const badges = within(row).getByLabelText('Oud Perfume 50ml × 2, Deleted product × 1');
    expect(within(badges).getByText('+1')).toBeInTheDocument();
    await user.hover(badges);
    expect(await screen.findByText('Oud Perfume 50ml × 2 · Deleted product × 1', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', `/contacts/${deal._id}`);
    // Actions stay whole and in view on a narrow window (1280 px cut 'View Profil'): the
    // column holds to the table's inline end, on one line, while the others scroll under it.
    const actionsHead = within(table).getByRole('columnheader', { name: 'Actions' });
    const actionsCell = within(row).getByRole('link', { name: 'View Profile' }).closest('td')!;
    for (const cell of [actionsHead, actionsCell]) expect(cell).toHaveStyle({ position: 'sticky', insetInlineEnd: '0px', whiteSpace: 'nowrap' });

    const other = within(table).getByText('Aya Zaki').closest('tr')!;
    expect(within(other).getByText('new')).toBeInTheDocument();
    expect(within(other).getByText('N/A')).toBeInTheDocument();
    expect(within(other).getByText('EGP 0')).toBeInTheDocument();
  });

  // One run per language (the Arabic copy of this test only repeated it): texts from each catalogue.
  it.for(LANGUAGES)('shows the empty text in %s when nothing matches', async (language) => {
    fakeCrmApi(inLanguage(adminUser, language), { 'GET /api/contacts': () => list([], 0, { totals: { ...totals, count: 0 } }), 'GET /api/products': () => ok({ items: [oud], total: 1 }) });
    renderApp('/sales');
    await screen.findByRole('heading', { name: catalogueText(language, 'pipeline:title'), level: 1 });
    expect(await screen.findByText(catalogueText(language, 'pipeline:empty'))).toBeInTheDocument();
  });

  it("shows the server's error, or 'Failed to load deals', and clears the list", async () => {
    await openPipeline(() => fail(500, 'Query timed out'));
    expect(await screen.findByText('Query timed out')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total Deals (Filtered)' })).toHaveTextContent('0');
  });

  it('filters by status (select or tile), product (on the server) and dates, each time from page 1', async () => {
    const { user, requests } = await openPipeline();
    await screen.findByText('Tarek Helmy');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(requests).get('page')).toBe('2'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'negotiation');
    await waitFor(() => expect(lastQuery(requests).get('pipeline_status')).toBe('negotiation'));
    expect(lastQuery(requests).get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: /^won: /i }));
    await waitFor(() => expect(lastQuery(requests).get('pipeline_status')).toBe('won'));
    expect(screen.getByRole('button', { name: /^won: /i })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: /Oud Perfume 50ml/ }));
    await waitFor(() => expect(lastQuery(requests).get('productId')).toBe(oud._id));

    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(lastQuery(requests).get('from')).toBeTruthy());
    expect(lastQuery(requests).get('productId')).toBe(oud._id);
  });

  it('searches 400 ms after typing stops', async () => {
    const { user, requests } = await openPipeline();
    await screen.findByText('Tarek Helmy');
    const started = Date.now();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'tarek');
    await waitFor(() => expect(lastQuery(requests).get('q')).toBe('tarek'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(requests.filter((r) => r.path === '/api/contacts' && r.query.get('q')).map((r) => r.query.get('q'))).toEqual(['tarek']);
  });

  // One run per language (the Arabic copy only repeated it): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string | number>) => catalogueText(language, `pipeline:${key}`, values);
    const wonOnly: PipelineTotals = {
      count: 2,
      amount: 2500,
      byStatus: PIPELINE_STATUSES.map((status) => ({ status, count: status === 'won' ? 1 : 0, amount: status === 'won' ? 2500 : 0 })),
      won: { count: 1, amount: 2500 },
      conversionRate: 50,
      averageDeal: 1250,
    };

    it('shows the heads, tiles, filters and a deleted product in the language and its direction', async () => {
      const heba = makeContact({ name: 'هبة منصور', phone: '+201001234567', stage: 'sales', products: [{ productId: null, qty: 2, price: 100 }] });
      fakeCrmApi(inLanguage(adminUser, language), { 'GET /api/contacts': () => list([heba], 1, { totals: wonOnly }), 'GET /api/products': () => ok({ items: [], total: 0 }) });
      renderApp('/sales');
      await screen.findByRole('heading', { name: text('title'), level: 1 });
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const table = screen.getByRole('table', { name: text('tableLabel') });
      const row = (await within(table).findByText(heba.name!)).closest('tr')!;
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['contactName', 'phone', 'amount', 'pipelineStatus', 'shippingStatus', 'products', 'createdAt', 'actions'].map((column) => text(`columns.${column}`)));
      expect(within(row).getByText('+201001234567')).toHaveAttribute('dir', 'ltr');
      expect(within(row).getByText(text('productLine', { name: text('deletedProduct'), qty: 2 }))).toBeInTheDocument();
      expect(within(row).getByRole('link', { name: text('viewProfile') })).toBeInTheDocument();
      expect(screen.getByRole('group', { name: text('summary.totalDeals') })).toHaveTextContent('2');
      expect(screen.getByRole('group', { name: text('summary.conversionRate') })).toHaveTextContent(text('summary.conversionDetail'));
      const wonTile = text('byStatus.tile', { status: text('status.won'), deals: 1, amount: 'AMOUNT' }).split('AMOUNT')[0];
      expect(screen.getByRole('button', { name: (name) => name.startsWith(wonTile) })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: text('filters.status') })).toHaveTextContent(text('filters.allStatuses'));
    });
  });
});
