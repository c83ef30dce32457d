import type { CannedResponse, ChatPage, WhatsAppStatus } from '@crm/common';
import { cleanNotifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { resetCannedResponsesStoreForTests } from '../../canned-responses/store';
import { makeContact } from '../../contacts/testing/make-contact';
import { resetNotificationsStoreForTests } from '../../notifications/store';
import { resetWhatsAppStoreForTests } from '../connection/store';
import { resetChatStoreForTests } from '../store';
import { fakeMessengerApi, fakeViewport, makeChat, testId } from '../testing';

const arabicAdmin = { ...adminUser, name: 'أميرة', companyName: 'متجر النيل', language: 'ar' as const, arabicDigits: false };
const status: WhatsAppStatus = { state: 'connected', ready: true, qr: null, tenantId: adminUser.tenantId, reason: null, phoneNumber: null };
const reply = (title: string, text: string): CannedResponse => ({ _id: testId(), title, text, createdBy: null, canEdit: true, createdAt: '', updatedAt: '' });

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());

async function openChatInArabic(chat = makeChat({ name: 'هبة منصور' })) {
  cleanNotifications();
  resetChatStoreForTests();
  resetWhatsAppStoreForTests();
  resetNotificationsStoreForTests();
  resetCannedResponsesStoreForTests();
  sessionStorage.clear();
  localStorage.setItem('token', 'live-token');
  const items = [reply('ترحيب', 'أهلاً {name}، معك {agent} من {company}.'), reply('أسعار الشحن', 'الشحن لكل المحافظات خلال يومين.'), reply('Returns', 'Returns are free.')];
  fakeMessengerApi(arabicAdmin, {
    'GET /api/whatsapp/status': () => ok(status),
    'GET /api/chats': () => ok({ items: [chat], total: 1, nextCursor: null } satisfies ChatPage),
    [`GET /api/chats/${chat._id}`]: () => ok(chat),
    [`GET /api/contacts/${chat._id}`]: () => ok(makeContact({ _id: chat._id, name: chat.name })),
    'GET /api/messages': () => ok({ items: [], total: 0, hasMore: false, nextCursor: null }),
    'GET /api/canned-responses': () => ok({ items, total: items.length }),
  });
  const view = renderApp(`/whatsapp?contactId=${chat._id}`);
  const panel = await screen.findByRole('region', { name: `محادثة مع ${chat.name ?? chat.phone}` }, { timeout: 5000 });
  return { ...view, box: within(panel).getByRole('textbox', { name: 'الرسالة' }) };
}

/** The `/` quick replies in Arabic: Arabic words, right to left, Arabic letters folded when filtering. */
describe('quick replies in Arabic', { timeout: 20_000 }, () => {
  it('opens on /, filters Arabic titles whatever the alef, and inserts the reply with its blanks filled in', async () => {
    const { user, box } = await openChatInArabic();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await user.type(box, '/');
    const list = await screen.findByRole('listbox', { name: 'الردود السريعة' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    expect(screen.getByText('الردود السريعة', { selector: 'p' })).toBeInTheDocument();
    // typed without the hamza, the title is written with it
    await user.type(box, 'اسعار');
    expect(screen.getByText('الردود السريعة المطابقة لـ «اسعار»')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.querySelector('p')?.textContent),
    ).toEqual(['أسعار الشحن']);
    expect(within(list).getByText('أسعار الشحن')).toHaveAttribute('dir', 'auto');

    await user.clear(box);
    await user.type(box, '/ترح{Enter}');
    await waitFor(() => expect(box).toHaveValue('أهلاً هبة منصور، معك أميرة من متجر النيل.'));
  });

  it('greets a contact without a name with an Arabic word, and says so in Arabic when nothing matches', async () => {
    const { user, box } = await openChatInArabic(makeChat({ name: null, phone: '+201001234567' }));
    await user.type(box, '/لاشيء');
    expect(await screen.findByText('لا يوجد رد سريع يطابق «لاشيء».')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '/ترحيب');
    await user.keyboard('{Tab}');
    await waitFor(() => expect(box).toHaveValue('أهلاً عميلنا العزيز، معك أميرة من متجر النيل.'));
  });
});
