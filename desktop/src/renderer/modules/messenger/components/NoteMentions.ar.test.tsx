import type { Notification } from '@crm/common';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, salesUser } from '../../../test/fake-api';
import { ahmed, makeNote, openChat } from '../notes-testing';
import { fakeViewport, testId } from '../testing';

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());

const arabicRep = { ...salesUser, role: 'sales' as const, language: 'ar' as const, arabicDigits: false };

describe('mentions in private notes, in Arabic', { timeout: 20_000 }, () => {
  it('marks "@أحمد علي" in an Arabic note, and the bell says in Arabic who mentioned you and opens the chat at the note', async () => {
    const chatId = testId();
    const note = makeNote({ body: 'اتصل بها @أحمد علي قبل الخامسة', sentByName: 'أميرة', mentions: [{ id: ahmed._id, name: ahmed.name }] });
    const notice: Notification = {
      _id: testId(),
      code: 'note.mentioned',
      params: { by: 'أميرة', name: 'منى حسن' },
      text: 'أميرة mentioned you in a note on منى حسن',
      link: `/whatsapp?contactId=${chatId}&message=${note._id}`,
      isRead: true,
      createdAt: '2026-11-22T10:05:00.000Z',
    };
    const { user, router } = await openChat(arabicRep, {
      chat: { _id: chatId },
      messages: [note],
      handlers: { 'GET /api/notifications': () => ok({ items: [notice], total: 1, unreadCount: 0 }) },
    });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const bubble = await waitFor(() => screen.getAllByTestId('message').find((el) => el.dataset.kind === 'note')!);
    expect([...bubble.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['@أحمد علي']);
    expect(bubble).toHaveTextContent('اتصل بها @أحمد علي قبل الخامسة');

    await user.click(screen.getByRole('button', { name: /^الإشعارات/ }));
    await user.click(await screen.findByRole('button', { name: /أشار إليك أميرة في ملاحظة على منى حسن/ }));
    expect(router.state.location.search).toBe(`?contactId=${chatId}&message=${note._id}`);
  });
});
