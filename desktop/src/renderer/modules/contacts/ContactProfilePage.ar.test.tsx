import { screen, within } from '@testing-library/react';
import type { Contact } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, makeContact, type CrmHandler } from './testing/fake-crm-api';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

async function openProfileInArabic(contact: Contact, handlers: Record<string, CrmHandler> = {}) {
  const api = fakeCrmApi(arabicAdmin, {
    [`GET /api/contacts/${contact._id}`]: () => ok(contact),
    'GET /api/shipping': () => ok({ items: [], total: 0 }),
    ...handlers,
  });
  const view = renderApp(`/contacts/${contact._id}`);
  await screen.findByRole('heading', { level: 1, name: contact.name || contact.phone });
  return { ...view, ...api };
}

/** Issue 10: the contact profile in Arabic, right to left; the spec's Arabic alerts for an Arabic user. */
describe('Contact profile in Arabic', { timeout: 15_000 }, () => {
  it('shows the Arabic sections, stage, buttons and keeps the phone left to right', async () => {
    await openProfileInArabic(makeContact({ name: 'منى حسن', phone: '+201001234567', stage: 'customer', assignedTo: null }));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const header = screen.getByRole('region', { name: 'ملخص جهة الاتصال' });
    expect(within(header).getByText('عميل')).toBeInTheDocument();
    expect(within(header).getByText('غير مُسنَد')).toBeInTheDocument();
    expect(within(header).getByText('+201001234567').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('link', { name: 'العودة إلى العملاء' })).toHaveAttribute('href', '/customers');
    expect(screen.getByRole('button', { name: 'بيانات جهة الاتصال' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'الإدارة والسجل' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'نقل إلى المبيعات' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إرجاع إلى عميل محتمل' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حفظ كل التغييرات' })).toBeInTheDocument();
    expect(screen.getByText('تم حفظ كل التغييرات')).toBeInTheDocument();
  });

  it("words a colleague's contact by its code in Arabic (issue 16)", async () => {
    const id = '0190a0b0-0000-7000-8000-00000000cafe';
    fakeCrmApi(arabicAdmin, {
      [`GET /api/contacts/${id}`]: () => json(403, { ok: false, code: 'contact.assigned_elsewhere', error: 'This contact is assigned to someone else. Ask an admin to reassign it to you.' }),
    });
    renderApp(`/contacts/${id}`);
    expect(await screen.findByText('جهة الاتصال هذه مُسندة إلى زميل آخر. اطلب من المسؤول إعادة إسنادها إليك.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("confirms a save with the spec's Arabic alert", async () => {
    const contact = makeContact();
    const { user } = await openProfileInArabic(contact, { [`PATCH /api/contacts/${contact._id}`]: ({ body }) => ok({ ...contact, ...(body as object) }) });
    await user.type(screen.getByLabelText('ملاحظات'), 'VIP');
    await user.click(screen.getByRole('button', { name: 'حفظ كل التغييرات' }));
    expect(await screen.findByText('تم حفظ التغييرات بنجاح')).toBeInTheDocument();
  });

  it("words a refused delete by its code after the spec's Arabic alert", async () => {
    const contact = makeContact();
    const { user } = await openProfileInArabic(contact, {
      [`DELETE /api/contacts/${contact._id}`]: () => json(403, { ok: false, error: 'Only admins can delete contacts.', code: 'forbidden' }),
    });
    await user.click(screen.getByRole('button', { name: 'حذف جهة الاتصال' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف جهة الاتصال' }));
    expect(await screen.findByText('فشل حذف جهة الاتصال: غير مسموح لك بهذا الإجراء.')).toBeInTheDocument();
  });
});
