import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../../test/fake-api';
import { openChat } from '../notes-testing';
import { fakeViewport, testId } from '../testing';
import { makeScheduled } from './scheduled-testing';
import { resetScheduledStoreForTests } from './store';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());
beforeEach(() => resetScheduledStoreForTests());

describe('send later in Arabic', { timeout: 20_000 }, () => {
  it('schedules from an Arabic dialog', async () => {
    const { user, to } = await openChat(arabicAdmin, { handlers: { 'POST /api/scheduled-messages': (r) => ok(makeScheduled(r.body as object)) } });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await user.click(screen.getByRole('button', { name: 'إرسال لاحقًا' }));
    const dialog = await screen.findByRole('dialog', { name: 'إرسال لاحقًا' });
    expect(within(dialog).getByText(/المنطقة الزمنية للشركة \(Africa\/Cairo\)/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'الرسالة' }), 'طلبك يُشحن غدًا');
    await user.type(within(dialog).getByRole('textbox', { name: 'التاريخ' }), '2027-01-15');
    await user.type(within(dialog).getByLabelText('الوقت'), '14:30');
    await user.click(within(dialog).getByRole('button', { name: 'جدولة' }));
    await waitFor(() => expect(to('POST', '/api/scheduled-messages')).toHaveLength(1));
    expect(to('POST', '/api/scheduled-messages')[0].body).toMatchObject({ body: 'طلبك يُشحن غدًا', sendAt: '2027-01-15T12:30:00.000Z' });
    expect(await screen.findByRole('button', { name: 'مجدولة (1)' })).toBeInTheDocument();
  });

  it('lists the scheduled messages with Arabic actions', async () => {
    const contactId = testId();
    await openChat(arabicAdmin, {
      chat: { _id: contactId, contactId },
      handlers: { 'GET /api/scheduled-messages': () => ok({ items: [makeScheduled({ contactId, body: 'تذكير بالفستان الأزرق' })], total: 1, timeZone: 'Africa/Cairo' }) },
    });
    const toggle = await screen.findByRole('button', { name: 'مجدولة (1)' });
    toggle.click();
    const [item] = await screen.findAllByTestId('scheduled-item');
    expect(within(item!).getByText('تذكير بالفستان الأزرق')).toBeInTheDocument();
    expect(within(item!).getByRole('button', { name: 'تعديل' })).toBeInTheDocument();
    expect(within(item!).getByRole('button', { name: 'إلغاء الرسالة المجدولة' })).toBeInTheDocument();
  });
});
