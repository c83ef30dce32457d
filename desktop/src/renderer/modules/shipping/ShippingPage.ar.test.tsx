import { screen, within } from '@testing-library/react';
import type { ShippingCompany, ShippingStatsEntry } from '@crm/common';
import { describe, expect, it } from 'vitest';
import ar from '../../i18n/locales/ar/shipping.json';
import en from '../../i18n/locales/en/shipping.json';
import { adminUser, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, testId, type CrmHandler } from '../contacts/testing/fake-crm-api';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
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
  company: { _id: bosta._id, name: 'بوسطة' },
  totalShipments: 4,
  stats: { pending: 0, processing: 0, shipped: 1, delivered: 2, returned: 1, cancelled: 0 },
  codOutstanding: 600,
};

function openShipping(handlers: Record<string, CrmHandler> = {}) {
  fakeCrmApi(arabicAdmin, {
    'GET /api/shipping': () => ok({ items: [bosta], total: 1 }),
    'GET /api/shipping/stats': () => ok({ items: [bostaStats] }),
    ...handlers,
  });
  return renderApp('/shipping');
}

/** Issue 11: the Shipping screen in Arabic, right to left, every text from the Arabic catalogue. */
describe('Shipping in Arabic', { timeout: 20_000 }, () => {
  it('shows the heading, cards and company table in Arabic, right to left', async () => {
    openShipping();
    await screen.findByRole('heading', { name: ar.title, level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('button', { name: ar.add })).toBeInTheDocument();

    const cards = screen.getByRole('region', { name: ar.cards.label });
    const card = await within(cards).findByRole('article', { name: 'بوسطة' });
    for (const label of [ar.cards.shipments, ar.cards.delivered, ar.cards.returned, ar.cards.cod]) expect(card).toHaveTextContent(label);
    for (const label of [en.cards.shipments, en.cards.delivered, en.cards.returned, en.cards.cod]) expect(card).not.toHaveTextContent(label);
    expect(card).toHaveTextContent('50%');
    expect(card).toHaveTextContent('25%');

    const table = screen.getByRole('table', { name: ar.tableLabel });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(Object.values(ar.columns));
    const row = (await within(table).findByText('عمر')).closest('tr')!;
    expect(row).toHaveTextContent(ar.feesCount_two);
    // Phone and URL stay left to right inside the Arabic row.
    expect(within(row).getByText('https://bosta.co/track/{tracking}').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByRole('button', { name: 'تعديل بوسطة' })).toHaveTextContent(ar.edit);
    expect(within(row).getByRole('button', { name: 'حذف بوسطة' })).toHaveTextContent(ar.delete.button);
  });

  it('says in Arabic that there is nothing to analyze and no company yet', async () => {
    openShipping({ 'GET /api/shipping': () => ok({ items: [], total: 0 }), 'GET /api/shipping/stats': () => ok({ items: [] }) });
    expect(await screen.findByText(ar.cards.empty, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(ar.empty)).toBeInTheDocument();
    expect(screen.queryByText(en.cards.empty)).not.toBeInTheDocument();
  });

  it('asks in Arabic before deleting a company', async () => {
    const { user } = openShipping();
    const table = await screen.findByRole('table', { name: ar.tableLabel });
    await user.click(await within(table).findByRole('button', { name: 'حذف بوسطة' }));
    const confirm = await screen.findByRole('dialog', { name: ar.delete.title });
    expect(confirm).toHaveTextContent(ar.delete.confirm.replace('{{name}}', 'بوسطة'));
    expect(within(confirm).getByRole('button', { name: ar.delete.cancel })).toBeInTheDocument();
  });
});
