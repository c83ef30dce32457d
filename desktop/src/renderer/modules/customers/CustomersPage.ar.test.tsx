import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';
import { list, makeContact } from '../contacts/testing/make-contact';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

async function openCustomersInArabic(handler: CrmHandler) {
  const api = fakeCrmApi(arabicAdmin, { 'GET /api/contacts': handler });
  const view = renderApp('/customers');
  await screen.findByRole('heading', { name: 'العملاء', level: 1 });
  return { ...view, ...api };
}

/** The customers list in Arabic, right to left, with phone numbers kept left to right. */
describe('Customers in Arabic', { timeout: 15_000 }, () => {
  it('shows Arabic heads, count, filters and pager; phones stay left to right', async () => {
    const customers = [makeContact({ name: 'هبة منصور', phone: '+201001234567', stage: 'customer' }), makeContact({ name: 'Omar', stage: 'customer' })];
    await openCustomersInArabic(() => list(customers));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const table = screen.getByRole('table', { name: 'العملاء' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['الاسم', 'الهاتف', 'البريد الإلكتروني', 'المرحلة', 'الإجراءات']);
    const row = (await within(table).findByText('هبة منصور')).closest('tr')!;
    expect(within(row).getByText('+201001234567').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByRole('link', { name: 'عرض الملف' })).toBeInTheDocument();
    expect(screen.getByText('عميلان')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'بحث' })).toHaveAttribute('placeholder', 'الاسم أو الهاتف أو البريد الإلكتروني');
    expect(screen.getByRole('button', { name: 'اليوم' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'هذا الشهر' })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'التنقل بين الصفحات' });
    expect(within(pager).getByText('صفحة 1 من 1')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'السابق' })).toBeDisabled();
  });

  it('shows the empty text in Arabic, and a server error by its code', async () => {
    await openCustomersInArabic(() => list([]));
    expect(await screen.findByText('لا يوجد عملاء في الفترة المحددة.')).toBeInTheDocument();
  });

  it('words a server error by its code in Arabic', async () => {
    await openCustomersInArabic(() => json(400, { ok: false, error: 'From must not be after To.', code: 'date_range.invalid' }));
    expect(await screen.findByText('يجب ألا يكون تاريخ البداية بعد تاريخ النهاية.')).toBeInTheDocument();
  });

  it('counts "3,000+" customers in Arabic when the server stopped counting at its bound', async () => {
    await openCustomersInArabic(() => list([makeContact({ name: 'هبة منصور', stage: 'customer' })], 3_000, { totalIsLowerBound: true }));
    expect(await screen.findByText('3,000+ عميل')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'التنقل بين الصفحات' })).getByText('صفحة 1 من 60+')).toBeInTheDocument();
  });
});
