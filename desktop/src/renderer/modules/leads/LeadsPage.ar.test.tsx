import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, testId } from '../../test/fake-crm-api';
import { list, makeContact } from '../contacts/testing/make-contact';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
const sara = { ...salesUser, _id: testId(), name: 'Sara Sales' };

async function openLeadsInArabic(handlers: Parameters<typeof fakeCrmApi>[1] = {}) {
  const api = fakeCrmApi(arabicAdmin, {
    'GET /api/contacts': () => list([makeContact({ name: 'هبة منصور', phone: '+201001234567' }), makeContact({ name: 'Omar' })], 2),
    'GET /api/auth/users': () => ok([sara]),
    ...handlers,
  });
  const view = renderApp('/leads');
  await screen.findByRole('heading', { name: /^العملاء المحتملون \(/, level: 1 });
  return { ...view, ...api };
}

/** The leads list and its assignment dialog in Arabic, right to left. */
describe('Leads in Arabic', { timeout: 15_000 }, () => {
  it('shows Arabic heads, filters, actions and the assignment dialog', async () => {
    const { user } = await openLeadsInArabic();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { name: 'العملاء المحتملون (2)' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'العملاء المحتملون' });
    const row = (await within(table).findByText('هبة منصور')).closest('tr')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'الاسم', 'الهاتف', 'مسند إلى', 'تاريخ الإنشاء', 'المرحلة', 'الإجراءات']);
    expect(within(row).getByText('+201001234567')).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByRole('link', { name: 'عرض هبة منصور' })).toHaveTextContent('عرض');
    expect(screen.getByRole('textbox', { name: 'بحث' })).toHaveAttribute('placeholder', 'الاسم أو الهاتف أو البريد الإلكتروني');
    expect(screen.getByRole('combobox', { name: 'مسند إلى' })).toHaveTextContent('كل المستخدمين');
    expect(screen.getByRole('button', { name: 'تصدير' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+ إضافة عميل محتمل' })).toBeInTheDocument();

    await user.click(within(row).getByRole('checkbox', { name: 'تحديد هبة منصور' }));
    await user.click(screen.getByRole('button', { name: 'إسناد المحدد (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'إسناد إلى موظف مبيعات' });
    expect(within(dialog).getByText('تم تحديد عميل محتمل واحد.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الإسناد' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('يرجى اختيار موظف مبيعات.');
  });

  it('shows the empty text in Arabic', async () => {
    await openLeadsInArabic({ 'GET /api/contacts': () => list([]) });
    expect(await screen.findByText('لا يوجد عملاء محتملون.')).toBeInTheDocument();
  });

  it('words a server error by its code in Arabic', async () => {
    await openLeadsInArabic({ 'GET /api/contacts': () => json(400, { ok: false, error: 'From must not be after To.', code: 'date_range.invalid' }) });
    expect(await screen.findByText('يجب ألا يكون تاريخ البداية بعد تاريخ النهاية.')).toBeInTheDocument();
  });

  it('shows a total the server stopped counting at as "3,000+" in Arabic', async () => {
    await openLeadsInArabic({ 'GET /api/contacts': () => list([makeContact({ name: 'هبة منصور' })], 3_000, { totalIsLowerBound: true }) });
    expect(await screen.findByRole('heading', { name: 'العملاء المحتملون (3,000+)' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'التنقل بين الصفحات' })).getByText('صفحة 1 من 60+')).toBeInTheDocument();
  });
});
