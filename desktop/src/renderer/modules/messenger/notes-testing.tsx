import type { AuthUser, Chat, ChatPage, Message, MessagePage, UserSummary, WhatsAppStatus } from '@crm/common';
import { cleanNotifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { adminUser, ok, salesUser } from '../../test/fake-api';
import { openedSockets } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';
import { resetCannedResponsesStoreForTests } from '../canned-responses/store';
import { resetNotificationsStoreForTests } from '../notifications/store';
import { resetWhatsAppStoreForTests } from './connection/store';
import { resetChatStoreForTests } from './store';
import { fakeMessengerApi, makeChat, makeMessage, type FakeHandler } from './testing';

/** The company's users as GET /api/auth/users lists them for the note and hand-over tests. */
const user = (id: string, name: string, role: 'admin' | 'sales', isActive = true): UserSummary => ({ ...adminUser, _id: id, name, role, isActive, email: `${id}@demo.test` });
export const sara = user('0190a0b0-0000-7000-8000-000000000011', 'Sara Sales', 'sales');
export const omar = user('0190a0b0-0000-7000-8000-000000000012', 'Omar Sales', 'sales');
export const ahmed = user('0190a0b0-0000-7000-8000-000000000013', 'أحمد علي', 'sales');
export const gone = user('0190a0b0-0000-7000-8000-000000000014', 'Gone Rep', 'sales', false);
export const companyUsers: UserSummary[] = [adminUser, { ...salesUser, role: 'sales' }, sara, omar, ahmed, gone];

export const connected: WhatsAppStatus = { state: 'connected', ready: true, qr: null, tenantId: adminUser.tenantId, reason: null, phoneNumber: null };

/** Opens the messenger at one chat (assigned to the sales user unless said otherwise), as `who`. */
export async function openChat(who: AuthUser, options: { chat?: Partial<Chat>; messages?: Message[]; handlers?: Record<string, FakeHandler> } = {}) {
  cleanNotifications();
  resetChatStoreForTests();
  resetWhatsAppStoreForTests();
  resetNotificationsStoreForTests();
  resetCannedResponsesStoreForTests();
  sessionStorage.clear();
  openedSockets.length = 0;
  localStorage.setItem('token', 'live-token');
  const chat = makeChat({ name: 'Mona Hassan', assignedTo: { _id: salesUser._id, name: salesUser.name }, ...options.chat });
  const messages = (options.messages ?? [makeMessage({ body: 'Is the blue dress available?' })]).map((m) => ({ ...m, contactId: chat._id }));
  const api = fakeMessengerApi(who, {
    'GET /api/whatsapp/status': () => ok(connected),
    'GET /api/chats': () => ok({ items: [chat], total: 1, nextCursor: null } satisfies ChatPage),
    [`GET /api/chats/${chat._id}`]: () => ok(chat),
    [`POST /api/chats/${chat._id}/read`]: () => ok(chat),
    'GET /api/messages': () => ok({ items: messages, total: messages.length, hasMore: false, nextCursor: null } satisfies MessagePage),
    'GET /api/auth/users': () => ok(companyUsers),
    ...options.handlers,
  });
  const view = renderApp(`/whatsapp?contactId=${chat._id}`);
  await waitFor(() => expect(openedSockets.length).toBeGreaterThan(0));
  await screen.findByRole('heading', { name: 'Mona Hassan', level: 2 }, { timeout: 5000 });
  return { ...view, ...api, chat, socket: openedSockets.at(-1)! };
}

/** A note as the server answers it. */
export const makeNote = (overrides: Partial<Message> = {}): Message => makeMessage({ kind: 'note', direction: 'out', status: 'sent', sentBy: adminUser._id, sentByName: adminUser.name, ...overrides });
