import { screen, within } from '@testing-library/react';
import { PIPELINE_STATUSES, type PipelineTotals } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';
import { list, makeContact } from '../contacts/testing/make-contact';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
const totals: PipelineTotals = {
  count: 2,
  amount: 2500,
  byStatus: PIPELINE_STATUSES.map((status) => ({ status, count: status === 'won' ? 1 : 0, amount: status === 'won' ? 2500 : 0 })),
  won: { count: 1, amount: 2500 },
  conversionRate: 50,
  averageDeal: 1250,
};

async function openPipelineInArabic(handler: CrmHandler) {
  const api = fakeCrmApi(arabicAdmin, { 'GET /api/contacts': handler, 'GET /api/products': () => ok({ items: [], total: 0 }) });
  const view = renderApp('/sales');
  await screen.findByRole('heading', { name: 'مسار المبيعات', level: 1 });
  return { ...view, ...api };
}

/** The sales pipeline in Arabic, right to left. The empty text runs in both languages in PipelinePage.test.tsx. */
describe('Sales Pipeline in Arabic', { timeout: 15_000 }, () => {
  it('shows Arabic heads, tiles, filters and a deleted product', async () => {
    const deal = makeContact({ name: 'هبة منصور', phone: '+201001234567', stage: 'sales', products: [{ productId: null, qty: 2, price: 100 }] });
    await openPipelineInArabic(() => list([deal], 1, { totals }));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const table = screen.getByRole('table', { name: 'الصفقات' });
    const row = (await within(table).findByText('هبة منصور')).closest('tr')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['اسم جهة الاتصال', 'الهاتف', 'المبلغ', 'حالة الصفقة', 'حالة الشحن', 'المنتجات', 'تاريخ الإنشاء', 'الإجراءات']);
    expect(within(row).getByText('+201001234567')).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByText('منتج محذوف × 2')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'عرض الملف' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'إجمالي الصفقات (حسب التصفية)' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'معدل الفوز (حسب التصفية)' })).toHaveTextContent('الناجحة ÷ الصفقات');
    expect(screen.getByRole('button', { name: /^ناجحة: عدد الصفقات 1، / })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'الحالة' })).toHaveTextContent('كل الحالات');
  });

  it('words a server error by its code in Arabic', async () => {
    await openPipelineInArabic(() => json(400, { ok: false, error: 'From must not be after To.', code: 'date_range.invalid' }));
    expect(await screen.findByText('يجب ألا يكون تاريخ البداية بعد تاريخ النهاية.')).toBeInTheDocument();
  });
});
