import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contact } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { makeRun } from '../follow-ups/testing';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';
import { makeContact } from './testing/make-contact';

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

/**
 * What only Arabic does on the contact profile: errors and follow-up reasons worded from their
 * codes (English shows the server's own text). The sections, histories and save alert run in both
 * languages in ContactProfilePage.languages.test.tsx.
 */
describe('Contact profile in Arabic', { timeout: 15_000 }, () => {
  it("words a colleague's contact by its code in Arabic", async () => {
    const id = '0190a0b0-0000-7000-8000-00000000cafe';
    fakeCrmApi(arabicAdmin, {
      [`GET /api/contacts/${id}`]: () => json(403, { ok: false, code: 'contact.assigned_elsewhere', error: 'This contact is assigned to someone else. Ask an admin to reassign it to you.' }),
    });
    renderApp(`/contacts/${id}`);
    expect(await screen.findByText('جهة الاتصال هذه مُسندة إلى زميل آخر. اطلب من المسؤول إعادة إسنادها إليك.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("words the follow-up runs' and steps' reasons from their codes in Arabic, never the English sentence", async () => {
    const contact = makeContact({ name: 'منى حسن', stage: 'lead' });
    const at = (day: number) => `2026-11-${day}T10:00:00.000Z`;
    const step = { delay: 24, message: 'x', sentAt: null, messageId: null };
    const active = makeRun({
      contactId: contact._id,
      templateName: 'تذكير',
      pausedReason: 'WhatsApp is disconnected (it needs a new QR scan). Steps due meanwhile are sent when it reconnects, if less than 24 hours late.',
      pausedReasonCode: 'paused',
      pausedReasonParams: { maxHours: 24 },
      steps: [
        { ...step, step: 1, status: 'failed', scheduledAt: at(20), reason: 'Failed: WhatsApp is not connected.', reasonCode: 'failed', reasonParams: { error: 'not_connected' } },
        { ...step, step: 2, status: 'scheduled', scheduledAt: at(21), reason: 'Waiting for WhatsApp to be connected.', reasonCode: 'waiting', reasonParams: null },
      ],
    });
    const stopped = makeRun({
      contactId: contact._id,
      templateName: 'عرض',
      status: 'stopped',
      endedAt: at(19),
      stopReason: 'Stopped by Samir.',
      stopReasonCode: 'stopped_by',
      stopReasonParams: { name: 'سمير' },
      steps: [{ ...step, step: 1, status: 'cancelled', scheduledAt: at(19), reason: 'Not sent: stopped by Samir.', reasonCode: 'stopped_by', reasonParams: { name: 'سمير' } }],
    });
    const expired = makeRun({
      contactId: contact._id,
      templateName: 'متأخرة',
      status: 'expired',
      endedAt: at(18),
      stopReason: 'Step 1 could not be sent within 24 hours of its time because WhatsApp was disconnected.',
      stopReasonCode: 'expired_disconnected',
      stopReasonParams: { step: 1, maxHours: 24 },
      steps: [
        {
          ...step,
          step: 1,
          status: 'expired',
          scheduledAt: at(17),
          reason: 'Not sent: 25 hours late (WhatsApp was disconnected). Steps are not sent 24 hours or more after their time.',
          reasonCode: 'expired_disconnected',
          reasonParams: { hoursLate: 25, maxHours: 24 },
        },
      ],
    });
    await openProfileInArabic(contact, { [`GET /api/contacts/${contact._id}/follow-ups`]: () => ok({ items: [active, stopped, expired], total: 3 }) });
    await userEvent.click(screen.getByRole('button', { name: 'المتابعات' }));

    const current = await screen.findByRole('article', { name: 'متابعة تذكير' });
    expect(within(current).getByText('واتساب غير متصل (يحتاج إلى مسح رمز QR جديد). تُرسل الخطوات المستحقة خلال ذلك عند عودة الاتصال إذا تأخرت أقل من 24 ساعة.')).toBeInTheDocument();
    expect(within(current).getByText('فشلت: واتساب غير متصل.')).toBeInTheDocument();
    expect(within(current).getByText('في انتظار اتصال واتساب.')).toBeInTheDocument();
    const ended = screen.getByRole('article', { name: 'متابعة عرض' });
    expect(within(ended).getByText('أوقفها سمير.')).toBeInTheDocument();
    expect(within(ended).getByText('لم تُرسل: أوقفها سمير.')).toBeInTheDocument();
    const late = screen.getByRole('article', { name: 'متابعة متأخرة' });
    expect(within(late).getByText('تعذّر إرسال الخطوة 1 خلال 24 ساعة من موعدها لأن واتساب كان غير متصل.')).toBeInTheDocument();
    expect(within(late).getByText('لم تُرسل: تأخرت 25 ساعة (كان واتساب غير متصل). لا تُرسل الخطوات بعد 24 ساعة أو أكثر من موعدها.')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'سلاسل المتابعة' });
    expect(section).not.toHaveTextContent(/WhatsApp|Failed|Waiting|Stopped by|Not sent|could not be sent/);
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
