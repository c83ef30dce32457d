import type { ChatPage, WhatsAppStatus } from '@crm/common';
import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { openedSockets } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';
import { resetCannedResponsesStoreForTests } from '../canned-responses/store';
import { resetChatStoreForTests } from './store';
import { fakeMessengerApi, fakeViewport, makeChat, makeMessage, type FakeHandler } from './testing';
import { resetNotificationsStoreForTests } from '../notifications/store';
import { resetWhatsAppStoreForTests } from './connection/store';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
const status = (state: string): WhatsAppStatus => ({ state, ready: state === 'connected', qr: null, tenantId: adminUser.tenantId, reason: null, phoneNumber: null });

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());

async function openInArabic(handlers: Record<string, FakeHandler>, path = '/whatsapp') {
  cleanNotifications();
  resetChatStoreForTests();
  resetWhatsAppStoreForTests();
  resetNotificationsStoreForTests();
  resetCannedResponsesStoreForTests();
  sessionStorage.clear();
  openedSockets.length = 0;
  localStorage.setItem('token', 'live-token');
  fakeMessengerApi(arabicAdmin, {
    'GET /api/whatsapp/status': () => ok(status('connected')),
    'GET /api/messages': () => ok({ items: [], total: 0, hasMore: false, nextCursor: null }),
    ...handlers,
  });
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'واتساب', level: 1 }, { timeout: 5000 });
  return view;
}

/**
 * What only Arabic does in the messenger: the send arrow mirrored right to left, with phone numbers
 * kept left to right, and reasons and errors worded from their codes (English shows the server's
 * own text). The frame and the chat list run in both languages in WhatsAppPage.languages.test.tsx.
 */
describe('WhatsApp messenger in Arabic', { timeout: 20_000 }, () => {
  it('shows a conversation in Arabic: header, bubbles, composer; the phone stays left to right, the send arrow is mirrored', async () => {
    const chat = makeChat({ name: 'هبة منصور', phone: '+201001234567' });
    const now = Date.now();
    const messages = [
      makeMessage({ contactId: chat._id, direction: 'in', body: 'مرحبا', createdAt: new Date(now - 120_000).toISOString() }),
      makeMessage({
        contactId: chat._id,
        direction: 'out',
        status: 'sent',
        ack: 3,
        body: 'أهلاً بك',
        sentBy: adminUser._id,
        sentByName: adminUser.name,
        createdAt: new Date(now - 60_000).toISOString(),
      }),
      makeMessage({
        contactId: chat._id,
        direction: 'out',
        status: 'sent',
        ack: 2,
        body: 'من زميل',
        sentBy: '0190a0b0-0000-7000-8000-0000000000bb',
        sentByName: 'سمير',
        createdAt: new Date(now - 30_000).toISOString(),
      }),
    ];
    await openInArabic(
      {
        'GET /api/chats': () => ok({ items: [chat], total: 1, nextCursor: null } satisfies ChatPage),
        [`GET /api/chats/${chat._id}`]: () => ok(chat),
        'GET /api/messages': () => ok({ items: messages, total: 3, hasMore: false, nextCursor: null }),
      },
      `/whatsapp?contactId=${chat._id}`,
    );
    const panel = await screen.findByRole('region', { name: 'محادثة مع هبة منصور' }, { timeout: 5000 });
    expect(within(panel).getByText('+201001234567').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(within(panel).getByRole('link', { name: 'عرض الملف الكامل' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'بدء متابعة' })).toBeInTheDocument();
    const log = within(panel).getByRole('log', { name: 'الرسائل' });
    await within(log).findByText('من زميل', {}, { timeout: 5000 });
    expect(within(log).getByRole('separator')).toHaveTextContent('اليوم');
    const bubbles = within(log).getAllByTestId('message');
    expect(bubbles.map((b) => b.getAttribute('data-direction'))).toEqual(['in', 'out', 'out']);
    expect(within(bubbles[1]!).getByRole('img', { name: 'مقروءة' })).toBeInTheDocument();
    expect(within(bubbles[2]!).getByRole('img', { name: 'تم التسليم' })).toBeInTheDocument();
    // a colleague's message says who wrote it; the reader's own does not
    expect(within(bubbles[2]!).getByTestId('message-author')).toHaveTextContent('سمير');
    expect(within(bubbles[1]!).queryByTestId('message-author')).not.toBeInTheDocument();

    const box = within(panel).getByRole('textbox', { name: 'الرسالة' });
    expect(box).toHaveAttribute('placeholder', 'اكتب رسالة');
    const send = within(panel).getByRole('button', { name: 'إرسال' });
    expect(send.querySelector('svg')).toHaveClass('mirror-rtl');
    expect(within(panel).getByRole('button', { name: 'تسجيل رسالة صوتية' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'الردود الجاهزة' })).toBeInTheDocument();
  });

  it('words the connection reason from its code in Arabic, never the English sentence', async () => {
    await openInArabic({
      'GET /api/chats': () => ok({ items: [], total: 0, nextCursor: null } satisfies ChatPage),
      'GET /api/whatsapp/status': () =>
        ok({ ...status('needs_qr'), reason: 'WhatsApp was logged out from the phone. Scan the QR code again to reconnect.', reasonCode: 'logged_out' } satisfies WhatsAppStatus),
    });
    await waitFor(() => expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('يلزم مسح رمز QR'));
    expect(await screen.findByTestId('whatsapp-reason')).toHaveTextContent('تم تسجيل خروج واتساب من الهاتف. امسح رمز QR مرة أخرى لإعادة الاتصال.');
    expect(document.body).not.toHaveTextContent(/logged out|Scan the QR/);

    // a wa:status push: the dropped connection's reason
    const socket = openedSockets.at(-1)!;
    act(() => socket.serverEmit('wa:status', { ...status('disconnected'), reason: 'The connection was lost. Reconnecting…', reasonCode: 'reconnecting' }));
    expect(screen.getByTestId('whatsapp-reason')).toHaveTextContent('انقطع الاتصال. جارٍ إعادة الاتصال…');
    expect(document.body).not.toHaveTextContent(/connection was lost|Reconnecting/);
  });

  it('words a failed message and an unsure delivery from their codes in Arabic, never the English sentence', async () => {
    const chat = makeChat({ name: 'هبة منصور' });
    const now = Date.now();
    const messages = [
      makeMessage({
        contactId: chat._id,
        direction: 'out',
        status: 'failed',
        body: 'هل وصلك العرض؟',
        error: 'WhatsApp is not connected.',
        errorCode: 'not_connected',
        retryable: true,
        createdAt: new Date(now - 60_000).toISOString(),
      }),
      makeMessage({
        contactId: chat._id,
        direction: 'out',
        status: 'unknown',
        body: 'تذكير',
        error: 'Not sure this was delivered: WhatsApp did not answer.',
        errorCode: 'unknown_timed_out',
        retryable: true,
        createdAt: new Date(now - 30_000).toISOString(),
      }),
    ];
    await openInArabic(
      {
        'GET /api/chats': () => ok({ items: [chat], total: 1, nextCursor: null } satisfies ChatPage),
        [`GET /api/chats/${chat._id}`]: () => ok(chat),
        'GET /api/messages': () => ok({ items: messages, total: 2, hasMore: false, nextCursor: null }),
      },
      `/whatsapp?contactId=${chat._id}`,
    );
    const panel = await screen.findByRole('region', { name: 'محادثة مع هبة منصور' }, { timeout: 5000 });
    const log = within(panel).getByRole('log', { name: 'الرسائل' });
    expect(await within(log).findByText('لم تُرسل: واتساب غير متصل.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(log).getByText('غير متأكد من تسليم هذه الرسالة: لم يستجب واتساب.')).toBeInTheDocument();
    expect(log).not.toHaveTextContent(/not connected|Not sure|did not answer/);
  });

  it('words a server error by its code in Arabic', async () => {
    await openInArabic({ 'GET /api/chats': () => json(404, { ok: false, error: 'Contact not found.', code: 'contact.not_found' }) });
    expect(await screen.findByText('جهة الاتصال غير موجودة.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حاول مرة أخرى' })).toBeInTheDocument();
  });
});
