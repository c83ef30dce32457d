import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, healthHandler, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('super login page', () => {
  it('signs in, keeps the super token in localStorage and opens /super/dashboard', async () => {
    const { calls } = fakeApi({
      'GET /api/health': healthHandler(false),
      'POST /api/super/login': () => ok({ _id: 's1', name: 'Sara Super', email: 'super@demo.test', role: 'super', token: 'super-token' }),
    });
    const { user, router } = renderApp('/super/login');
    await user.type(await screen.findByLabelText(/Email/), 'super@demo.test');
    await user.type(screen.getByLabelText(/Password/), 'Super@12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Super Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/super/dashboard');
    expect(localStorage.getItem('superToken')).toBe('super-token');
    expect(calls.find((call) => call.path === '/api/super/login')?.headers.get('Authorization')).toBeNull();
  });

  it("shows the server's error text, else the catalogue fallback", async () => {
    fakeApi({ 'GET /api/health': healthHandler(false), 'POST /api/super/login': () => fail(401, 'Invalid email or password') });
    const { user } = renderApp('/super/login');
    await user.type(await screen.findByLabelText(/Email/), 'super@demo.test');
    await user.type(screen.getByLabelText(/Password/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('prefills the demo super administrator in demo mode', async () => {
    fakeApi({ 'GET /api/health': healthHandler(true) });
    renderApp('/super/login');
    await waitFor(() => expect(screen.getByLabelText(/Email/)).toHaveValue('super@demo.test'));
    expect(screen.getByLabelText(/Password/)).toHaveValue('Super@12345');
  });
});
