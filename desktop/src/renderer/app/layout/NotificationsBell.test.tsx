import { LANGUAGES, type Notification } from '@crm/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMessengerApi, messengerTestSetup, renderWithApp, testId } from '../../modules/messenger/testing';
import { resetNotificationsStoreForTests } from '../../modules/notifications/store';
import { applyPreferences } from '../../i18n';
import { adminUser, fail, ok } from '../../test/fake-api';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { NotificationsBell } from './NotificationsBell';

const beep = vi.hoisted(() => vi.fn());
vi.mock('../../modules/notifications/beep', () => ({ playNotificationSound: beep }));

const notification = (overrides: Partial<Notification> = {}): Notification => ({
  _id: testId(),
  code: null,
  params: null,
  text: 'WhatsApp needs a new QR scan',
  link: null,
  isRead: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

function setup(items: Notification[], list = () => ok({ items, total: items.length, unreadCount: items.filter((n) => !n.isRead).length }), user = adminUser) {
  const socket = messengerTestSetup(user);
  resetNotificationsStoreForTests();
  beep.mockClear();
  const api = fakeMessengerApi(user, {
    'GET /api/notifications': () => list(),
    'POST /api/notifications/read': () => ok({ updated: items.length }),
  });
  const view = renderWithApp(<NotificationsBell />, '/');
  return { ...view, socket, api };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('notifications bell', () => {
  it("shows 'No notifications yet.' when there are none", async () => {
    const { user, api } = setup([]);
    await waitFor(() => expect(api.to('GET', '/api/notifications')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  });

  it('says the notifications could not be loaded (not "none yet"), and Retry loads them', async () => {
    let answer = () => fail(500, 'Notifications are unavailable');
    const items = [notification({ text: 'Lead assigned to you', isRead: true })];
    const { user } = setup(items, () => answer());
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Notifications are unavailable')).toBeInTheDocument();
    expect(screen.queryByText('No notifications yet.')).not.toBeInTheDocument();
    answer = () => ok({ items, total: 1, unreadCount: 0 });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Lead assigned to you')).toBeInTheDocument();
    expect(screen.queryByText('Notifications are unavailable')).not.toBeInTheDocument();
  });

  it('keeps items unread until the bell opens, then marks them all read 2 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = setup([notification({ text: 'Lead assigned to you' }), notification({ text: 'Old news', isRead: true })]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const bell = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    await user.click(bell);
    const list = await screen.findByRole('list', { name: 'Notifications list' });
    expect(within(list).getByText('Lead assigned to you')).toBeInTheDocument();
    expect(within(list).getByText('(unread)', { exact: false })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(api.to('POST', '/api/notifications/read')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(api.to('POST', '/api/notifications/read')).toHaveLength(1));
    expect(api.to('POST', '/api/notifications/read')[0]!.body).toEqual({});
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
    expect(within(list).queryByText('(unread)', { exact: false })).not.toBeInTheDocument();
  });

  it('does not mark anything read when nothing is unread', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = setup([notification({ isRead: true })]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await waitFor(() => expect(api.to('GET', '/api/notifications')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(api.to('POST', '/api/notifications/read')).toHaveLength(0);
  });

  it('puts a pushed notification on top, unread, with a sound', async () => {
    const { socket, user, api } = setup([notification({ text: 'Older one', isRead: true })]);
    await waitFor(() => expect(api.to('GET', '/api/notifications')).toHaveLength(1));
    act(() => socket.serverEmit('new_notification', { _id: testId(), text: 'New lead: Mona Hassan', link: '/whatsapp', isRead: false, createdAt: '2026-11-22T11:00:00.000Z' }));
    expect(beep).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Notifications (1 unread)' }));
    const items = within(await screen.findByRole('list', { name: 'Notifications list' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('New lead: Mona Hassan'), expect.stringContaining('Older one')]);
  });

  it('follows the link of an item that has one', async () => {
    const { user, router } = setup([notification({ text: 'WhatsApp needs a new QR scan', link: '/whatsapp', isRead: true }), notification({ text: 'No link here', isRead: true })]);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.queryByRole('button', { name: /No link here/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /WhatsApp needs a new QR scan/ }));
    expect(router.state.location.pathname).toBe('/whatsapp');
  });
});

describe.each(LANGUAGES)('a notice about a contact, in %s', (language) => {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(language, key, values);
  const assigned = (params: Record<string, string>) => notification({ code: 'lead.assigned', params, text: `A lead was assigned to you: ${params.name}`, isRead: true });

  it('names the contact from its name and number apart: the name, else the number kept left to right, else "No number yet"', async () => {
    applyPreferences({ language });
    const { user } = setup(
      [
        assigned({ name: 'Samir', contactName: 'Samir', contactPhone: '+201001115500' }),
        assigned({ name: '+201001115511', contactName: '', contactPhone: '+201001115511' }),
        assigned({ name: 'user:EG.700000000000000001', contactName: '', contactPhone: '' }),
        // a server before the two fields: the joined name as it was
        assigned({ name: 'Karim' }),
      ],
      undefined,
      inLanguage(adminUser, language),
    );
    await user.click(await screen.findByRole('button', { name: text('layout:notifications.title') }));
    const items = within(await screen.findByRole('list', { name: text('layout:notifications.list') })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      text('notifications:codes.leadAssigned', { name: 'Samir' }),
      text('notifications:codes.leadAssigned', { name: '\u2066+201001115511\u2069' }),
      text('notifications:codes.leadAssigned', { name: text('common:contactPhone.noNumber') }),
      text('notifications:codes.leadAssigned', { name: 'Karim' }),
    ]);
    expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  });
});
