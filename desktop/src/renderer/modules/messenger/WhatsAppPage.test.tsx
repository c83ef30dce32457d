import type { AuthUser, Chat, ChatPage, WhatsAppStatus } from '@crm/common';
import { MantineProvider } from '@mantine/core';
import { cleanNotifications } from '@mantine/notifications';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { adminUser, fail, ok, salesUser } from '../../test/fake-api';
import { openedSockets } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';
import { resetCannedResponsesStoreForTests } from '../canned-responses/store';
import { resetChatStoreForTests } from './store';
import { fakeMessengerApi, fakeViewport, makeChat, makeMessage, type FakeHandler } from './testing';
import { resetNotificationsStoreForTests } from '../notifications/store';
import { ConnectionStatus } from './connection/ConnectionStatus';
import { resetWhatsAppStoreForTests, useWhatsAppStore } from './connection/store';
import userEvent from '@testing-library/user-event';

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());

const TENANT = adminUser.tenantId;
const status = (state: string, extra: Partial<WhatsAppStatus> = {}): WhatsAppStatus => ({ state, ready: state === 'connected', qr: null, tenantId: TENANT, reason: null, phoneNumber: null, ...extra });
const QR = 'data:image/png;base64,iVBORw0KGgo=';

function freshStores() {
  cleanNotifications();
  resetChatStoreForTests();
  resetWhatsAppStoreForTests();
  resetNotificationsStoreForTests();
  resetCannedResponsesStoreForTests();
  sessionStorage.clear();
  openedSockets.length = 0;
}

async function openMessenger(options: { path?: string; user?: AuthUser; chats?: Chat[]; wa?: WhatsAppStatus; handlers?: Record<string, FakeHandler> } = {}) {
  freshStores();
  localStorage.setItem('token', 'live-token');
  const chats = options.chats ?? [];
  const api = fakeMessengerApi(options.user ?? adminUser, {
    'GET /api/whatsapp/status': () => ok(options.wa ?? status('connected')),
    'GET /api/chats': ({ url }): Response => {
      const q = url.searchParams.get('q')?.toLowerCase();
      const items = q ? chats.filter((c) => (c.name ?? '').toLowerCase().includes(q) || c.phone.includes(q)) : chats;
      return ok({ items, total: items.length, nextCursor: null } satisfies ChatPage);
    },
    'GET /api/messages': () => ok({ items: [], total: 0, hasMore: false, nextCursor: null }),
    ...Object.fromEntries(chats.flatMap((c) => [[`GET /api/chats/${c._id}`, () => ok(c)] as const, [`POST /api/chats/${c._id}/read`, () => ok({ ...c, unreadCount: 0 })] as const])),
    ...options.handlers,
  });
  const view = renderApp(options.path ?? '/whatsapp');
  await waitFor(() => expect(openedSockets.length).toBeGreaterThan(0));
  return { ...view, api, socket: openedSockets.at(-1)! };
}

const chatRow = (name: RegExp | string) => screen.getByRole('button', { name: typeof name === 'string' ? new RegExp(`^${name},`) : name });
const rowNames = () =>
  within(screen.getByRole('list', { name: /^Chats/ }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label')!.split(',')[0]);

describe('connection status', () => {
  const renderStatus = (s: WhatsAppStatus | null, socketConnected = true, canManageSession = true) => {
    freshStores();
    return render(
      <AppProviders env="test">
        <ConnectionStatus tenantId={TENANT} status={s} socketConnected={socketConnected} canManageSession={canManageSession} />
      </AppProviders>,
    );
  };

  it.each([
    ['loading', 'Loading...'],
    ['initializing', 'Loading...'],
    ['not_configured', 'Not Configured'],
    ['scan', 'Scan QR'],
    ['GOT_QR', 'Scan QR'],
    ['connected', 'Connected'],
    ['ready', 'Connected'],
    ['needs_qr', 'Needs QR scan'],
    ['disconnected', 'disconnected'],
    ['error', 'error'],
  ])('shows state %s as %s', (state, label) => {
    renderStatus(status(state, { qr: state === 'scan' || state === 'GOT_QR' ? QR : null }));
    expect(screen.getByTestId('whatsapp-status')).toHaveTextContent(label);
    const qr = screen.queryByRole('img', { name: 'WhatsApp QR code' });
    if (label === 'Scan QR') expect(qr).toHaveAttribute('src', QR);
    else expect(qr).not.toBeInTheDocument();
  });

  it("shows 'Loading...' before any status, and the socket badge", () => {
    const { unmount } = renderStatus(null, true);
    expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Loading...');
    expect(screen.getByText('Socket: OK')).toBeInTheDocument();
    unmount();
    renderStatus(status('connected'), false);
    expect(screen.getByText('Socket: Off')).toBeInTheDocument();
  });

  it('never shows Connected over a dead session: needs_qr shows its reason and asks for a new scan', () => {
    renderStatus(status('needs_qr', { reason: 'WhatsApp stopped answering. Scan the QR code again to reconnect.' }));
    expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Needs QR scan');
    expect(screen.queryByText('Connected')).not.toBeInTheDocument();
    expect(screen.getByText('WhatsApp stopped answering. Scan the QR code again to reconnect.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan a new QR' })).toBeInTheDocument();
  });

  it('offers Delete session to admins only', () => {
    const { unmount } = renderStatus(status('connected'), true, true);
    expect(screen.getByRole('button', { name: 'Delete session' })).toBeInTheDocument();
    unmount();
    renderStatus(status('connected'), true, false);
    expect(screen.queryByRole('button', { name: 'Delete session' })).not.toBeInTheDocument();
  });

  it.each(['connected', 'needs_qr', 'scan'])('offers Delete session while the session is %s, not while WhatsApp is Not Configured', (state) => {
    const { unmount } = renderStatus(status(state), true, true);
    expect(screen.getByRole('button', { name: 'Delete session' })).toBeInTheDocument();
    unmount();
    renderStatus(status('not_configured'), true, true);
    expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Not Configured');
    expect(screen.queryByRole('button', { name: 'Delete session' })).not.toBeInTheDocument();
  });

  it.each([
    ['not_configured', 'Connect WhatsApp'],
    ['needs_qr', 'Scan a new QR'],
    ['disconnected', 'Reconnect'],
    ['error', 'Reconnect'],
  ])('while %s, offers %s to admins only; a rep is asked to turn to their admin', (state, button) => {
    const { unmount } = renderStatus(status(state), true, true);
    expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
    expect(screen.queryByText('Ask your admin to connect WhatsApp.')).not.toBeInTheDocument();
    unmount();
    renderStatus(status(state), true, false);
    expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
    expect(screen.getByText('Ask your admin to connect WhatsApp.')).toBeInTheDocument();
  });

  it('never shows a rep a QR (not even one a status carried), nor waits for one', () => {
    renderStatus(status('scan', { qr: QR }), true, false);
    expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Scan QR');
    expect(screen.queryByRole('img', { name: 'WhatsApp QR code' })).not.toBeInTheDocument();
    expect(screen.queryByText('Waiting for the QR code...')).not.toBeInTheDocument();
    expect(screen.getByText('Ask your admin to connect WhatsApp.')).toBeInTheDocument();
  });

  it('tells nobody to ask their admin while connected', () => {
    renderStatus(status('connected'), true, false);
    expect(screen.queryByText('Ask your admin to connect WhatsApp.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps Delete session red in dark mode (a red shade, not the plain colour Mantine turns near white there)', () => {
    freshStores();
    render(
      <AppProviders env="test">
        <MantineProvider forceColorScheme="dark">
          <ConnectionStatus tenantId={TENANT} status={status('connected')} socketConnected canManageSession />
        </MantineProvider>
      </AppProviders>,
    );
    const button = screen.getByRole('button', { name: 'Delete session' });
    expect(button.style.getPropertyValue('--button-color')).toBe('var(--mantine-color-red-6)');
  });
});

describe('WhatsApp messenger screen', { timeout: 20_000 }, () => {
  it("shows 'WhatsApp Dashboard' and 'Tenant not found. Please login again.' for a user without a tenant", async () => {
    await openMessenger({ user: { ...adminUser, tenantId: '' } as AuthUser });
    expect(await screen.findByRole('heading', { name: 'WhatsApp Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Tenant not found. Please login again.')).toBeInTheDocument();
  });

  it('asks for the status on mount, shows it, follows wa:status pushes and caches it per tenant', async () => {
    const { socket } = await openMessenger({ wa: status('not_configured') });
    expect(await screen.findByRole('heading', { name: 'WhatsApp', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Not Configured'));
    expect(socket.sent.some(([event]) => event === 'wa:get_status')).toBe(true);
    expect(screen.getByText('Socket: Off')).toBeInTheDocument();

    act(() => socket.serverEmit('wa:status', status('connected', { phoneNumber: '+201000000000' })));
    expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Connected');
    expect(JSON.parse(sessionStorage.getItem(`crm-wa-status:${TENANT}`)!).status.state).toBe('connected');
    // Another tenant's status is not ours.
    act(() => socket.serverEmit('wa:status', { ...status('needs_qr'), tenantId: 'another-tenant' }));
    expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Connected');
  });

  it('connects: creates the account once with "Default Account", starts, and shows the QR while scanning', async () => {
    let starts = 0;
    const { api, user, socket } = await openMessenger({
      wa: status('not_configured'),
      handlers: {
        'POST /api/whatsapp/accounts': () => ok({ _id: 'a', name: 'Default Account', state: 'not_configured', phoneNumber: null, lastConnectedAt: null, createdAt: '' }),
        'POST /api/whatsapp/start': () => {
          starts += 1;
          return ok(status('initializing'));
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Connect WhatsApp' }));
    await waitFor(() => expect(starts).toBe(1));
    expect(api.to('POST', '/api/whatsapp/accounts').map((r) => r.body)).toEqual([{ name: 'Default Account' }]);
    expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Loading...');

    act(() => socket.serverEmit('wa:status', status('scan', { qr: QR })));
    expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Scan QR');
    expect(screen.getByRole('img', { name: 'WhatsApp QR code' })).toHaveAttribute('src', QR);
    act(() => socket.serverEmit('wa:status', status('connected')));
    expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Connected');
    expect(screen.queryByRole('img', { name: 'WhatsApp QR code' })).not.toBeInTheDocument();

    // The account exists now: a later start (after a logout) does not create it again.
    act(() => socket.serverEmit('wa:status', status('needs_qr', { reason: 'Logged out from the phone.' })));
    await user.click(screen.getByRole('button', { name: 'Scan a new QR' }));
    await waitFor(() => expect(starts).toBe(2));
    expect(api.to('POST', '/api/whatsapp/accounts')).toHaveLength(1);
  });

  it('keeps the QR pushed while the start was still answering: the answer\'s older "initializing" does not replace it', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, socket } = await openMessenger({
      wa: status('not_configured'),
      handlers: {
        'POST /api/whatsapp/accounts': () => ok({ _id: 'a', name: 'Default Account', state: 'not_configured', phoneNumber: null, lastConnectedAt: null, createdAt: '' }),
        'POST /api/whatsapp/start': () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Connect WhatsApp' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Connect/ })).toBeDisabled());
    act(() => socket.serverEmit('wa:status', status('scan', { qr: QR })));
    expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Scan QR');
    await act(async () => answer(ok(status('initializing'))));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Connect/ })).not.toBeInTheDocument());
    expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Scan QR');
    expect(screen.getByRole('img', { name: 'WhatsApp QR code' })).toHaveAttribute('src', QR);
  });

  it("shows a sales rep 'Ask your admin to connect WhatsApp.' and no Connect button", async () => {
    await openMessenger({ user: salesUser, wa: status('not_configured') });
    expect(await screen.findByText('Ask your admin to connect WhatsApp.')).toBeInTheDocument();
    expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Not Configured');
    expect(screen.queryByRole('button', { name: 'Connect WhatsApp' })).not.toBeInTheDocument();
  });

  it('shows the admin the Connect button and no ask-your-admin line', async () => {
    await openMessenger({ user: adminUser, wa: status('not_configured') });
    expect(await screen.findByRole('button', { name: 'Connect WhatsApp' })).toBeInTheDocument();
    expect(screen.queryByText('Ask your admin to connect WhatsApp.')).not.toBeInTheDocument();
  });

  it("says 'Could not initialize WhatsApp connection.' when starting fails", async () => {
    const { user } = await openMessenger({
      wa: status('not_configured'),
      handlers: { 'POST /api/whatsapp/accounts': () => ok({}), 'POST /api/whatsapp/start': () => fail(500, 'Chromium crashed') },
    });
    await user.click(await screen.findByRole('button', { name: 'Connect WhatsApp' }));
    expect(await screen.findByText('Could not initialize WhatsApp connection.')).toBeInTheDocument();
  });

  it('deletes the session after confirmation, with the spec texts', async () => {
    let allowed = true;
    const { user, socket } = await openMessenger({
      handlers: { 'DELETE /api/whatsapp/session': () => (allowed ? ok({ message: 'Session deleted. Please request new QR.' }) : fail(500, 'boom')) },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete WhatsApp session' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete session' }));
    expect(await screen.findByText('Session deleted. Please request new QR.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('whatsapp-status')).toHaveTextContent('Not Configured'));
    // nothing left to delete
    expect(screen.queryByRole('button', { name: 'Delete session' })).not.toBeInTheDocument();

    allowed = false;
    cleanNotifications();
    act(() => socket.serverEmit('wa:status', status('connected')));
    await user.click(await screen.findByRole('button', { name: 'Delete session' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete WhatsApp session' })).getByRole('button', { name: 'Delete session' }));
    expect(await screen.findByText('Failed to delete session.')).toBeInTheDocument();
  });

  it('lists conversations newest first with previews and unread badges, and shows the welcome screen', async () => {
    const chats = [
      makeChat({ name: 'Mona Hassan', lastMessageAt: '2026-11-22T10:05:00.000Z', lastMessagePreview: 'Is the blue dress in M?', unreadCount: 2 }),
      makeChat({ name: 'Karim Adel', lastMessageAt: '2026-11-22T09:00:00.000Z', lastMessagePreview: 'Thanks!', lastMessageDirection: 'out' }),
    ];
    await openMessenger({ chats });
    await waitFor(() => expect(rowNames()).toEqual(['Mona Hassan', 'Karim Adel']));
    expect(within(chatRow('Mona Hassan')).getByTestId('unread-badge')).toHaveTextContent('2');
    expect(chatRow('Mona Hassan')).toHaveTextContent('Is the blue dress in M?');
    expect(chatRow('Karim Adel')).toHaveTextContent('You: Thanks!');
    expect(screen.getByRole('heading', { name: 'CRM Messenger' })).toBeInTheDocument();
    expect(screen.getByText('Select a conversation to start chatting')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search or start new chat')).toBeInTheDocument();
  });

  it("says who wrote the last outgoing message: 'You:' for the reader's own, the colleague's name otherwise", async () => {
    const chats = [
      makeChat({
        name: 'Mona Hassan',
        lastMessageAt: '2026-11-22T10:05:00.000Z',
        lastMessagePreview: 'Sent by the admin',
        lastMessageDirection: 'out',
        lastMessageSentBy: { _id: adminUser._id, name: adminUser.name },
      }),
      makeChat({
        name: 'Karim Adel',
        lastMessageAt: '2026-11-22T09:00:00.000Z',
        lastMessagePreview: 'Sent by a colleague',
        lastMessageDirection: 'out',
        lastMessageSentBy: { _id: salesUser._id, name: 'Samir Sales' },
      }),
    ];
    await openMessenger({ chats });
    await waitFor(() => expect(rowNames()).toEqual(['Mona Hassan', 'Karim Adel']));
    expect(chatRow('Mona Hassan')).toHaveTextContent('You: Sent by the admin');
    expect(chatRow('Karim Adel')).toHaveTextContent('Samir Sales: Sent by a colleague');
    expect(chatRow('Karim Adel')).not.toHaveTextContent('You:');
    expect(chatRow('Karim Adel')).toHaveAccessibleName('Karim Adel, Samir Sales: Sent by a colleague');
  });

  it('moves a conversation to the top with its unread badge when a message arrives (msg:new), and adds new ones (chat:update)', async () => {
    const mona = makeChat({ name: 'Mona Hassan', lastMessageAt: '2026-11-22T10:05:00.000Z' });
    const karim = makeChat({ name: 'Karim Adel', lastMessageAt: '2026-11-22T09:00:00.000Z' });
    const { socket } = await openMessenger({ chats: [mona, karim] });
    await waitFor(() => expect(rowNames()).toEqual(['Mona Hassan', 'Karim Adel']));

    const message = makeMessage({ contactId: karim._id, body: 'Still available?', createdAt: '2026-11-22T10:10:00.000Z' });
    act(() => socket.serverEmit('msg:new', { ...message, chat: { ...karim, lastMessageAt: message.createdAt, lastMessagePreview: 'Still available?', unreadCount: 1 } }));
    await waitFor(() => expect(rowNames()).toEqual(['Karim Adel', 'Mona Hassan']));
    expect(within(chatRow('Karim Adel')).getByTestId('unread-badge')).toHaveTextContent('1');
    expect(chatRow('Karim Adel')).toHaveTextContent('Still available?');

    const lead = makeChat({ name: 'New Lead', lastMessageAt: '2026-11-22T10:20:00.000Z', unreadCount: 1 });
    act(() => socket.serverEmit('chat:update', lead));
    await waitFor(() => expect(rowNames()).toEqual(['New Lead', 'Karim Adel', 'Mona Hassan']));
  });

  it('opens a conversation from the list: the address carries it, the unread count is cleared', async () => {
    const mona = makeChat({ name: 'Mona Hassan', unreadCount: 3 });
    const { user, router, api } = await openMessenger({ chats: [mona] });
    await waitFor(() => expect(chatRow('Mona Hassan, 3 unread')).toBeInTheDocument());
    await user.click(chatRow('Mona Hassan, 3 unread'));
    expect(router.state.location.search).toBe(`?contactId=${mona._id}`);
    expect(await screen.findByRole('heading', { name: 'Mona Hassan', level: 2 })).toBeInTheDocument();
    await waitFor(() => expect(api.to('POST', `/api/chats/${mona._id}/read`)).toHaveLength(1));
    await waitFor(() => expect(within(chatRow('Mona Hassan')).queryByTestId('unread-badge')).not.toBeInTheDocument());
    expect(screen.queryByText('Select a conversation to start chatting')).not.toBeInTheDocument();
  });

  it('opens the conversation of a deep link (/whatsapp?contactId=…), as a notification click does', async () => {
    const karim = makeChat({ name: 'Karim Adel' });
    await openMessenger({ chats: [makeChat({ name: 'Mona Hassan' }), karim], path: `/whatsapp?contactId=${karim._id}` });
    expect(await screen.findByRole('heading', { name: 'Karim Adel', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Full Profile' })).toHaveAttribute('href', `/contacts/${karim._id}`);
    await waitFor(() => expect(chatRow('Karim Adel')).toHaveAttribute('aria-current', 'true'));
  });

  it('searches on the server after a pause in typing', async () => {
    const chats = [makeChat({ name: 'Mona Hassan' }), makeChat({ name: 'Karim Adel', phone: '+201112223344' })];
    const { api } = await openMessenger({ chats });
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search chats' }), 'kar');
    await waitFor(() => expect(rowNames()).toEqual(['Karim Adel']));
    const searches = api.to('GET', '/api/chats').map((r) => r.url.searchParams.get('q'));
    // One request for the whole word (debounced), not one per key.
    expect(searches).toEqual([null, 'kar']);
  });

  it("shows 'Failed to load chats.' or the server's error", async () => {
    const first = await openMessenger({ handlers: { 'GET /api/chats': () => fail(500, 'Database unavailable') } });
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    first.unmount();

    await openMessenger({ handlers: { 'GET /api/chats': () => new Response('not json', { status: 502 }) } });
    expect(await screen.findByText('Failed to load chats.')).toBeInTheDocument();
  });

  it('lets a sales user read the messenger without Delete session', async () => {
    await openMessenger({ user: salesUser, chats: [makeChat({ name: 'Assigned Lead' })] });
    await waitFor(() => expect(rowNames()).toEqual(['Assigned Lead']));
    expect(screen.queryByRole('button', { name: 'Delete session' })).not.toBeInTheDocument();
    expect(useWhatsAppStore.getState().status?.state).toBe('connected');
  });
});

describe('after the realtime connection comes back', () => {
  it('fetches the chat list and the open conversation again (what was pushed while offline)', async () => {
    const mona = makeChat({ name: 'Mona Hassan' });
    const { socket, api } = await openMessenger({ chats: [mona], path: `/whatsapp?contactId=${mona._id}` });
    await screen.findByRole('heading', { name: 'Mona Hassan', level: 2 });
    await waitFor(() => expect(api.to('GET', '/api/messages')).toHaveLength(1));
    const listLoads = api.to('GET', '/api/chats').length;

    act(() => socket.serverEmit('connect'));
    act(() => socket.serverEmit('disconnect'));
    act(() => socket.serverEmit('connect'));
    await waitFor(() => expect(api.to('GET', '/api/chats')).toHaveLength(listLoads + 1));
    await waitFor(() => expect(api.to('GET', '/api/messages')).toHaveLength(2));
  });
});
