import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, fakeApi, healthHandler, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const signedInAs = (user: typeof adminUser) => {
  localStorage.setItem('token', `token-of-${user.role}`);
  return fakeApi({ 'GET /api/auth/me': () => ok(user), 'GET /api/health': healthHandler(false) });
};

describe('route guards', () => {
  it('sends an unauthenticated visitor to /login', async () => {
    fakeApi({ 'GET /api/health': healthHandler(false) });
    const { router } = renderApp('/leads');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('draws the sign-in form in the first frame when no token is stored (no loader before it)', () => {
    fakeApi({ 'GET /api/health': healthHandler(false) });
    renderApp('/login');
    // no waiting: the first render already holds the form, the loader is never drawn
    expect(screen.getByLabelText(/Email/)).toBeInTheDocument();
    expect(screen.queryByText('Loading Application...')).not.toBeInTheDocument();
  });

  it("shows 'Loading Application...' while the stored token is checked", async () => {
    localStorage.setItem('token', 'stored-token');
    let answer!: (response: Response) => void;
    const { calls } = fakeApi({
      'GET /api/auth/me': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/health': healthHandler(false),
    });
    renderApp('/');

    expect(await screen.findByText('Loading Application...')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/me')).toBe(true));
    expect(calls.find((call) => call.path === '/api/auth/me')?.headers.get('Authorization')).toBe('Bearer stored-token');

    answer(ok(adminUser));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Loading Application...')).not.toBeInTheDocument();
  });

  it('returns the visitor to the page they wanted after signing in', async () => {
    fakeApi({
      'GET /api/health': healthHandler(false),
      'POST /api/auth/login': () => ok({ ...adminUser, token: 'fresh' }),
    });
    const { router, user } = renderApp('/customers?page=2');
    await screen.findByRole('heading', { name: 'Sign in' });
    await user.type(screen.getByLabelText(/Email/), 'admin@demo.test');
    await user.type(screen.getByLabelText(/Password/), 'Demo@12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/customers?page=2');
  });

  it('clears a stored token the server refuses and shows the login page', async () => {
    localStorage.setItem('token', 'revoked-token');
    fakeApi({ 'GET /api/auth/me': () => fail(401, 'Session expired'), 'GET /api/health': healthHandler(false) });
    const { router } = renderApp('/customers');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends an authenticated user away from /login to /', async () => {
    signedInAs(salesUser);
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  // the screens the permission table keeps from sales users (common/rules/permissions.ts)
  it.each(['/team/settings', '/team/performance', '/team/tasks', '/team/users', '/expenses', '/reports', '/products', '/shipping'])('redirects a sales user from %s to /', async (path) => {
    signedInAs(salesUser);
    const { router } = renderApp(path);
    // a redirect renders the whole dashboard: allow for a busy machine
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/team/settings', 'Team Settings'],
    ['/team/performance', 'Team Performance'],
    ['/team/tasks', 'Team Tasks'],
  ])('lets an admin open %s', async (path, title) => {
    signedInAs(adminUser);
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('lets a sales user open My Tasks', async () => {
    signedInAs(salesUser);
    renderApp('/my-tasks');
    expect(await screen.findByRole('heading', { name: 'My Tasks' })).toBeInTheDocument();
  });

  it.each(['/super', '/super/dashboard', '/super/tenants', '/super/tenants/abc', '/super/users'])('sends %s to /super/login without a super token', async (path) => {
    fakeApi({ 'GET /api/health': healthHandler(false) });
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Super Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/super/login');
  });

  it('opens the super area with a super token, /super going to the dashboard', async () => {
    localStorage.setItem('superToken', 'super-token');
    fakeApi({ 'GET /api/health': healthHandler(false) });
    const { router } = renderApp('/super');
    expect(await screen.findByRole('heading', { name: 'Super Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/super/dashboard');
  });

  it('a tenant token alone does not open the super area', async () => {
    signedInAs(adminUser);
    const { router } = renderApp('/super/tenants');
    expect(await screen.findByRole('heading', { name: 'Super Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/super/login');
  });

  it.each(['/no-such-screen', '/leads/new/extra', '/super/nothing-here'])("shows 'Page Not Found' for %s", async (path) => {
    fakeApi({ 'GET /api/health': healthHandler(false) });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('routes the built super screens to their pages, never the coming-soon page', async () => {
    localStorage.setItem('superToken', 'super-token');
    fakeApi({ 'GET /api/health': healthHandler(false) });
    const { router } = renderApp('/super/dashboard');
    await screen.findByRole('heading', { name: 'Super Admin Dashboard', level: 1 });
    const screens: [string, string][] = [
      ['/super/tenants', 'Companies'],
      ['/super/users', 'Manage Users'],
    ];
    for (const [path, title] of screens) {
      await router.navigate(path);
      expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
      expect(screen.queryByText('This screen is coming soon.')).not.toBeInTheDocument();
    }
    await router.navigate('/super/tenants/7');
    expect(await screen.findByRole('link', { name: 'Back to Companies' })).toBeInTheDocument();
    expect(screen.queryByText('This screen is coming soon.')).not.toBeInTheDocument();
  });

  it('routes the built company screens to their pages, never the coming-soon page', async () => {
    signedInAs(adminUser);
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const screens: [string, RegExp][] = [
      ['/products', /^Products$/],
      ['/shipping', /^Shipping Analytics & Management$/],
      ['/reports', /^Detailed Reports$/],
      ['/team/users', /^Team Users$/],
    ];
    for (const [path, title] of screens) {
      await router.navigate(path);
      expect(await screen.findByRole('heading', { name: title, level: 1 }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.queryByText('This screen is coming soon.')).not.toBeInTheDocument();
    }
  });

  it('routes the contact screens to their pages', async () => {
    signedInAs(adminUser);
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const screens: [string, RegExp][] = [
      ['/leads', /^Leads \(\d+\)$/],
      ['/leads/new', /^Add New Lead$/],
      ['/customers', /^Customers$/],
      ['/sales', /^Sales Pipeline$/],
      ['/expenses', /^Expenses$/],
      // Not a contact id: the profile says so.
      ['/contacts/42', /^Contact Profile$/],
    ];
    for (const [path, title] of screens) {
      await router.navigate(path);
      expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
      expect(screen.queryByText('This screen is coming soon.')).not.toBeInTheDocument();
    }
  });
});
