import type { Chat, ChatPage } from '@crm/common';
import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { openedSockets } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';
import { resetCannedResponsesStoreForTests } from '../canned-responses/store';
import { resetWhatsAppStoreForTests } from '../messenger/connection/store';
import { resetChatStoreForTests } from '../messenger/store';
import { fakeMessengerApi, fakeViewport, makeChat } from '../messenger/testing';
import { resetLabelsStore } from './store';
import { makeLabel } from './testing/make-label';

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());

const vip = makeLabel('VIP', '#e03131');
const hot = makeLabel('Hot', '#f08c00');

async function openMessenger(path: string, chats: Chat[]) {
  cleanNotifications();
  resetChatStoreForTests();
  resetWhatsAppStoreForTests();
  resetCannedResponsesStoreForTests();
  resetLabelsStore();
  openedSockets.length = 0;
  localStorage.setItem('token', 'live-token');
  const api = fakeMessengerApi(adminUser, {
    'GET /api/whatsapp/status': () => ok({ state: 'connected', ready: true, qr: null, tenantId: adminUser.tenantId, reason: null, phoneNumber: null }),
    'GET /api/labels': () => ok({ items: [vip, hot], total: 2 }),
    // the server's filter: any of the labels asked for
    'GET /api/chats': ({ url }): Response => {
      const wanted = url.searchParams.get('labels')?.split(',') ?? [];
      const items = wanted.length ? chats.filter((c) => c.labelIds?.some((id) => wanted.includes(id))) : chats;
      return ok({ items, total: items.length, nextCursor: null } satisfies ChatPage);
    },
    'GET /api/messages': () => ok({ items: [], total: 0, hasMore: false, nextCursor: null }),
    ...Object.fromEntries(
      chats.flatMap((c) => [
        [`GET /api/chats/${c._id}`, () => ok(c)] as const,
        [`POST /api/chats/${c._id}/read`, () => ok({ ...c, unreadCount: 0 })] as const,
        [`GET /api/contacts/${c._id}/labels`, () => ok([])] as const,
      ]),
    ),
  });
  const view = renderApp(path);
  await waitFor(() => expect(openedSockets.length).toBeGreaterThan(0));
  return { ...view, api, socket: openedSockets.at(-1)! };
}

const chatList = () => screen.getByRole('list', { name: /^Chats/ });
const rowOf = (name: string) => within(chatList()).getByRole('button', { name: new RegExp(`^${name},`) });

describe('labels in the messenger', { timeout: 20_000 }, () => {
  it('shows chips on chat rows and filters the list by the labels in the address, kept when a chat opens', async () => {
    const mona = makeChat({ name: 'Mona Hassan', labelIds: [vip._id] });
    const karim = makeChat({ name: 'Karim Adel', labelIds: [hot._id] });
    const { api, user, router } = await openMessenger(`/whatsapp?labels=${vip._id}`, [mona, karim]);
    await waitFor(() => expect(rowOf('Mona Hassan')).toHaveTextContent('VIP'));
    expect(within(chatList()).queryByRole('button', { name: /^Karim Adel,/ })).not.toBeInTheDocument();
    expect(
      api.requests
        .filter((r) => r.path === '/api/chats')
        .at(-1)!
        .url.searchParams.get('labels'),
    ).toBe(vip._id);

    await user.click(rowOf('Mona Hassan'));
    await waitFor(() => expect(router.state.location.search).toContain(`contactId=${mona._id}`));
    expect(new URLSearchParams(router.state.location.search).get('labels')).toBe(vip._id);
  });

  it('drops a chat from the filtered list when its label is taken off elsewhere (chat:update)', async () => {
    const mona = makeChat({ name: 'Mona Hassan', labelIds: [vip._id] });
    const nour = makeChat({ name: 'Nour Samir', labelIds: [vip._id, hot._id] });
    const { socket } = await openMessenger(`/whatsapp?labels=${vip._id}`, [mona, nour]);
    await waitFor(() => expect(rowOf('Nour Samir')).toBeInTheDocument());
    act(() => socket.serverEmit('chat:update', { ...mona, labelIds: [] }));
    await waitFor(() => expect(within(chatList()).queryByRole('button', { name: /^Mona Hassan,/ })).not.toBeInTheDocument());
    expect(rowOf('Nour Samir')).toHaveTextContent('Hot');
  });
});
