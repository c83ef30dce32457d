import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';
import { list } from '../contacts/testing/make-contact';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

async function openAddLeadInArabic(handlers: Record<string, CrmHandler> = {}) {
  const api = fakeCrmApi(arabicAdmin, { 'GET /api/contacts': () => list([]), 'GET /api/auth/users': () => ok([]), ...handlers });
  const view = renderApp('/leads/new');
  await screen.findByRole('heading', { name: 'إضافة عميل محتمل جديد', level: 1 });
  return { ...view, ...api };
}

/** The new-lead form and the import card in Arabic, right to left. */
describe('Add New Lead in Arabic', { timeout: 15_000 }, () => {
  it('shows Arabic labels, the import card, and words the form rules in Arabic', async () => {
    const { user, to } = await openAddLeadInArabic();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('link', { name: 'العودة إلى العملاء المحتملين' })).toHaveAttribute('href', '/leads');
    expect(screen.getByRole('heading', { name: 'بيانات العميل المحتمل' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'الاستيراد من Excel / CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'استيراد العملاء المحتملين' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'البريد الإلكتروني' }), 'salma@');
    await user.click(screen.getByRole('button', { name: 'إضافة العميل المحتمل' }));
    expect(await screen.findByText('الاسم مطلوب')).toBeInTheDocument();
    expect(screen.getByText('الهاتف مطلوب')).toBeInTheDocument();
    expect(screen.getByText('يجب أن يكون البريد الإلكتروني صحيحًا')).toBeInTheDocument();
    expect(to('POST', '/api/contacts')).toHaveLength(0);
  });

  it('words a server error by its code in Arabic', async () => {
    const { user } = await openAddLeadInArabic({
      'POST /api/contacts': () => json(409, { ok: false, error: 'A contact with this phone number already exists: Ali (+201001234567).', code: 'contact.phone_taken' }),
    });
    await user.type(screen.getByRole('textbox', { name: /الاسم/ }), 'Ali');
    await user.type(screen.getByRole('textbox', { name: /الهاتف/ }), '01001234567');
    await user.click(screen.getByRole('button', { name: 'إضافة العميل المحتمل' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('توجد جهة اتصال بهذا الرقم بالفعل.');
  });

  it('words skipped import rows in Arabic by their code', async () => {
    const { user } = await openAddLeadInArabic({
      'POST /api/contacts/import': () =>
        ok({
          message: 'Import finished',
          total: 1,
          created: 0,
          updated: 0,
          skipped: 1,
          skippedRows: [{ row: 2, code: 'assigned_elsewhere', reason: 'Already a contact, assigned to someone else' }],
          rejected: [],
        }),
    });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['name,phone\n'], 'leads.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'استيراد العملاء المحتملين' }));
    const table = await screen.findByRole('table', { name: 'الصفوف المتخطاة' }, { timeout: 5000 });
    expect(table).toHaveTextContent('جهة اتصال موجودة بالفعل ومُسندة إلى شخص آخر');
  });

  it('says in Arabic how many imports are ahead of a waiting one', async () => {
    const waiting = {
      _id: 'imp-ar',
      status: 'queued',
      fileName: 'leads.csv',
      ahead: 3,
      rows: 1,
      processed: 0,
      result: { message: 'Waiting: 3 imports ahead of yours.', total: 1, created: 0, updated: 0, skipped: 0, skippedRows: [], rejected: [] },
      error: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      startedAt: null,
      finishedAt: null,
    };
    const { user } = await openAddLeadInArabic({
      'POST /api/contacts/import': () => json(202, { ok: true, data: waiting }),
      'GET /api/contacts/imports/imp-ar': () => ok(waiting),
    });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['name,phone\n'], 'leads.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'استيراد العملاء المحتملين' }));
    expect(await screen.findByRole('status')).toHaveTextContent('في الانتظار: 3 عمليات استيراد قبل استيرادك');
  });
});
