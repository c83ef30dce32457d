import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES, type CreateScheduledMessageRequest, type ScheduledMessage } from '@crm/common';
import { adminUser, ok } from '../../../test/fake-api';
import { catalogueText, inLanguage } from '../../../test/catalogue';
import { openChat } from '../notes-testing';
import { fakeViewport, makeMessage, testId } from '../testing';
import { makeScheduled } from './scheduled-testing';
import { resetScheduledStoreForTests } from './store';

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());
beforeEach(() => resetScheduledStoreForTests());

describe('send later', { timeout: 20_000 }, () => {
  it("schedules the composer's text for a date and time on the company's clock, then lists it", async () => {
    let saved: ScheduledMessage | null = null;
    const { user, to, chat } = await openChat(adminUser, {
      handlers: {
        'GET /api/scheduled-messages': () => ok({ items: saved ? [saved] : [], total: saved ? 1 : 0, timeZone: 'Asia/Dubai' }),
        'POST /api/scheduled-messages': (r) => ok((saved = makeScheduled({ ...(r.body as Partial<ScheduledMessage>), contactId: chat.contactId }))),
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Your order ships tomorrow');
    await user.click(screen.getByRole('button', { name: 'Send later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send later' });
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('Your order ships tomorrow');
    expect(within(dialog).getByText(/company's time zone \(Asia\/Dubai\)/)).toBeInTheDocument();
    const schedule = within(dialog).getByRole('button', { name: 'Schedule' });
    expect(schedule).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Date' }), '2027-01-15');
    await user.type(within(dialog).getByLabelText('Time'), '16:30');
    await user.click(schedule);

    // 16:30 in Dubai (UTC+4) is 12:30 UTC, whatever the computer's own zone
    await waitFor(() => expect(to('POST', '/api/scheduled-messages')).toHaveLength(1));
    expect(to('POST', '/api/scheduled-messages')[0].body).toEqual({ contactId: chat.contactId, body: 'Your order ships tomorrow', sendAt: '2027-01-15T12:30:00.000Z' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(await screen.findByRole('button', { name: 'Scheduled (1)' })).toBeInTheDocument();
  });

  it('lists what is still scheduled: edit changes the text, cancel takes it off the list', async () => {
    const contactId = testId();
    const first = makeScheduled({ contactId, body: 'Reminder about the blue dress', sendAt: '2027-01-15T12:30:00.000Z' });
    const second = makeScheduled({ contactId, body: 'Happy new year', sendAt: '2027-01-16T08:00:00.000Z' });
    const sent = makeScheduled({ contactId, body: 'Already gone', status: 'sent' });
    const closed = makeScheduled({ contactId, body: 'Too late for the window', status: 'failed', reason: 'window_closed', sendAt: new Date(Date.now() - 3_600_000).toISOString() });
    const { user, to } = await openChat(adminUser, {
      chat: { _id: contactId, contactId },
      handlers: {
        'GET /api/scheduled-messages': () => ok({ items: [closed, first, second, sent], total: 4, timeZone: 'Africa/Cairo' }),
        [`PATCH /api/scheduled-messages/${first._id}`]: (r) => ok({ ...first, ...(r.body as object) }),
        [`DELETE /api/scheduled-messages/${second._id}`]: () => ok({ ...second, status: 'cancelled' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Scheduled (2)' }));
    const items = await screen.findAllByTestId('scheduled-item');
    // still waiting first; one that could not go out says why (and cannot be edited); a sent one is gone
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Reminder about the blue dress'),
      expect.stringContaining('Happy new year'),
      expect.stringContaining('Not sent: 24-hour window closed'),
    ]);
    expect(within(items[2]!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    // the chat header settles (labels, follow-up state) and may draw the list again, hidden while
    // its popover moves: wait until the first entry's Edit can be reached, reading the list afresh
    const edit = await waitFor(() => within(screen.getAllByTestId('scheduled-item')[0]!).getByRole('button', { name: 'Edit' }));
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit scheduled message' });
    // 12:30 UTC is 14:30 in Cairo
    expect(within(dialog).getByLabelText('Time')).toHaveValue('14:30');
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.clear(box);
    await user.type(box, 'Reminder: the blue dress is back');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(to('PATCH', `/api/scheduled-messages/${first._id}`)).toHaveLength(1));
    expect(to('PATCH', `/api/scheduled-messages/${first._id}`)[0].body).toEqual({ body: 'Reminder: the blue dress is back', sendAt: '2027-01-15T12:30:00.000Z' });
    expect(await screen.findByText('Reminder: the blue dress is back')).toBeInTheDocument();

    await user.click(within(screen.getAllByTestId('scheduled-item')[1]!).getByRole('button', { name: 'Cancel scheduled message' }));
    await waitFor(() => expect(to('DELETE', `/api/scheduled-messages/${second._id}`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Scheduled (1)' })).toBeInTheDocument();
    expect(screen.queryByText('Happy new year')).not.toBeInTheDocument();
  });

  it('says why the server refused a time (in the past)', async () => {
    const { user } = await openChat(adminUser, {
      handlers: {
        'POST /api/scheduled-messages': () =>
          new Response(JSON.stringify({ ok: false, error: 'Pick a time in the future.', code: 'scheduled_message.send_at_past', field: 'sendAt' }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Send later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send later' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.type(within(dialog).getByRole('textbox', { name: 'Date' }), '2027-01-15');
    await user.type(within(dialog).getByLabelText('Time'), '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Pick a time in the future.');
  });

  it('schedules a file with its caption: the file is uploaded when it is scheduled, and can be taken off before', async () => {
    const uploads: File[] = [];
    const { user, to, chat } = await openChat(adminUser, {
      handlers: {
        'GET /api/scheduled-messages': () => ok({ items: [], total: 0, timeZone: 'Africa/Cairo' }),
        'POST /api/messages/upload': ({ body }) => {
          uploads.push((body as FormData).get('file') as File);
          return ok({ path: 't/uploads/c.pdf', fileName: 'catalogue.pdf', url: '/api/files/c?exp=9999999999&sig=s', mediaType: 'application/pdf', type: 'document', size: 4 });
        },
        'POST /api/scheduled-messages': (r) => ok(makeScheduled({ ...(r.body as Partial<ScheduledMessage>), contactId: chat.contactId, media: { fileName: 'catalogue.pdf' } })),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Send later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send later' });
    await user.upload(within(dialog).getByTestId('send-later-attach-input'), new File(['%PDF'], 'wrong.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByTestId('send-later-file')).toHaveTextContent('wrong.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Remove the file' }));
    expect(within(dialog).queryByTestId('send-later-file')).not.toBeInTheDocument();

    await user.upload(within(dialog).getByTestId('send-later-attach-input'), new File(['%PDF'], 'catalogue.pdf', { type: 'application/pdf' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Date' }), '2027-01-15');
    await user.type(within(dialog).getByLabelText('Time'), '14:30');
    // a file alone is enough
    const schedule = within(dialog).getByRole('button', { name: 'Schedule' });
    expect(schedule).toBeEnabled();
    expect(uploads).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Our new catalogue');
    await user.click(schedule);

    await waitFor(() => expect(to('POST', '/api/scheduled-messages')).toHaveLength(1));
    expect(uploads.map((f) => f.name)).toEqual(['catalogue.pdf']);
    expect(to('POST', '/api/scheduled-messages')[0].body).toEqual({
      contactId: chat.contactId,
      body: 'Our new catalogue',
      sendAt: '2027-01-15T12:30:00.000Z',
      media: { path: 't/uploads/c.pdf', fileName: 'catalogue.pdf' },
    } satisfies CreateScheduledMessageRequest);
    await user.click(await screen.findByRole('button', { name: 'Scheduled (1)' }));
    const [item] = await screen.findAllByTestId('scheduled-item');
    expect(within(item!).getByLabelText('catalogue.pdf')).toBeInTheDocument();
  });

  it('schedules the file chosen in the composer, with its caption, instead of sending it', async () => {
    const { user, to, chat } = await openChat(adminUser, {
      handlers: {
        'POST /api/messages/upload': () => ok({ path: 't/uploads/p.png', fileName: 'dress.png', url: '/api/files/p?exp=9999999999&sig=s', mediaType: 'image/png', type: 'image', size: 3 }),
        'POST /api/scheduled-messages': (r) => ok(makeScheduled({ ...(r.body as Partial<ScheduledMessage>), contactId: chat.contactId, media: { fileName: 'dress.png' } })),
      },
    });
    await user.upload(screen.getByTestId('attach-input'), new File(['png'], 'dress.png', { type: 'image/png' }));
    const preview = await screen.findByRole('group', { name: 'Attachment preview' });
    await user.type(within(preview).getByRole('textbox', { name: 'Caption' }), 'Back in stock');
    await user.click(within(preview).getByRole('button', { name: 'Send later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send later' });
    expect(within(dialog).getByTestId('send-later-file')).toHaveTextContent('dress.png');
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('Back in stock');
    await user.type(within(dialog).getByRole('textbox', { name: 'Date' }), '2027-01-15');
    await user.type(within(dialog).getByLabelText('Time'), '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(to('POST', '/api/scheduled-messages')).toHaveLength(1));
    expect(to('POST', '/api/scheduled-messages')[0].body).toMatchObject({ body: 'Back in stock', media: { path: 't/uploads/p.png', fileName: 'dress.png' } });
    expect(to('POST', '/api/messages')).toHaveLength(0);
    // the composer is back to its message box, the file scheduled rather than sent
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(screen.queryByRole('group', { name: 'Attachment preview' })).not.toBeInTheDocument();
  });

  it('when a scheduled message goes out, the open chat shows it and its entry leaves the list, live', async () => {
    const contactId = testId();
    const waiting = makeScheduled({ contactId, body: 'Your parcel leaves today', sendAt: '2027-01-15T12:30:00.000Z' });
    const { socket } = await openChat(adminUser, {
      chat: { _id: contactId, contactId },
      handlers: { 'GET /api/scheduled-messages': () => ok({ items: [waiting], total: 1, timeZone: 'Africa/Cairo' }) },
    });
    expect(await screen.findByRole('button', { name: 'Scheduled (1)' })).toBeInTheDocument();
    const message = makeMessage({ contactId, direction: 'out', status: 'sent', ack: 1, body: 'Your parcel leaves today', clientId: `scheduled:${waiting._id}` });
    act(() => {
      socket.serverEmit('msg:new', { ...message, chat: null });
      socket.serverEmit('scheduled:update', { ...waiting, status: 'sent', messageId: message._id, sentAt: message.createdAt });
    });
    expect(await screen.findByText('Your parcel leaves today')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Scheduled/ })).not.toBeInTheDocument());
    // another chat's update leaves this list alone
    act(() => socket.serverEmit('scheduled:update', makeScheduled({ body: 'Someone else' })));
    expect(screen.queryByRole('button', { name: /^Scheduled/ })).not.toBeInTheDocument();
  });

  // One run per language (the Arabic copy only repeated these): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string | number>) => catalogueText(language, `messenger:${key}`, values);
    const me = inLanguage(adminUser, language);

    it('schedules from the dialog in the language, on the company clock', async () => {
      const { user, to } = await openChat(me, { handlers: { 'POST /api/scheduled-messages': (r) => ok(makeScheduled(r.body as object)) } });
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await user.click(screen.getByRole('button', { name: text('composer.sendLater') }));
      const dialog = await screen.findByRole('dialog', { name: text('scheduled.title') });
      expect(within(dialog).getByText(text('scheduled.zoneHint', { zone: 'Africa/Cairo' }))).toBeInTheDocument();
      await user.type(within(dialog).getByRole('textbox', { name: text('scheduled.message') }), 'طلبك يُشحن غدًا');
      await user.type(within(dialog).getByRole('textbox', { name: text('scheduled.date') }), '2027-01-15');
      await user.type(within(dialog).getByLabelText(text('scheduled.time')), '14:30');
      await user.click(within(dialog).getByRole('button', { name: text('scheduled.schedule') }));
      await waitFor(() => expect(to('POST', '/api/scheduled-messages')).toHaveLength(1));
      expect(to('POST', '/api/scheduled-messages')[0].body).toMatchObject({ body: 'طلبك يُشحن غدًا', sendAt: '2027-01-15T12:30:00.000Z' });
      expect(await screen.findByRole('button', { name: text('scheduled.listToggle', { n: 1 }) })).toBeInTheDocument();
    });

    it('lists the scheduled messages with their actions named in the language', async () => {
      const contactId = testId();
      await openChat(me, {
        chat: { _id: contactId, contactId },
        handlers: { 'GET /api/scheduled-messages': () => ok({ items: [makeScheduled({ contactId, body: 'تذكير بالفستان الأزرق' })], total: 1, timeZone: 'Africa/Cairo' }) },
      });
      const toggle = await screen.findByRole('button', { name: text('scheduled.listToggle', { n: 1 }) });
      toggle.click();
      // the list may be drawn again, hidden while its popover moves: wait until its buttons can be reached
      await waitFor(() => {
        const [item] = screen.getAllByTestId('scheduled-item');
        expect(within(item!).getByText('تذكير بالفستان الأزرق')).toBeInTheDocument();
        expect(within(item!).getByRole('button', { name: text('scheduled.edit') })).toBeInTheDocument();
        expect(within(item!).getByRole('button', { name: text('scheduled.cancel') })).toBeInTheDocument();
      });
    });

    it('schedules a file from the dialog in the language', async () => {
      const { user, to } = await openChat(me, {
        handlers: {
          'POST /api/messages/upload': () =>
            ok({ path: 't/uploads/c.pdf', fileName: 'الكتالوج.pdf', url: '/api/files/c?exp=9999999999&sig=s', mediaType: 'application/pdf', type: 'document', size: 4 }),
          'POST /api/scheduled-messages': (r) => ok(makeScheduled({ ...(r.body as object), media: { fileName: 'الكتالوج.pdf' } })),
        },
      });
      await user.click(screen.getByRole('button', { name: text('composer.sendLater') }));
      const dialog = await screen.findByRole('dialog', { name: text('scheduled.title') });
      expect(within(dialog).getByRole('button', { name: text('scheduled.attach') })).toBeInTheDocument();
      await user.upload(within(dialog).getByTestId('send-later-attach-input'), new File(['%PDF'], 'الكتالوج.pdf', { type: 'application/pdf' }));
      expect(within(dialog).getByTestId('send-later-file')).toHaveTextContent('الكتالوج.pdf');
      expect(within(dialog).getByRole('button', { name: text('scheduled.removeFile') })).toBeInTheDocument();
      await user.type(within(dialog).getByRole('textbox', { name: text('scheduled.date') }), '2027-01-15');
      await user.type(within(dialog).getByLabelText(text('scheduled.time')), '14:30');
      await user.click(within(dialog).getByRole('button', { name: text('scheduled.schedule') }));
      await waitFor(() => expect(to('POST', '/api/scheduled-messages')).toHaveLength(1));
      expect(to('POST', '/api/scheduled-messages')[0].body).toMatchObject({ body: '', media: { path: 't/uploads/c.pdf', fileName: 'الكتالوج.pdf' } });
    });

    it('takes a scheduled message off the list when it goes out, the toggle named in the language', async () => {
      const contactId = testId();
      const waiting = makeScheduled({ contactId, body: 'طردك يخرج اليوم' });
      const { socket } = await openChat(me, {
        chat: { _id: contactId, contactId },
        handlers: { 'GET /api/scheduled-messages': () => ok({ items: [waiting], total: 1, timeZone: 'Africa/Cairo' }) },
      });
      expect(await screen.findByRole('button', { name: text('scheduled.listToggle', { n: 1 }) })).toBeInTheDocument();
      const message = makeMessage({ contactId, direction: 'out', status: 'sent', ack: 1, body: 'طردك يخرج اليوم', clientId: `scheduled:${waiting._id}` });
      act(() => {
        socket.serverEmit('msg:new', { ...message, chat: null });
        socket.serverEmit('scheduled:update', { ...waiting, status: 'sent', messageId: message._id });
      });
      expect(await screen.findByText('طردك يخرج اليوم')).toBeInTheDocument();
      const togglePrefix = text('scheduled.listToggle', { n: '#' }).split('#')[0]!;
      await waitFor(() => expect(screen.queryByRole('button', { name: (name) => name.startsWith(togglePrefix) })).not.toBeInTheDocument());
    });
  });
});
