import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fakeApi, healthHandler, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const EVERYONE = ['Dashboard', 'WhatsApp', 'Leads', 'Customers', 'Sales', 'Canned Responses', 'Follow-up Templates'];
const ADMIN_ONLY = ['Expenses', 'Products', 'Shipping', 'Reports', 'Campaigns'];
const TEAM = ['Users', 'Performance', 'Tasks', 'Settings', 'Labels', 'WhatsApp Connection', 'Sending'];

async function sidebarFor(user: typeof adminUser) {
  localStorage.setItem('token', 'token');
  fakeApi({ 'GET /api/auth/me': () => ok(user), 'GET /api/health': healthHandler(false) });
  const view = renderApp('/');
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return { ...view, nav };
}

const linkNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.textContent?.trim() || link.getAttribute('aria-label'));

describe('sidebar', () => {
  it('shows an admin the shared entries, the admin-only entries and Team Management', async () => {
    const { nav } = await sidebarFor(adminUser);
    expect(linkNames(nav)).toEqual([...EVERYONE, ...ADMIN_ONLY, ...TEAM]);
    const team = within(nav).getByRole('group', { name: 'Team Management' });
    expect(linkNames(team)).toEqual(TEAM);
    expect(within(team).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/team/settings');
    expect(within(team).getByRole('link', { name: 'WhatsApp Connection' })).toHaveAttribute('href', '/settings/whatsapp');
    expect(within(nav).queryByText('My Space')).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'My Tasks' })).not.toBeInTheDocument();
  });

  it("shows a sales user the shared entries and 'My Space', without admin entries", async () => {
    const { nav } = await sidebarFor(salesUser);
    expect(linkNames(nav)).toEqual([...EVERYONE, 'My Tasks']);
    const mySpace = within(nav).getByRole('group', { name: 'My Space' });
    expect(within(mySpace).getByRole('link', { name: 'My Tasks' })).toHaveAttribute('href', '/my-tasks');
    for (const label of [...ADMIN_ONLY, ...TEAM]) {
      expect(within(nav).queryByRole('link', { name: label })).not.toBeInTheDocument();
    }
    expect(within(nav).queryByText('Team Management')).not.toBeInTheDocument();
  });

  it('shows the super administrator Dashboard, Companies, Users and Logout', async () => {
    localStorage.setItem('superToken', 'super-token');
    localStorage.setItem('superAdmin', JSON.stringify({ _id: 'x', name: 'Sara Super', email: 'super@demo.test', role: 'super' }));
    const { calls } = fakeApi({ 'GET /api/health': healthHandler(false), 'POST /api/super/logout': () => ok({ message: 'bye' }) });
    const { user, router } = renderApp('/super/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(linkNames(nav)).toEqual(['Dashboard', 'Companies', 'Users']);
    expect(within(nav).getByRole('link', { name: 'Companies' })).toHaveAttribute('href', '/super/tenants');
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/super/users');
    for (const label of ['WhatsApp', 'Leads', 'Expenses']) {
      expect(within(nav).queryByRole('link', { name: label })).not.toBeInTheDocument();
    }

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Super Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/super/login');
    expect(localStorage.getItem('superToken')).toBeNull();
    expect(calls.find((call) => call.path === '/api/super/logout')?.headers.get('Authorization')).toBe('Bearer super-token');
  });

  it('marks the current screen and collapses to icons with accessible names, remembering the choice', async () => {
    const { nav, user, router } = await sidebarFor(adminUser);
    await user.click(within(nav).getByRole('link', { name: 'Leads' }));
    // each screen is fetched when first visited: the address changes once it has arrived
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page'));
    expect(router.state.location.pathname).toBe('/leads');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(within(nav).queryByText('Leads')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Leads' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem('crm-sidebar-collapsed')).toBe('true');
  });

  it('offers the user menu with initial, name, email, Profile and Sign out; signing out returns to /login', async () => {
    const { user, router, calls } = await (async () => {
      localStorage.setItem('token', 'token');
      const api = fakeApi({
        'GET /api/auth/me': () => ok(adminUser),
        'GET /api/health': healthHandler(false),
        'POST /api/auth/logout': () => ok({ message: 'Logged out' }),
      });
      const view = renderApp('/');
      await screen.findByRole('heading', { name: 'Dashboard' });
      return { ...view, calls: api.calls };
    })();

    const menuButton = screen.getByRole('button', { name: 'User menu' });
    expect(within(menuButton).getByText('A')).toBeInTheDocument();
    await user.click(menuButton);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Amira Admin')).toBeInTheDocument();
    expect(within(menu).getByText('admin@demo.test')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    const logout = calls.find((call) => call.path === '/api/auth/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer token');
  });
});
