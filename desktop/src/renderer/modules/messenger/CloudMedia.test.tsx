import type { Message, MessagePage } from '@crm/common';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPreferences } from '../../i18n/locale';
import { adminUser, fakeApi, ok } from '../../test/fake-api';
import { ChatPanel } from './ChatPanel';
import { makeChat, makeMessage, messengerTestSetup, renderWithApp } from './testing';

const page = (items: Message[]): MessagePage => ({ items, total: items.length, hasMore: false, nextCursor: null });

function open(messages: Message[], user = adminUser) {
  const socket = messengerTestSetup(user);
  const chat = makeChat({ name: 'Karim Adel' });
  const items = messages.map((m) => ({ ...m, contactId: chat._id }));
  fakeApi({
    [`GET /api/chats/${chat._id}`]: () => ok(chat),
    [`POST /api/chats/${chat._id}/read`]: () => ok({ ...chat, unreadCount: 0 }),
    'GET /api/messages': () => ok(page(items)),
    'GET /api/canned-responses': () => ok({ items: [], total: 0 }),
    'GET /api/follow-up-templates': () => ok({ items: [], total: 0 }),
  });
  renderWithApp(<ChatPanel contactId={chat._id} />, `/whatsapp?contactId=${chat._id}`);
  return { socket, items };
}

describe("the official API's media in a chat", { timeout: 20_000 }, () => {
  afterEach(() => applyPreferences({ language: 'en' }));

  it("an inbound photo whose file is still being fetched reads 'Media not available', then shows once it arrives (msg:update)", async () => {
    const photo = makeMessage({ direction: 'in', type: 'image', body: 'This one is broken', meta: null });
    const { socket, items } = open([photo]);
    const bubble = (await screen.findByText('This one is broken')).closest('[data-testid="message"]') as HTMLElement;
    expect(within(bubble).getByText('Media not available')).toBeInTheDocument();
    const exp = Math.floor(Date.now() / 1000) + 900;
    const arrived = { ...items[0], meta: { mediaType: 'image/png', mediaUrl: `/api/files/t/inbound/p.png?exp=${exp}&sig=abc`, fileName: null, path: 't/inbound/p.png', size: 2048 } };
    act(() => socket.serverEmit('msg:update', arrived));
    expect(await within(bubble).findByRole('img', { name: 'Image' })).toHaveAttribute('src', arrived.meta.mediaUrl);
    expect(within(bubble).queryByText('Media not available')).not.toBeInTheDocument();
  });

  it('a photo whose download was given up reads "Media not available" with the reason, live (msg:update), in English and Arabic', async () => {
    const photo = makeMessage({ direction: 'in', type: 'image', body: 'Here is the receipt', meta: null });
    const { socket, items } = open([photo]);
    const bubble = (await screen.findByText('Here is the receipt')).closest('[data-testid="message"]') as HTMLElement;
    expect(within(bubble).queryByText(/could not be downloaded/)).not.toBeInTheDocument();
    const givenUp = { ...items[0], error: 'The file of this message could not be downloaded from WhatsApp and is no longer available.', errorCode: 'media_unavailable', retryable: false };
    act(() => socket.serverEmit('msg:update', givenUp));
    expect(await within(bubble).findByText('The file of this message could not be downloaded from WhatsApp and is no longer available.')).toBeInTheDocument();
    expect(within(bubble).getByText('Media not available')).toBeInTheDocument();

    act(() => applyPreferences({ language: 'ar' }));
    expect(await within(bubble).findByText('تعذّر تنزيل ملف هذه الرسالة من واتساب، ولم يعد متاحًا.')).toBeInTheDocument();
    expect(within(bubble).getByText('الوسائط غير متاحة')).toBeInTheDocument();
  });

  it("a file over WhatsApp's size limit is refused with the limits worded by its code", async () => {
    const refused = makeMessage({
      direction: 'out',
      type: 'image',
      status: 'failed',
      body: 'The big catalogue',
      error: 'This file is too large for WhatsApp: images up to 5 MB, videos and audio up to 16 MB, stickers up to 500 KB, documents up to 100 MB. (a image of 6.0 MB)',
      errorCode: 'media_too_large',
      retryable: false,
    });
    open([refused]);
    expect(await screen.findByText(/This file is too large for WhatsApp: images up to 5 MB/)).toBeInTheDocument();
  });

  it('in Arabic: the size refusal and "Media not available" are Arabic, never the English', async () => {
    const arabic = { ...adminUser, language: 'ar' as const, arabicDigits: false };
    applyPreferences({ language: 'ar' });
    open(
      [
        makeMessage({ direction: 'in', type: 'image', body: 'صورة القطعة', meta: null }),
        makeMessage({ direction: 'out', type: 'video', status: 'failed', body: 'الفيديو', error: 'This file is too large for WhatsApp.', errorCode: 'media_too_large', retryable: false }),
      ],
      arabic,
    );
    expect(await screen.findByText(/هذا الملف أكبر من المسموح في واتساب/)).toBeInTheDocument();
    // the photo still being fetched, and the video that never left
    expect(screen.getAllByText('الوسائط غير متاحة')).toHaveLength(2);
    expect(document.body).not.toHaveTextContent(/too large|Media not available/);
  });
});
