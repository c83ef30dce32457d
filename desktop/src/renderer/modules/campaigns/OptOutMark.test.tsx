import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fakeApi, ok, salesUser } from '../../test/fake-api';
import { ChatPanel } from '../messenger/ChatPanel';
import { makeChat, messengerTestSetup, renderWithApp } from '../messenger/testing';

function openChat(user = adminUser, optedOut = true) {
  messengerTestSetup(user);
  const chat = makeChat();
  const api = fakeApi({
    [`GET /api/chats/${chat._id}`]: () => ok(chat),
    [`POST /api/chats/${chat._id}/read`]: () => ok(chat),
    'GET /api/messages': () => ok({ items: [], total: 0, hasMore: false, nextCursor: null }),
    'GET /api/canned-responses': () => ok({ items: [], total: 0 }),
    'GET /api/follow-up-templates': () => ok({ items: [], total: 0 }),
    [`GET /api/contacts/${chat._id}/opt-out`]: () => ok({ optedOut, at: '2026-11-20T09:00:00.000Z', keyword: 'STOP' }),
    [`DELETE /api/contacts/${chat._id}/opt-out`]: () => ok({ optedOut: false, at: null, keyword: null }),
  });
  return { ...renderWithApp(<ChatPanel contactId={chat._id} />, `/whatsapp?contactId=${chat._id}`), api, chat };
}

describe('opt-out in the chat header', { timeout: 20_000 }, () => {
  it("shows 'Opted out' and lets an admin undo it", async () => {
    const { user, api, chat } = openChat();
    const header = (await screen.findByText('Opted out')).closest('header')!;
    await user.click(within(header).getByRole('button', { name: 'Undo opt-out' }));
    expect(await screen.findByText('The contact can receive campaigns and follow-ups again.')).toBeInTheDocument();
    expect(screen.queryByText('Opted out')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE' && c.path === `/api/contacts/${chat._id}/opt-out`)).toHaveLength(1);
  });

  it('shows a sales user the mark without the undo', async () => {
    openChat(salesUser);
    expect(await screen.findByText('Opted out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo opt-out' })).not.toBeInTheDocument();
  });
});
