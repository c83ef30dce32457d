import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, fakeApi, healthHandler, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('My Profile', () => {
  it('shows the initial, name, email, role, joined date and user id, with the admin icon', async () => {
    localStorage.setItem('token', 'token');
    fakeApi({ 'GET /api/auth/me': () => ok(adminUser), 'GET /api/health': healthHandler(false) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Amira Admin' })).toBeInTheDocument();
    expect(screen.getAllByText('admin@demo.test').length).toBeGreaterThan(0);
    expect(screen.getByText('admin')).toBeInTheDocument();
    expect(screen.getByText(adminUser._id)).toBeInTheDocument();
    expect(screen.getByText(new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(adminUser.createdAt)))).toBeInTheDocument();
    expect(screen.getByTestId('admin-icon')).toBeInTheDocument();
  });

  it('gives other roles the other icon', async () => {
    localStorage.setItem('token', 'token');
    fakeApi({ 'GET /api/auth/me': () => ok(salesUser), 'GET /api/health': healthHandler(false) });
    renderApp('/profile');
    expect(await screen.findByTestId('user-icon')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-icon')).not.toBeInTheDocument();
  });

  it('redirects to /login when the current-user call fails', async () => {
    localStorage.setItem('token', 'token');
    let calls = 0;
    fakeApi({
      // The start-up check succeeds; the profile's own call fails.
      'GET /api/auth/me': () => (++calls === 1 ? ok(adminUser) : fail(500, 'Database unavailable')),
      'GET /api/health': healthHandler(false),
    });
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
