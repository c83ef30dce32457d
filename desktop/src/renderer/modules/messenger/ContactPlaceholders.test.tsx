import type { AuthUser, Chat, ChatPage, Message } from '@crm/common';
import { cleanNotifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { openedSockets } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';
import { resetCannedResponsesStoreForTests } from '../canned-responses/store';
import { resetNotificationsStoreForTests } from '../notifications/store';
import { resetWhatsAppStoreForTests } from './connection/store';
import { resetChatStoreForTests } from './store';
import { fakeMessengerApi, fakeViewport, makeChat, makeMessage } from './testing';

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

/** A contact WhatsApp knows only by its linked id, with no name; one known by Meta's user id, named; one with a number. */
const nameless = makeChat({ name: null, phone: 'lid:203412345678901', lastMessagePreview: null });
const hidden = makeChat({ name: 'Hala', phone: 'user:EG.1234567890', lastMessagePreview: null });
const numbered = makeChat({ name: 'Karim', phone: '+201001234567', lastMessagePreview: null });

async function openChat(user: AuthUser, open: Chat, messages: Message[] = []) {
  cleanNotifications();
  resetChatStoreForTests();
  resetWhatsAppStoreForTests();
  resetNotificationsStoreForTests();
  resetCannedResponsesStoreForTests();
  sessionStorage.clear();
  openedSockets.length = 0;
  localStorage.setItem('token', 'live-token');
  const chats = [nameless, hidden, numbered];
  fakeMessengerApi(user, {
    'GET /api/whatsapp/status': () => ok({ state: 'connected', ready: true, qr: null, tenantId: user.tenantId, reason: null, phoneNumber: null }),
    'GET /api/chats': () => ok({ items: chats, total: chats.length, nextCursor: null } satisfies ChatPage),
    [`GET /api/chats/${open._id}`]: () => ok(open),
    'GET /api/messages': () => ok({ items: messages, total: messages.length, hasMore: false, nextCursor: null }),
  });
  renderApp(`/whatsapp?contactId=${open._id}`);
  return screen.findByRole('list', { name: /\(3\)/ }, { timeout: 5000 });
}

const numberChange = (contactId: string) =>
  makeMessage({
    contactId,
    direction: 'in',
    body: 'This contact changed their number to +201009998811.',
    systemEvent: { code: 'number_changed', params: { phone: '+201009998811' } },
  });

describe('contacts with no number yet, in the messenger', { timeout: 20_000 }, () => {
  it('shows "No number yet", never the lid:/user: placeholder, in the chat list and the chat header; a number change is a system line', async () => {
    const list = await openChat(adminUser, hidden, [numberChange(hidden._id)]);
    // the nameless one is named "No number yet"; the named one shows it where its number would be
    expect(within(list).getByRole('button', { name: /^No number yet,/ })).toBeInTheDocument();
    expect(within(within(list).getByRole('button', { name: /^Hala,/ })).getByText('No number yet')).toBeInTheDocument();
    expect(within(within(list).getByRole('button', { name: /^Karim,/ })).getByText('+201001234567')).toBeInTheDocument();

    const panel = await screen.findByRole('region', { name: 'Chat with Hala' }, { timeout: 5000 });
    expect(within(panel.querySelector('header')!).getByText('No number yet')).toBeInTheDocument();
    const line = await within(panel).findByRole('note');
    expect(line).toHaveTextContent('This contact changed their number to \u2066+201009998811\u2069');
    expect(line.closest('[data-testid="message"]')).toHaveAttribute('data-kind', 'system');
    expect(document.body).not.toHaveTextContent(/lid:|user:EG/);
  });

  it('in Arabic: the placeholder text and the system line are Arabic, the new number stays left to right', async () => {
    const list = await openChat(arabicAdmin, nameless, [numberChange(nameless._id)]);
    expect(within(list).getByRole('button', { name: /^لا يوجد رقم بعد،/ })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'محادثة مع لا يوجد رقم بعد' }, { timeout: 5000 });
    const line = await within(panel).findByRole('note');
    expect(line).toHaveTextContent('غيّرت جهة الاتصال رقمها إلى \u2066+201009998811\u2069');
    expect(document.body).not.toHaveTextContent(/lid:|user:EG/);
  });
});
