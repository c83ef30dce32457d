import { act, screen, waitFor } from '@testing-library/react';
import { LANGUAGES } from '@crm/common';
import { describe, expect, it, vi } from 'vitest';
import { bridge } from '../../lib/bridge';
import { adminUser, fakeApi, healthHandler, ok } from '../../test/fake-api';
import { openedSockets } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';

async function signedIn() {
  openedSockets.length = 0;
  localStorage.setItem('token', 'live-token');
  fakeApi({
    'GET /api/auth/me': () => ok(adminUser),
    'GET /api/health': healthHandler(false),
    'POST /api/auth/logout': () => ok({ message: 'bye' }),
  });
  const view = renderApp('/');
  await screen.findByRole('heading', { name: 'Dashboard' });
  await waitFor(() => expect(openedSockets.length).toBeGreaterThan(0));
  return { ...view, socket: openedSockets.at(-1)! };
}

describe('realtime session', () => {
  it('connects with the token while signed in and disconnects on sign out', async () => {
    const { socket, user } = await signedIn();
    expect(socket.auth).toEqual({ token: 'live-token' });
    expect(socket.options.path).toBe('/socket.io');
    expect(socket.disconnected).toBe(false);

    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(socket.disconnected).toBe(true);
  });

  it('reports input in this window as presence:input, at most every 30 seconds', async () => {
    const { socket, user } = await signedIn();
    const inputs = () => socket.sent.filter(([event]) => event === 'presence:input').length;
    // nothing is reported before the socket is connected
    await user.keyboard('a');
    expect(inputs()).toBe(0);
    act(() => socket.serverEmit('connect'));
    await user.keyboard('a');
    await user.click(screen.getByRole('heading', { name: 'Dashboard' }));
    expect(inputs()).toBe(1);
  });

  it('on force_logout shows the spec alert and signs the user out', async () => {
    const { socket, router } = await signedIn();
    act(() => socket.serverEmit('force_logout', { message: 'Your account was deactivated' }));

    expect(await screen.findByText('You have been logged out automatically. Reason: Your account was deactivated')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(socket.disconnected).toBe(true);
  });

  it('notifies only about messages assigned to the current user, and a click opens the chat', async () => {
    const show = vi.spyOn(bridge, 'showNotification').mockResolvedValue({ ok: true, value: null });
    const { socket, router } = await signedIn();

    act(() => socket.serverEmit('msg:notification', { assignedTo: 'someone-else', contactId: 'c1', contactName: 'Mona', messageBody: 'Hi' }));
    act(() => socket.serverEmit('msg:notification', { assignedTo: null, contactId: 'c1', contactName: 'Mona', messageBody: 'Hi' }));
    expect(show).not.toHaveBeenCalled();

    act(() => socket.serverEmit('msg:notification', { assignedTo: adminUser._id, contactId: 'c 9', contactName: 'Mona', messageBody: 'Is it in stock?' }));
    expect(show).toHaveBeenCalledWith({ title: 'Mona', body: 'Is it in stock?', route: '/whatsapp?contactId=c%209' });
  });

  it('follows a notification click to its route', async () => {
    const listeners: ((click: { route: string }) => void)[] = [];
    vi.spyOn(bridge, 'onNotificationClick').mockImplementation((listener) => {
      listeners.push(listener);
      return () => {};
    });
    const { router } = await signedIn();
    act(() => listeners.forEach((listener) => listener({ route: '/whatsapp?contactId=c1' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/whatsapp'));
    expect(router.state.location.search).toBe('?contactId=c1');
  });
});

describe.each(LANGUAGES)('the new-message notification, in %s', (language) => {
  it('is titled with the contact as the chat list names it: the name, else the number, never a WhatsApp id', async () => {
    const show = vi.spyOn(bridge, 'showNotification').mockResolvedValue({ ok: true, value: null });
    openedSockets.length = 0;
    localStorage.setItem('token', 'live-token');
    fakeApi({ 'GET /api/auth/me': () => ok(inLanguage(adminUser, language)), 'GET /api/health': healthHandler(false) });
    renderApp('/');
    await waitFor(() => expect(openedSockets.length).toBeGreaterThan(0));
    const socket = openedSockets.at(-1)!;
    const notify = (contact: { name: string | null; phone: string }, contactName: string) =>
      act(() => socket.serverEmit('msg:notification', { assignedTo: adminUser._id, contactId: 'c1', contactName, contact, messageBody: 'Is it in stock?' }));

    notify({ name: 'Samir', phone: '+201001115500' }, 'Samir');
    notify({ name: null, phone: '+201001115511' }, '+201001115511');
    notify({ name: null, phone: 'user:EG.700000000000000001' }, 'user:EG.700000000000000001');
    expect(show.mock.calls.map(([request]) => request.title)).toEqual(['Samir', '+201001115511', catalogueText(language, 'common:contactPhone.noNumber')]);
    expect(show.mock.calls.every(([request]) => request.body === 'Is it in stock?' && request.route === '/whatsapp?contactId=c1')).toBe(true);
  });
});
