import { screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES, type ShippingCompany, type ShippingStatsEntry } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeCrmApi, testId, type CrmHandler } from '../../test/fake-crm-api';

const bosta: ShippingCompany = {
  _id: testId(),
  name: 'Bosta',
  contactPerson: 'Omar',
  phone: '+201001234567',
  trackingURL: 'https://bosta.co/track/{tracking}',
  governorateFees: [{ governorate: 'cairo', fee: 45 }],
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
};
const bostaStats: ShippingStatsEntry = {
  company: { _id: bosta._id, name: 'Bosta' },
  totalShipments: 10,
  stats: { pending: 3, processing: 2, shipped: 1, delivered: 3, returned: 1, cancelled: 0 },
  codOutstanding: 600,
};

function openShipping(handlers: Record<string, CrmHandler> = {}) {
  const api = fakeCrmApi(adminUser, {
    'GET /api/shipping': () => ok({ items: [bosta], total: 1 }),
    'GET /api/shipping/stats': () => ok({ items: [bostaStats] }),
    ...handlers,
  });
  return { ...renderApp('/shipping'), ...api };
}

describe('Shipping', { timeout: 20_000 }, () => {
  it('shows a performance card per company and the company table', async () => {
    openShipping();
    expect(await screen.findByRole('heading', { name: 'Shipping Analytics & Management', level: 1 })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Bosta' });
    expect(card).toHaveTextContent('Shipments10');
    expect(card).toHaveTextContent('Delivered rate30%');
    expect(card).toHaveTextContent('Returned rate10%');
    expect(card).toHaveTextContent(/COD outstanding\s*EGP\s600/);
    // the spec's per-company counts, as the server counted them over all deals
    const counts = within(card).getByLabelText('Shipments of Bosta by status');
    const count = (label: string) => within(counts).getByText(label).closest('[data-stat]');
    expect(count('Shipped')).toHaveTextContent('Shipped1');
    expect(count('Delivered')).toHaveTextContent('Delivered3');
    expect(count('Pending')).toHaveTextContent('Pending3');
    expect(count('Processing')).toHaveTextContent('Processing2');
    const table = screen.getByRole('table', { name: 'Shipping companies' });
    const row = (await within(table).findByText('Omar')).closest('tr')!;
    expect(row).toHaveTextContent('https://bosta.co/track/{tracking}');
    expect(row).toHaveTextContent('1 governorate');
  });

  it("shows 'No shipping data available to analyze.' without shipments", async () => {
    openShipping({ 'GET /api/shipping/stats': () => ok({ items: [{ ...bostaStats, totalShipments: 0 }] }) });
    expect(await screen.findByText('No shipping data available to analyze.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('adds a company with a governorate fee, requiring a name', async () => {
    const { user, to } = openShipping({ 'POST /api/shipping': () => ok(bosta) });
    await user.click(await screen.findByRole('button', { name: '+ Add Shipping Company' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Shipping Company' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Mylerz');
    await user.click(within(dialog).getByRole('button', { name: 'Add governorate fee' }));
    await user.click(within(dialog).getAllByLabelText('Governorate')[0]);
    await user.click(await screen.findByRole('option', { name: 'Giza' }, { timeout: 5000 }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Fee' }), '55');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(to('POST', '/api/shipping')).toHaveLength(1));
    expect(to('POST', '/api/shipping')[0].body).toMatchObject({ name: 'Mylerz', governorateFees: [{ governorate: 'giza', fee: 55 }] });
  });

  it('refuses a tracking URL that is not http(s) before sending it', async () => {
    const { user, to } = openShipping({ [`PATCH /api/shipping/${bosta._id}`]: () => ok(bosta) });
    await user.click(await screen.findByRole('button', { name: 'Edit Bosta' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Shipping Company' });
    const url = within(dialog).getByRole('textbox', { name: /Tracking URL/ });
    for (const bad of ['javascript:alert(1)//{tracking}', 'bosta.co/track/{tracking}']) {
      await user.clear(url);
      await user.click(url);
      await user.paste(bad);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('Enter a web address starting with http:// or https://')).toBeInTheDocument();
    }
    expect(to('PATCH', `/api/shipping/${bosta._id}`)).toHaveLength(0);
    await user.clear(url);
    await user.click(url);
    await user.paste('https://bosta.co/t/{tracking}');
    expect(within(dialog).queryByText('Enter a web address starting with http:// or https://')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(to('PATCH', `/api/shipping/${bosta._id}`)).toHaveLength(1));
    expect(to('PATCH', `/api/shipping/${bosta._id}`)[0].body).toMatchObject({ trackingURL: 'https://bosta.co/t/{tracking}' });
  });

  it('deletes after a confirmation', async () => {
    const { user, to } = openShipping({ [`DELETE /api/shipping/${bosta._id}`]: () => ok({ message: 'ok' }) });
    await user.click(await screen.findByRole('button', { name: 'Delete Bosta' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete shipping company' });
    expect(dialog).toHaveTextContent('keep their tracking and address');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(to('DELETE', `/api/shipping/${bosta._id}`)).toHaveLength(1));
  });

  // One run per language (the Arabic copy only repeated these): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string | number>) => catalogueText(language, `shipping:${key}`, values);
    const other = language === 'ar' ? 'en' : 'ar';
    /** Two governorates: the plural form each language uses for 2 (Arabic has a dual). */
    const TWO_GOVERNORATES = { en: 'feesCount_other', ar: 'feesCount_two' } as const;
    const bosta: ShippingCompany = {
      _id: testId(),
      name: 'بوسطة',
      contactPerson: 'عمر',
      phone: '+201001234567',
      trackingURL: 'https://bosta.co/track/{tracking}',
      governorateFees: [
        { governorate: 'cairo', fee: 45 },
        { governorate: 'giza', fee: 50 },
      ],
      createdAt: '2026-11-01T00:00:00Z',
      updatedAt: '2026-11-01T00:00:00Z',
    };
    const bostaStats: ShippingStatsEntry = {
      company: { _id: bosta._id, name: bosta.name },
      totalShipments: 4,
      stats: { pending: 0, processing: 0, shipped: 1, delivered: 2, returned: 1, cancelled: 0 },
      codOutstanding: 600,
    };
    function openIn(handlers: Record<string, CrmHandler> = {}) {
      fakeCrmApi(inLanguage(adminUser, language), { 'GET /api/shipping': () => ok({ items: [bosta], total: 1 }), 'GET /api/shipping/stats': () => ok({ items: [bostaStats] }), ...handlers });
      return renderApp('/shipping');
    }

    it('shows the heading, cards and company table in the language and its direction, none of the other language', async () => {
      openIn();
      await screen.findByRole('heading', { name: text('title'), level: 1 });
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      expect(document.documentElement).toHaveAttribute('lang', language);
      expect(screen.getByRole('button', { name: text('add') })).toBeInTheDocument();

      const cards = screen.getByRole('region', { name: text('cards.label') });
      const card = await within(cards).findByRole('article', { name: bosta.name });
      const labels = ['shipments', 'delivered', 'returned', 'cod'];
      for (const label of labels) expect(card).toHaveTextContent(text(`cards.${label}`));
      for (const label of labels) expect(card).not.toHaveTextContent(catalogueText(other, `shipping:cards.${label}`));
      const counts = within(card).getByLabelText(text('cards.countsLabel', { name: bosta.name }));
      expect(within(counts).getByText(text('cards.counts.shipped')).closest('[data-stat]')).toHaveTextContent(`${text('cards.counts.shipped')}1`);
      expect(within(counts).getByText(text('cards.counts.delivered')).closest('[data-stat]')).toHaveTextContent(`${text('cards.counts.delivered')}2`);
      expect(card).toHaveTextContent('50%');
      expect(card).toHaveTextContent('25%');

      const table = screen.getByRole('table', { name: text('tableLabel') });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['name', 'contactPerson', 'phone', 'trackingURL', 'fees', 'actions'].map((column) => text(`columns.${column}`)));
      const row = (await within(table).findByText(bosta.contactPerson!)).closest('tr')!;
      expect(row).toHaveTextContent(text(TWO_GOVERNORATES[language], { count: 2 }));
      expect(within(row).getByText(bosta.trackingURL!).closest('bdi')).toHaveAttribute('dir', 'ltr');
      expect(within(row).getByRole('button', { name: text('editLabel', { name: bosta.name }) })).toHaveTextContent(new RegExp(`^${text('edit')}$`));
      expect(within(row).getByRole('button', { name: text('delete.label', { name: bosta.name }) })).toHaveTextContent(new RegExp(`^${text('delete.button')}$`));
    });

    it('says that there is nothing to analyze and no company yet', async () => {
      openIn({ 'GET /api/shipping': () => ok({ items: [], total: 0 }), 'GET /api/shipping/stats': () => ok({ items: [] }) });
      expect(await screen.findByText(text('cards.empty'), {}, { timeout: 5000 })).toBeInTheDocument();
      expect(await screen.findByText(text('empty'))).toBeInTheDocument();
      expect(screen.queryByText(catalogueText(other, 'shipping:cards.empty'))).not.toBeInTheDocument();
    });

    it('asks before deleting a company', async () => {
      const { user } = openIn();
      const table = await screen.findByRole('table', { name: text('tableLabel') });
      await user.click(await within(table).findByRole('button', { name: text('delete.label', { name: bosta.name }) }));
      const confirm = await screen.findByRole('dialog', { name: text('delete.title') });
      expect(confirm).toHaveTextContent(text('delete.confirm', { name: bosta.name }));
      expect(within(confirm).getByRole('button', { name: text('delete.cancel') })).toBeInTheDocument();
    });
  });
});
