import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../../test/fake-api';
import { openChat } from '../notes-testing';
import { fakeViewport, makeMessage, testId } from '../testing';
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
    // the list may be drawn again, hidden while its popover moves: wait until its buttons can be reached
    await waitFor(() => {
      const [item] = screen.getAllByTestId('scheduled-item');
      expect(within(item!).getByText('تذكير بالفستان الأزرق')).toBeInTheDocument();
      expect(within(item!).getByRole('button', { name: 'تعديل' })).toBeInTheDocument();
      expect(within(item!).getByRole('button', { name: 'إلغاء الرسالة المجدولة' })).toBeInTheDocument();
    });
  });

  it('schedules a file from the Arabic dialog', async () => {
    const { user, to } = await openChat(arabicAdmin, {
      handlers: {
        'POST /api/messages/upload': () => ok({ path: 't/uploads/c.pdf', fileName: 'الكتالوج.pdf', url: '/api/files/c?exp=9999999999&sig=s', mediaType: 'application/pdf', type: 'document', size: 4 }),
        'POST /api/scheduled-messages': (r) => ok(makeScheduled({ ...(r.body as object), media: { fileName: 'الكتالوج.pdf' } })),
      },
    });
    await user.click(screen.getByRole('button', { name: 'إرسال لاحقًا' }));
    const dialog = await screen.findByRole('dialog', { name: 'إرسال لاحقًا' });
    expect(within(dialog).getByRole('button', { name: 'إرفاق ملف' })).toBeInTheDocument();
    await user.upload(within(dialog).getByTestId('send-later-attach-input'), new File(['%PDF'], 'الكتالوج.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByTestId('send-later-file')).toHaveTextContent('الكتالوج.pdf');
    expect(within(dialog).getByRole('button', { name: 'إزالة الملف' })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'التاريخ' }), '2027-01-15');
    await user.type(within(dialog).getByLabelText('الوقت'), '14:30');
    await user.click(within(dialog).getByRole('button', { name: 'جدولة' }));
    await waitFor(() => expect(to('POST', '/api/scheduled-messages')).toHaveLength(1));
    expect(to('POST', '/api/scheduled-messages')[0].body).toMatchObject({ body: '', media: { path: 't/uploads/c.pdf', fileName: 'الكتالوج.pdf' } });
  });

  it('shows a scheduled message in the open chat and takes it off the list when it goes out', async () => {
    const contactId = testId();
    const waiting = makeScheduled({ contactId, body: 'طردك يخرج اليوم' });
    const { socket } = await openChat(arabicAdmin, {
      chat: { _id: contactId, contactId },
      handlers: { 'GET /api/scheduled-messages': () => ok({ items: [waiting], total: 1, timeZone: 'Africa/Cairo' }) },
    });
    expect(await screen.findByRole('button', { name: 'مجدولة (1)' })).toBeInTheDocument();
    const message = makeMessage({ contactId, direction: 'out', status: 'sent', ack: 1, body: 'طردك يخرج اليوم', clientId: `scheduled:${waiting._id}` });
    act(() => {
      socket.serverEmit('msg:new', { ...message, chat: null });
      socket.serverEmit('scheduled:update', { ...waiting, status: 'sent', messageId: message._id });
    });
    expect(await screen.findByText('طردك يخرج اليوم')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^مجدولة/ })).not.toBeInTheDocument());
  });
});
