import { screen, within } from '@testing-library/react';
import type { ShippingCompany, ShippingStatsEntry } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, testId, type CrmHandler } from '../../test/fake-crm-api';

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

/**
 * The Shipping screen in Arabic, right to left, every text from the Arabic catalogue.
 * The expected texts are written out (not read from the catalogue), so a key missing from the
 * Arabic catalogue, which would show the English fallback, fails here.
 */
describe('Shipping in Arabic', { timeout: 20_000 }, () => {
  it('shows the heading, cards and company table in Arabic, right to left', async () => {
    openShipping();
    await screen.findByRole('heading', { name: 'تحليلات وإدارة الشحن', level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('button', { name: '+ إضافة شركة شحن' })).toBeInTheDocument();

    const cards = screen.getByRole('region', { name: 'الأداء حسب شركة الشحن' });
    const card = await within(cards).findByRole('article', { name: 'بوسطة' });
    for (const label of ['الشحنات', 'نسبة التسليم', 'نسبة المرتجعات', 'تحصيل عند الاستلام متبقٍ']) expect(card).toHaveTextContent(label);
    const counts = within(card).getByLabelText('شحنات بوسطة حسب الحالة');
    expect(within(counts).getByText('تم الشحن').closest('[data-stat]')).toHaveTextContent('تم الشحن1');
    expect(within(counts).getByText('تم التسليم').closest('[data-stat]')).toHaveTextContent('تم التسليم2');
    for (const label of ['Shipments', 'Delivered rate', 'Returned rate', 'COD outstanding']) expect(card).not.toHaveTextContent(label);
    expect(card).toHaveTextContent('50%');
    expect(card).toHaveTextContent('25%');

    const table = screen.getByRole('table', { name: 'شركات الشحن' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['الاسم', 'مسؤول التواصل', 'الهاتف', 'رابط التتبع', 'رسوم المحافظات', 'الإجراءات']);
    const row = (await within(table).findByText('عمر')).closest('tr')!;
    expect(row).toHaveTextContent('محافظتان');
    // Phone and URL stay left to right inside the Arabic row.
    expect(within(row).getByText('https://bosta.co/track/{tracking}').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByRole('button', { name: 'تعديل بوسطة' })).toHaveTextContent(/^تعديل$/);
    expect(within(row).getByRole('button', { name: 'حذف بوسطة' })).toHaveTextContent(/^حذف$/);
  });

  it('says in Arabic that there is nothing to analyze and no company yet', async () => {
    openShipping({ 'GET /api/shipping': () => ok({ items: [], total: 0 }), 'GET /api/shipping/stats': () => ok({ items: [] }) });
    expect(await screen.findByText('لا توجد بيانات شحن لتحليلها.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('لا توجد شركات شحن بعد.')).toBeInTheDocument();
    expect(screen.queryByText('No shipping data available to analyze.')).not.toBeInTheDocument();
  });

  it('asks in Arabic before deleting a company', async () => {
    const { user } = openShipping();
    const table = await screen.findByRole('table', { name: 'شركات الشحن' });
    await user.click(await within(table).findByRole('button', { name: 'حذف بوسطة' }));
    const confirm = await screen.findByRole('dialog', { name: 'حذف شركة الشحن' });
    expect(confirm).toHaveTextContent('حذف بوسطة؟ تحتفظ الصفقات المشحونة معها برقم التتبع والعنوان لكنها لن تذكر اسم الشركة، وتخرج من إحصاءاتها.');
    expect(within(confirm).getByRole('button', { name: 'إلغاء' })).toBeInTheDocument();
  });
});
