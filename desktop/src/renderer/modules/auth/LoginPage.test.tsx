import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bridge } from '../../lib/bridge';
import { adminUser, fail, fakeApi, healthHandler, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

async function openLogin(handlers: Parameters<typeof fakeApi>[0], demo = false) {
  const api = fakeApi({ 'GET /api/health': healthHandler(demo), ...handlers });
  const view = renderApp('/login');
  await screen.findByRole('heading', { name: 'Sign in' });
  return { ...view, ...api };
}

async function signIn(user: ReturnType<typeof renderApp>['user'], email = 'admin@demo.test', password = 'wrong-password') {
  await user.type(screen.getByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login page', () => {
  it("shows the server's error text when the server refuses", async () => {
    const { user } = await openLogin({ 'POST /api/auth/login': () => fail(401, 'Invalid email or password') });
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each([
    ['a suspended company', 403, 'Your company account is suspended.'],
    ['throttling', 429, 'Too many login attempts. Try again in 15 minutes.'],
  ])('shows the server text for %s', async (_case, status, text) => {
    const { user } = await openLogin({ 'POST /api/auth/login': () => fail(status, text) });
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it("falls back to 'Login failed. Please check your credentials.' when the server gives no text", async () => {
    const { user } = await openLogin({ 'POST /api/auth/login': () => json(500, { message: 'boom' }) });
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please check your credentials.');
  });

  it('uses the same fallback when the server cannot be reached', async () => {
    const { user } = await openLogin({
      'POST /api/auth/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please check your credentials.');
  });

  it('requires both fields and sends nothing until they are filled', async () => {
    const { user, calls } = await openLogin({});
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/login')).toBe(false);
  });

  it("reads 'Signing in...' while the request runs, then opens the dashboard", async () => {
    let answer!: (response: Response) => void;
    const { user, calls } = await openLogin({
      'POST /api/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await signIn(user, 'admin@demo.test', 'Demo@12345');
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(calls.find((call) => call.path === '/api/auth/login')?.body).toEqual({
      email: 'admin@demo.test',
      password: 'Demo@12345',
    });

    answer(ok({ ...adminUser, token: 'new-token' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('prefills the demo administrator only when the server runs in demo mode', async () => {
    await openLogin({}, true);
    await waitFor(() => expect(screen.getByLabelText(/Email/)).toHaveValue('admin@demo.test'));
    expect(screen.getByLabelText(/Password/)).toHaveValue('Demo@12345');
  });

  it('leaves the form empty when demo mode is off', async () => {
    const { calls } = await openLogin({}, false);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/health')).toBe(true));
    expect(screen.getByLabelText(/Email/)).toHaveValue('');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
  });

  it('advertises the product and offers a WhatsApp contact link', async () => {
    await openLogin({});
    expect(screen.getByText('WhatsApp integration')).toBeInTheDocument();
    expect(screen.getByText('Customer & sales management')).toBeInTheDocument();
    expect(screen.getByText('Smart reports')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Contact us on WhatsApp' });
    expect(links[0]).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\//));
  });

  it('warns when the session cannot be remembered (desktop without secure storage)', async () => {
    vi.spyOn(bridge, 'setAuthToken').mockResolvedValue({
      ok: false,
      error: 'This computer offers no secure storage, so you will need to sign in again next time.',
    });
    const { user } = await openLogin({ 'POST /api/auth/login': () => ok({ ...adminUser, token: 'new-token' }) });
    await signIn(user, 'admin@demo.test', 'Demo@12345');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('This computer offers no secure storage, so you will need to sign in again next time.')).toBeInTheDocument();
  });
});
