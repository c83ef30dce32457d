import type { MessagePage } from '@crm/common';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyPreferences } from '../../i18n';
import { adminUser, fakeApi, ok } from '../../test/fake-api';
import { ChatPanel } from './ChatPanel';
import { makeChat, makeMessage, messengerTestSetup, renderWithApp } from './testing';

const MIN = 60_000;

/** A chat on an official API company whose window closes `left` ms from now (closed when null). */
function setup(left: number | null) {
  const socket = messengerTestSetup(adminUser);
  const chat = makeChat();
  const contactId = chat._id;
  const items = [makeMessage({ contactId, body: 'Is it still available?' })];
  const replyWindow: MessagePage['replyWindow'] = left === null ? { open: false, closesAt: null } : { open: true, closesAt: new Date(Date.now() + left).toISOString() };
  fakeApi({
    [`GET /api/chats/${contactId}`]: () => ok(chat),
    [`POST /api/chats/${contactId}/read`]: () => ok(chat),
    'GET /api/messages': () => ok({ items, total: 1, hasMore: false, nextCursor: null, replyWindow } satisfies MessagePage),
    'GET /api/canned-responses': () => ok({ items: [], total: 0 }),
    'GET /api/follow-up-templates': () => ok({ items: [], total: 0 }),
    'GET /api/whatsapp/cloud/templates': () => ok({ items: [], total: 0 }),
  });
  return { ...renderWithApp(<ChatPanel contactId={contactId} />, `/whatsapp?contactId=${contactId}`), socket, contactId };
}

const countdown = () => screen.findByTestId('window-countdown');
/** Moves the clock and its timers on (the countdown re-reads the time when the minutes left change). */
const pass = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  act(() => applyPreferences({ language: 'en' }));
});

describe('the 24-hour window counted down in the composer', { timeout: 20_000 }, () => {
  it('reads "Window closes in 3 h 12 min" and moves on each minute, without a reload', async () => {
    setup((3 * 60 + 12) * MIN - 5_000);
    expect(await countdown()).toHaveTextContent('Window closes in 3 h 12 min');
    await pass(MIN);
    expect(await countdown()).toHaveTextContent('Window closes in 3 h 11 min');
    await pass(11 * MIN);
    expect((await countdown()).textContent).toBe('Window closes in 3 h');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('under an hour only the minutes show; at zero the message box gives way to the templates offer', async () => {
    setup(2 * MIN - 5_000);
    expect(await countdown()).toHaveTextContent('Window closes in 2 min');
    await pass(MIN);
    expect(await countdown()).toHaveTextContent('Window closes in 1 min');
    await pass(MIN);
    expect(await screen.findByTestId('template-picker')).toBeInTheDocument();
    expect(screen.queryByTestId('window-countdown')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('when the contact writes again, the window opens for 24 hours and the message box comes back', async () => {
    const { socket, contactId } = setup(null);
    expect(await screen.findByTestId('template-picker')).toBeInTheDocument();
    act(() => socket.serverEmit('msg:new', { ...makeMessage({ contactId, direction: 'in', body: 'Still available?', createdAt: new Date().toISOString() }), chat: null }));
    expect((await countdown()).textContent).toBe('Window closes in 24 h');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('a line WhatsApp wrote (the contact changed their number) is not the contact writing: the window stays closed', async () => {
    const { socket, contactId } = setup(null);
    expect(await screen.findByTestId('template-picker')).toBeInTheDocument();
    const line = makeMessage({
      contactId,
      direction: 'in',
      body: 'This contact changed their number to +201009995500.',
      systemEvent: { code: 'number_changed', params: { phone: '+201009995500' } },
      createdAt: new Date().toISOString(),
    });
    act(() => socket.serverEmit('msg:new', { ...line, chat: null }));
    expect(await screen.findByRole('note')).toBeInTheDocument();
    expect(screen.getByTestId('template-picker')).toBeInTheDocument();
    expect(screen.queryByTestId('window-countdown')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('in Arabic, with Arabic plurals: hours and minutes, two of each, few and many', async () => {
    act(() => applyPreferences({ language: 'ar' }));
    setup((3 * 60 + 12) * MIN - 5_000);
    expect(await countdown()).toHaveTextContent('تُغلق نافذة الرد خلال 3 ساعات و12 دقيقة');
    // 2 h 2 min, then 1 h 2 min: the dual and the singular
    await pass(70 * MIN);
    expect(await countdown()).toHaveTextContent('تُغلق نافذة الرد خلال ساعتين ودقيقتين');
    await pass(60 * MIN);
    expect(await countdown()).toHaveTextContent('تُغلق نافذة الرد خلال ساعة واحدة ودقيقتين');
    await pass(MIN);
    expect(await countdown()).toHaveTextContent('تُغلق نافذة الرد خلال ساعة واحدة ودقيقة واحدة');
    await pass(6 * MIN);
    expect(await countdown()).toHaveTextContent('تُغلق نافذة الرد خلال 55 دقيقة');
    await pass(50 * MIN);
    expect(await countdown()).toHaveTextContent('تُغلق نافذة الرد خلال 5 دقائق');
  });
});
