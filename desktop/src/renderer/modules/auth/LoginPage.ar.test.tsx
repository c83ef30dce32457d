import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fakeApi, healthHandler, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { applyPreferences, initialPreferences } from '../../i18n';

/** The login screen offers the language, follows the system's on first start, and the user's saved one wins after sign-in. */
describe('login page in Arabic', () => {
  it('follows the system language on first start: Arabic, right to left', async () => {
    localStorage.setItem('crm-language', 'ar'); // as a previous start on an Arabic system left it
    applyPreferences(initialPreferences());
    fakeApi({ 'GET /api/health': healthHandler(false) });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(screen.getByLabelText(/البريد الإلكتروني/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(screen.getByText('بِع أكثر عبر واتساب')).toBeInTheDocument();
  });

  it('switches language on the login screen without asking the server, and words errors by code', async () => {
    const { calls } = fakeApi({
      'GET /api/health': healthHandler(false),
      'POST /api/auth/login': () => json(401, { ok: false, error: 'Invalid email or password.', code: 'auth.invalid_credentials' }),
    });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await user.click(screen.getByText('العربية'));
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem('crm-language')).toBe('ar');

    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(screen.getByText('البريد الإلكتروني مطلوب')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/البريد الإلكتروني/), 'admin@demo.test');
    await user.type(screen.getByLabelText(/كلمة المرور/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('البريد الإلكتروني أو كلمة المرور غير صحيحة.');
    expect(calls.some((c) => c.path === '/api/auth/me/preferences')).toBe(false);
  });

  it("after sign-in the user's saved language wins over the one chosen on the login screen", async () => {
    applyPreferences({ language: 'ar' });
    fakeApi({
      'GET /api/health': healthHandler(false),
      'POST /api/auth/login': () => ok({ ...adminUser, language: 'en', arabicDigits: false, token: 't' }),
      'GET /api/auth/me': () => ok({ ...adminUser, language: 'en', arabicDigits: false }),
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText(/البريد الإلكتروني/), 'admin@demo.test');
    await user.type(screen.getByLabelText(/كلمة المرور/), 'Correct-Horse-9');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 10000 });
    expect(within(nav).getByRole('link', { name: 'Customers' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
  });
});
