import { screen, within } from '@testing-library/react';
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

/**
 * What only Arabic does on the new-lead form and the import card: server errors, skipped and
 * rejected rows worded from their codes (English shows the server's own text), and the plural
 * form Arabic uses for a few waiting imports. The labels and form rules run in both languages in
 * AddLeadPage.test.tsx.
 */
describe('Add New Lead in Arabic', { timeout: 15_000 }, () => {
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

  it('words the summary and every rejected row in Arabic by its code, never the server English', async () => {
    const { user } = await openAddLeadInArabic({
      'POST /api/contacts/import': () =>
        ok({
          message: 'Import finished: 1 created, 0 updated, 0 skipped, 5 rejected.',
          total: 6,
          created: 1,
          updated: 0,
          skipped: 0,
          skippedRows: [],
          rejected: [
            { row: 3, code: 'phone_missing', params: {}, reason: 'Phone is missing' },
            { row: 4, code: 'phone_invalid', params: { value: '12' }, reason: '"12" is not a valid phone number' },
            { row: 5, code: 'email_invalid', params: { value: 'not-an-email' }, reason: '"not-an-email" is not a valid email address' },
            { row: 7, code: 'phone_repeated', params: { firstRow: 2 }, reason: 'Same phone as row 2' },
            { row: 8, code: 'too_long', params: { field: 'notes', max: 5000 }, reason: 'Notes is longer than 5000 characters' },
          ],
        }),
    });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['name,phone\n'], 'leads.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'استيراد العملاء المحتملين' }));
    const dialog = await screen.findByRole('dialog', { name: 'اكتمل الاستيراد' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('اكتمل الاستيراد: أُضيف 1، وحُدّث 0، وتُخطي 0، ورُفض 5.');
    const rows = within(within(dialog).getByRole('table', { name: 'الصفوف المرفوضة' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '3الهاتف غير موجود',
      '4«12» ليس رقم هاتف صحيحًا',
      '5«not-an-email» ليس بريدًا إلكترونيًا صحيحًا',
      '7نفس رقم الهاتف في الصف 2',
      '8الملاحظات أطول من 5,000 حرف',
    ]);
    expect(dialog).not.toHaveTextContent(/Import finished|Phone is missing|not a valid|Same phone|longer than/);
  });

  it.each([
    [
      json(400, {
        ok: false,
        error: 'The file has too many rows: import at most 10,000 contacts per file.',
        code: 'contact.import_file_invalid',
        params: { problem: 'too_many_rows', max: 10000 },
        field: 'file',
      }),
      'عدد صفوف الملف كبير جدًا: استورد 10,000 جهة اتصال على الأكثر في كل ملف.',
    ],
    [
      json(413, { ok: false, error: 'The file is too large: the limit is 5 MB.', code: 'payload_too_large', params: { problem: 'too_large', maxMb: 5 }, field: 'file' }),
      'الملف كبير جدًا: الحد الأقصى 5 ميجابايت.',
    ],
    [
      json(400, {
        ok: false,
        error: 'The CSV file could not be read near line 3: check that its quotes are closed.',
        code: 'contact.import_file_invalid',
        params: { problem: 'csv_quotes', line: 3 },
        field: 'file',
      }),
      'تعذّرت قراءة ملف CSV قرب السطر 3: تأكد من إغلاق علامات الاقتباس.',
    ],
    [
      json(413, { ok: false, error: 'The file took longer than 30 seconds to read. Nothing was imported.', code: 'payload_too_large', params: { problem: 'too_slow', seconds: 30 }, field: 'file' }),
      'استغرقت قراءة الملف أكثر من 30 ثانية.',
    ],
    [json(503, { ok: false, error: 'Too many imports and exports are running right now. Try again in a minute.', code: 'server_busy' }), 'الخادم مشغول. يرجى المحاولة مرة أخرى بعد دقيقة.'],
  ])('words a refused file in Arabic from its problem (%#)', async (answer, arabic) => {
    const { user } = await openAddLeadInArabic({ 'POST /api/contacts/import': () => answer.clone() });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['name,phone\n'], 'leads.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'استيراد العملاء المحتملين' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(arabic);
    expect(alert).not.toHaveTextContent(/[A-Za-z]{4}/);
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
