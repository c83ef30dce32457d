import type { Notification } from '@crm/common';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, salesUser } from '../../../test/fake-api';
import { makeNote, openChat, sara } from '../notes-testing';
import { noteParts } from '../mentions';
import { fakeViewport, makeMessage, testId } from '../testing';

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());

const rep = { ...salesUser, role: 'sales' as const };

describe('mentions in private notes', { timeout: 20_000 }, () => {
  it('cuts a note at the @names it mentions, the longer name first, and leaves other @words alone', () => {
    const mentions = [
      { id: 'a', name: 'Sara' },
      { id: 'b', name: 'Sara Salem' },
    ];
    expect(noteParts('@Sara Salem and @Sara, not @Sarah or a@b.c', mentions)).toEqual([
      { text: '@Sara Salem', mention: mentions[1] },
      { text: ' and ' },
      { text: '@Sara', mention: mentions[0] },
      { text: ', not ' },
      { text: '@Sara', mention: mentions[0] },
      { text: 'h or a@b.c' },
    ]);
    expect(noteParts('no one', [])).toEqual([{ text: 'no one' }]);
  });

  it("marks the colleagues a note mentions; the bell's 'mentioned you' opens the chat at that note", async () => {
    const note = makeNote({ body: 'Please call her @Sara Sales, @Nobody is not one', sentByName: 'Amira Admin', mentions: [{ id: sara._id, name: sara.name }] });
    const chatId = testId();
    const notice: Notification = {
      _id: testId(),
      code: 'note.mentioned',
      params: { by: 'Amira Admin', name: 'Mona Hassan' },
      text: 'Amira Admin mentioned you in a note on Mona Hassan',
      link: `/whatsapp?contactId=${chatId}&message=${note._id}`,
      isRead: true,
      createdAt: '2026-11-22T10:05:00.000Z',
    };
    const { user, router, chat, requests } = await openChat(rep, {
      chat: { _id: chatId },
      messages: [makeMessage({ body: 'Is the blue dress available?' }), note, makeMessage({ body: 'Hello again', createdAt: '2026-11-22T10:10:00.000Z' })],
      handlers: { 'GET /api/notifications': () => ok({ items: [notice], total: 1, unreadCount: 0 }) },
    });
    const bubble = await waitFor(() => screen.getAllByTestId('message').find((el) => el.dataset.kind === 'note')!);
    const marks = bubble.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['@Sara Sales']);
    expect(marks[0]).toHaveAttribute('data-user-id', sara._id);
    expect(bubble).toHaveTextContent('Please call her @Sara Sales, @Nobody is not one');

    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    await user.click(await screen.findByRole('button', { name: /Amira Admin mentioned you in a note on Mona Hassan/ }));
    expect(router.state.location.search).toBe(`?contactId=${chat._id}&message=${note._id}`);
    await waitFor(() => expect(requests.some((r) => r.path === '/api/messages' && r.url.searchParams.get('around') === note._id)).toBe(true));
    const list = await screen.findByTestId('message-list');
    await waitFor(() => expect(list.querySelector('[data-focused]')).toHaveTextContent('Please call her @Sara Sales'));
  });
});
