import { act, screen, waitFor, within } from '@testing-library/react';
import { openedSockets } from '../../test/fake-socket';
import { LANGUAGES, type Language, type TeamUser, type UserSession } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeCrmApi, testId, type CrmHandler } from '../../test/fake-crm-api';

const base = { tenantId: adminUser.tenantId, createdAt: '2026-10-01T08:00:00Z', lastActionAt: null, firstLogin: null };
const mona: TeamUser = { ...base, _id: testId(), name: 'Mona', email: 'mona@shop.test', role: 'sales', isActive: true, status: 'online', isOnline: true, lastSeen: '2026-11-20T10:00:00Z' };
const omar: TeamUser = { ...base, _id: testId(), name: 'Omar', email: 'omar@shop.test', role: 'sales', isActive: false, status: 'offline', isOnline: false, lastSeen: '2026-11-19T09:30:00Z' };
const hana: TeamUser = { ...base, _id: testId(), name: 'Hana', email: 'hana@shop.test', role: 'admin', isActive: true, status: 'offline', isOnline: false, lastSeen: null };
const idle: TeamUser = { ...base, _id: testId(), name: 'Karim', email: 'karim@shop.test', role: 'sales', isActive: true, status: 'idle', isOnline: true, lastSeen: null };

const session = (loginTime: string, logoutTime: string | null, duration: number | null): UserSession => ({ _id: testId(), loginTime, logoutTime, duration });

async function openUsers(handlers: Record<string, CrmHandler> = {}, language: Language = 'en') {
  const api = fakeCrmApi(inLanguage(adminUser, language), { 'GET /api/users': () => ok([mona, omar, hana, idle]), ...handlers });
  const view = renderApp('/team/users');
  await screen.findByRole('heading', { name: catalogueText(language, 'users:title'), level: 1 });
  return { ...view, ...api };
}

const rowOf = async (name: string) => (await screen.findByRole('button', { name: `Session history of ${name}` })).closest('tr')!;

describe('Team Users', { timeout: 20_000 }, () => {
  it('lists users with role, active flag and presence: online, idle, or grey with last seen / Never', async () => {
    await openUsers();
    const table = screen.getByRole('table', { name: 'Team users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Status', 'Presence', 'Created', 'Actions']);
    expect(await rowOf('Mona')).toHaveTextContent('Online');
    expect(await rowOf('Karim')).toHaveTextContent('Idle');
    const omarRow = await rowOf('Omar');
    expect(omarRow).toHaveTextContent('Inactive');
    expect(omarRow).toHaveTextContent(/Offline.*Last seen Nov 19, 2026/);
    expect(await rowOf('Hana')).toHaveTextContent(/Admin.*Active.*Offline.*Never/);
  });

  it("shows 'Failed to fetch users' when the list cannot load", async () => {
    await openUsers({ 'GET /api/users': () => new Response('x', { status: 502 }) });
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
  });

  it('Retry after a failed load asks again and shows the users', async () => {
    let answers = 0;
    const { user, to } = await openUsers({ 'GET /api/users': () => (++answers === 1 ? new Response('x', { status: 502 }) : ok([mona])) });
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Mona')).toHaveTextContent('mona@shop.test');
    expect(to('GET', '/api/users')).toHaveLength(2);
    expect(screen.queryByText('Failed to fetch users')).not.toBeInTheDocument();
  });

  it('expands a row into the session history: only sessions over 5 minutes, minutes with one decimal, - when absent', async () => {
    const now = Date.now();
    const { user } = await openUsers({
      [`GET /api/users/${mona._id}/sessions`]: () =>
        ok([
          session(new Date(now - 20 * 60_000).toISOString(), null, null),
          session('2026-11-20T08:00:00Z', '2026-11-20T08:12:20Z', 740),
          session('2026-11-19T08:00:00Z', '2026-11-19T08:04:00Z', 240),
        ]),
      [`GET /api/users/${omar._id}/sessions`]: () => ok([session('2026-11-19T08:00:00Z', '2026-11-19T08:01:00Z', 60)]),
    });
    await user.click(screen.getByRole('button', { name: 'Session history of Mona' }));
    const history = await screen.findByRole('table', { name: 'Sessions of Mona' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/-\s*-$/);
    expect(rows[1]).toHaveTextContent('12.3 min');

    await user.click(screen.getByRole('button', { name: 'Session history of Omar' }));
    expect(await screen.findByText('No sessions found (longer than 5 minutes)')).toBeInTheDocument();
  });

  it('Retry after the session history fails asks for it again', async () => {
    let answers = 0;
    const { user, to } = await openUsers({
      [`GET /api/users/${mona._id}/sessions`]: () => (++answers === 1 ? new Response('x', { status: 502 }) : ok([session('2026-11-20T08:00:00Z', '2026-11-20T09:30:00Z', 5400)])),
    });
    await user.click(await screen.findByRole('button', { name: 'Session history of Mona' }));
    expect(await screen.findByText('Failed to fetch sessions')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Sessions of Mona' })).toBeInTheDocument();
    expect(to('GET', `/api/users/${mona._id}/sessions`)).toHaveLength(2);
  });

  it('edits a user: a blank password is sent blank (kept), and the list reloads', async () => {
    let saved = false;
    const { user, to } = await openUsers({
      'GET /api/users': () => ok(saved ? [{ ...mona, name: 'Mona Ali', isActive: false }, omar, hana, idle] : [mona, omar, hana, idle]),
      [`PUT /api/users/${mona._id}`]: () => ((saved = true), ok({ ...mona, name: 'Mona Ali', isActive: false })),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Mona' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Mona Ali');
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    expect(within(dialog).getByText('Leave blank to keep the current password')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Session history of Mona Ali' })).toBeInTheDocument();
    expect(to('PUT', `/api/users/${mona._id}`)[0].body).toEqual({ name: 'Mona Ali', email: 'mona@shop.test', role: 'sales', isActive: false, password: '' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('an admin giving themselves a new password is told their other sessions end and stays signed in here', async () => {
    const me: TeamUser = { ...base, _id: adminUser._id, name: adminUser.name, email: adminUser.email, role: 'admin', isActive: true, status: 'online', isOnline: true, lastSeen: null };
    const { user, to } = await openUsers({
      'GET /api/users': () => ok([omar, me]),
      [`PUT /api/users/${me._id}`]: () => ok(me),
    });
    // a colleague's new password says nothing of the admin's own sessions
    await user.click(await screen.findByRole('button', { name: 'Edit Omar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.type(within(dialog).getByLabelText('New Password'), 'N3w-password');
    expect(within(dialog).queryByText(/other sessions/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(await screen.findByRole('button', { name: `Edit ${me.name}` }));
    dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).queryByText(/other sessions/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('New Password'), 'N3w-password');
    expect(within(dialog).getByText('Your other sessions will be signed out when you save; you stay signed in here.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password changed. Your other sessions have been signed out.')).toBeInTheDocument();
    expect(to('PUT', `/api/users/${me._id}`)[0].body).toMatchObject({ password: 'N3w-password' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Team Users', level: 1 })).toBeInTheDocument();
  });

  it("shows the server's refusal in the edit modal (the last active admin)", async () => {
    const { user } = await openUsers({
      [`PUT /api/users/${hana._id}`]: () => json(409, { ok: false, error: 'The company must keep at least one active admin.', code: 'user.last_active_admin' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Hana' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The company must keep at least one active admin.')).toBeInTheDocument();
  });

  it('adds a user (sales by default)', async () => {
    const { user, to } = await openUsers({ 'POST /api/users': () => ok({ ...mona, _id: testId(), name: 'Nour' }) });
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Nour');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'nour@shop.test');
    await user.type(within(dialog).getByLabelText(/Password/), 'Str0ng-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(to('POST', '/api/users')).toHaveLength(1));
    expect(to('POST', '/api/users')[0].body).toEqual({ name: 'Nour', email: 'nour@shop.test', role: 'sales', password: 'Str0ng-pass' });
  });
});

describe('Team Users presence, live', { timeout: 20_000 }, () => {
  it('follows user:status_change and user:idle from the realtime connection', async () => {
    openedSockets.length = 0;
    await openUsers();
    await waitFor(() => expect(openedSockets.length).toBeGreaterThan(0));
    const socket = openedSockets.at(-1)!;
    act(() => socket.serverEmit('user:status_change', { userId: hana._id, isOnline: true, lastSeen: '2026-11-21T10:00:00Z' }));
    await waitFor(async () => expect(await rowOf('Hana')).toHaveTextContent('Online'));
    act(() => socket.serverEmit('user:idle', { userId: hana._id }));
    await waitFor(async () => expect(await rowOf('Hana')).toHaveTextContent('Idle'));
    act(() => socket.serverEmit('user:status_change', { userId: mona._id, isOnline: false, lastSeen: '2026-11-21T10:00:00Z' }));
    await waitFor(async () => expect(await rowOf('Mona')).toHaveTextContent(/Offline.*Last seen Nov 21, 2026/));
  });

  it('reads the list again whenever the realtime connection (re)connects, so a change it missed meanwhile does not stay', async () => {
    openedSockets.length = 0;
    // Mona went offline while the socket was down: no event will ever say so
    let monaOnline = true;
    const { to } = await openUsers({ 'GET /api/users': () => ok([{ ...mona, isOnline: monaOnline, status: monaOnline ? 'online' : 'offline' }, omar, hana, idle]) });
    await waitFor(() => expect(openedSockets.length).toBeGreaterThan(0));
    const socket = openedSockets.at(-1)!;
    expect(await rowOf('Mona')).toHaveTextContent('Online');
    const reads = to('GET', '/api/users').length;

    act(() => socket.serverEmit('connect'));
    await waitFor(() => expect(to('GET', '/api/users')).toHaveLength(reads + 1));

    act(() => socket.serverEmit('disconnect', 'transport close'));
    monaOnline = false;
    act(() => socket.serverEmit('connect'));
    await waitFor(async () => expect(await rowOf('Mona')).toHaveTextContent('Offline'));
    expect(to('GET', '/api/users')).toHaveLength(reads + 2);
  });

  // One run per language (the Arabic copy only repeated it): texts from each catalogue.
  it.for(LANGUAGES)('shows the heads, presence, the empty session history and a refusal by its code (%s)', async (language) => {
    const text = (key: string, values?: Record<string, string>) => catalogueText(language, key, values);
    const escaped = (key: string) => text(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const quiet: TeamUser = { ...mona, status: 'offline', isOnline: false, lastSeen: null };
    const { user } = await openUsers(
      {
        'GET /api/users': () => ok([quiet]),
        [`GET /api/users/${mona._id}/sessions`]: () => ok([]),
        [`PUT /api/users/${mona._id}`]: () => json(403, { ok: false, error: 'You cannot deactivate your own account or remove your own admin role.', code: 'user.cannot_lock_out_self' }),
      },
      language,
    );
    expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const table = screen.getByRole('table', { name: text('users:table') });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['name', 'email', 'role', 'active', 'presence', 'created', 'actions'].map((column) => text(`users:columns.${column}`)));
    const toggle = await screen.findByRole('button', { name: text('users:sessions.toggle', { name: 'Mona' }) });
    expect(toggle.closest('tr')).toHaveTextContent(new RegExp(['users:roles.sales', 'users:active', 'users:presence.offline', 'users:presence.never'].map(escaped).join('.*')));

    await user.click(toggle);
    expect(await screen.findByText(text('users:sessions.empty'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: text('users:edit.buttonFor', { name: 'Mona' }) }));
    const dialog = await screen.findByRole('dialog', { name: text('users:edit.title') });
    await user.click(within(dialog).getByRole('button', { name: text('users:form.save') }));
    expect(await within(dialog).findByText(text('errors:user.cannot_lock_out_self'))).toBeInTheDocument();
  });
});
