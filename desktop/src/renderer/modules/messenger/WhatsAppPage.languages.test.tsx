import { LANGUAGES, type ChatPage, type Language, type WhatsAppStatus } from '@crm/common';
import { cleanNotifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { openedSockets } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';
import { resetCannedResponsesStoreForTests } from '../canned-responses/store';
import { resetNotificationsStoreForTests } from '../notifications/store';
import { resetWhatsAppStoreForTests } from './connection/store';
import { resetChatStoreForTests } from './store';
import { fakeMessengerApi, fakeViewport, makeChat, type FakeHandler } from './testing';

const connected: WhatsAppStatus = { state: 'connected', ready: true, qr: null, tenantId: adminUser.tenantId, reason: null, phoneNumber: null };

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());

async function openIn(language: Language, handlers: Record<string, FakeHandler>) {
  cleanNotifications();
  resetChatStoreForTests();
  resetWhatsAppStoreForTests();
  resetNotificationsStoreForTests();
  resetCannedResponsesStoreForTests();
  sessionStorage.clear();
  openedSockets.length = 0;
  localStorage.setItem('token', 'live-token');
  fakeMessengerApi(inLanguage(adminUser, language), {
    'GET /api/whatsapp/status': () => ok(connected),
    'GET /api/messages': () => ok({ items: [], total: 0, hasMore: false, nextCursor: null }),
    ...handlers,
  });
  const view = renderApp('/whatsapp');
  await screen.findByRole('heading', { name: catalogueText(language, 'whatsapp:title'), level: 1 }, { timeout: 5000 });
  return view;
}

/**
 * The messenger's frame in each language and its direction, texts from each catalogue (the Arabic
 * copy of these tests only repeated them). Beside WhatsAppPage.test.tsx, which is full.
 */
describe.each(LANGUAGES)('WhatsApp messenger in %s', (language) => {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(language, key, values);

  it('shows the sidebar, the chat list and the welcome screen', { timeout: 20_000 }, async () => {
    const chats = [
      makeChat({ name: 'هبة منصور', lastMessagePreview: 'هل الفستان متوفر؟', unreadCount: 2 }),
      makeChat({ name: 'Karim Adel', lastMessagePreview: 'شكرًا', lastMessageDirection: 'out', lastMessageSentBy: { _id: adminUser._id, name: adminUser.name } }),
    ];
    await openIn(language, { 'GET /api/chats': () => ok({ items: chats, total: chats.length, nextCursor: null } satisfies ChatPage) });
    expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', language);
    await waitFor(() => expect(screen.getByTestId('whatsapp-status')).toHaveTextContent(text('whatsapp:badge.connected')));
    expect(screen.getByRole('button', { name: text('whatsapp:deleteSession') })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: text('whatsapp:searchLabel') })).toHaveAttribute('placeholder', text('whatsapp:searchPlaceholder'));
    expect(screen.getByRole('heading', { name: text('whatsapp:welcomeTitle') })).toBeInTheDocument();
    expect(screen.getByText(text('whatsapp:welcomeText'))).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: text('messenger:chats.label', { count: 2 }) });
    const hibaStart = text('messenger:chats.rowLabelUnread', { title: 'هبة منصور', unread: 2, preview: '#' }).split('#')[0]!;
    const hiba = within(list).getByRole('button', { name: (name) => name.startsWith(hibaStart) });
    expect(within(hiba).getByTestId('unread-badge')).toHaveTextContent('2');
    const karimStart = text('messenger:chats.rowLabel', { title: 'Karim Adel', preview: '#' }).split('#')[0]!;
    expect(within(list).getByRole('button', { name: (name) => name.startsWith(karimStart) })).toHaveTextContent(`${text('messenger:chats.you')} شكرًا`);
  });

  it('says there are no conversations yet', { timeout: 20_000 }, async () => {
    await openIn(language, { 'GET /api/chats': () => ok({ items: [], total: 0, nextCursor: null } satisfies ChatPage) });
    expect(await screen.findByText(text('whatsapp:noConversations'), {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
