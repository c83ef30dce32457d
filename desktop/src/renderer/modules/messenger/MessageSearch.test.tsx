import type { AuthUser, ChatPage, MessagePage, MessageSearchHit, MessageSearchPage, WhatsAppStatus } from '@crm/common';
import { cleanNotifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
const connected: WhatsAppStatus = { state: 'connected', ready: true, qr: null, tenantId: adminUser.tenantId, reason: null, phoneNumber: null };
const mona = makeChat({ name: 'Mona Hassan' });
const older = makeMessage({ contactId: mona._id, body: 'Good morning', createdAt: '2026-11-20T09:00:00.000Z' });
const found = makeMessage({ contactId: mona._id, body: 'Is the PRICE final? مرحبا أَحمد', createdAt: '2026-11-20T09:01:00.000Z' });
const newer = makeMessage({ contactId: mona._id, body: 'Thanks', createdAt: '2026-11-20T09:02:00.000Z' });
const hit: MessageSearchHit = {
  messageId: found._id,
  contactId: mona._id,
  contactName: 'Mona Hassan',
  contactPhone: mona.phone,
  kind: 'message',
  direction: 'in',
  type: 'text',
  body: found.body,
  fileName: null,
  createdAt: found.createdAt,
};

async function openMessenger(user: AuthUser | typeof arabicAdmin, hits: MessageSearchHit[] = [hit]) {
  cleanNotifications();
  resetChatStoreForTests();
  resetWhatsAppStoreForTests();
  resetNotificationsStoreForTests();
  resetCannedResponsesStoreForTests();
  sessionStorage.clear();
  openedSockets.length = 0;
  localStorage.setItem('token', 'live-token');
  const api = fakeMessengerApi(user, {
    'GET /api/whatsapp/status': () => ok(connected),
    'GET /api/chats': () => ok({ items: [], total: 0, nextCursor: null } satisfies ChatPage),
    [`GET /api/chats/${mona._id}`]: () => ok(mona),
    [`POST /api/chats/${mona._id}/read`]: () => ok(mona),
    'GET /api/messages/search': () => ok({ items: hits, hasMore: false, nextCursor: null } satisfies MessageSearchPage),
    'GET /api/messages': ({ url }) =>
      url.searchParams.get('around') === found._id
        ? ok({ items: [older, found, newer], total: 40, hasMore: true, nextCursor: 'older', hasNewer: true, newerCursor: 'newer' } satisfies MessagePage)
        : ok({ items: [], total: 0, hasMore: false, nextCursor: null } satisfies MessagePage),
  });
  const view = renderApp('/whatsapp');
  await waitFor(() => expect(openedSockets.length).toBeGreaterThan(0));
  return { ...view, api };
}

describe('searching every message', () => {
  it("marks a team note found by the search as a note, not as 'You:'", async () => {
    await openMessenger(adminUser, [{ ...hit, kind: 'note', direction: 'out', body: 'The price is final for her' }]);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /search/i }), 'price');
    const results = await screen.findByRole('region', { name: 'Messages' });
    const row = await within(results).findByRole('button', { name: /^Mona Hassan, .*The price is final/ });
    expect(row).toHaveTextContent('Note: The price is final for her');
    expect(row).not.toHaveTextContent('You:');
  });

  it('lists the messages found with the chat named and the words marked; a click opens the chat at the message', async () => {
    const { api } = await openMessenger(adminUser);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /search/i }), 'price');

    const results = await screen.findByRole('region', { name: 'Messages' });
    const row = await within(results).findByRole('button', { name: /^Mona Hassan, .*Is the PRICE final/ });
    expect(within(row).getByText('PRICE', { selector: 'mark' })).toBeInTheDocument();
    expect(api.to('GET', '/api/messages/search')[0].url.searchParams.get('q')).toBe('price');

    await user.click(row);
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/messages' && r.url.searchParams.get('around') === found._id)).toBe(true));
    const list = await screen.findByTestId('message-list');
    await waitFor(() => expect(list.querySelector('[data-focused]')).toHaveTextContent('Is the PRICE final?'));
    expect(within(list).getByRole('button', { name: 'Load newer messages' })).toBeInTheDocument();
  });

  it('marks an Arabic word typed without its hamza and diacritics, in Arabic', async () => {
    await openMessenger(arabicAdmin);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /بحث|search/i }), 'احمد');
    const results = await screen.findByRole('region', { name: 'الرسائل' });
    expect(await within(results).findByText('أَحمد', { selector: 'mark' })).toBeInTheDocument();
  });
});
