import { screen, waitFor } from '@testing-library/react';
import { LANGUAGES } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, fakeApi, healthHandler, json, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';

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

  // One run per language and failure (the Arabic copy of this test only repeated it): the page
  // shows no error of its own, the sign-in screen comes in the user's language and direction.
  const languages = LANGUAGES.map((language) => ({
    language,
    user: inLanguage(adminUser, language),
    dir: language === 'ar' ? 'rtl' : 'ltr',
    signIn: catalogueText(language, 'auth:signIn.title'),
  }));
  const failures = [
    { failure: 'a server error', answer: () => fail(500, 'Database unavailable') },
    { failure: 'an ended session', answer: () => json(401, { ok: false, error: 'Session expired', code: 'auth.session_expired' }) },
  ];
  it.for(languages.flatMap((l) => failures.map((f) => ({ ...l, ...f }))))('redirects to /login in $language when the current-user call fails with $failure', async ({ user, dir, signIn, answer }) => {
    localStorage.setItem('token', 'token');
    let calls = 0;
    fakeApi({
      // The start-up check succeeds; the profile's own call fails.
      'GET /api/auth/me': () => (++calls === 1 ? ok(user) : answer()),
      'GET /api/health': healthHandler(false),
    });
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(document.documentElement).toHaveAttribute('dir', dir);
    expect(await screen.findByRole('heading', { name: signIn })).toBeInTheDocument();
  });

  // One run per language (the Arabic copy only repeated it): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string) => catalogueText(language, `profile:${key}`);

    it('shows the heading, field labels and role in the language and its direction, the email kept left to right', async () => {
      localStorage.setItem('token', 'token');
      fakeApi({ 'GET /api/auth/me': () => ok(inLanguage(adminUser, language)), 'GET /api/health': healthHandler(false) });
      renderApp('/profile');
      expect(await screen.findByRole('heading', { name: text('title'), level: 1 })).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      expect(await screen.findByRole('heading', { name: adminUser.name })).toBeInTheDocument();
      for (const field of ['name', 'email', 'role', 'joined', 'userId']) expect(screen.getByText(text(`fields.${field}`))).toBeInTheDocument();
      expect(screen.getByText(text('roles.admin'), { selector: '.mantine-Badge-label' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: text('copyUserId') })).toBeInTheDocument();
      expect(screen.getAllByText(adminUser.email)[0].closest('bdi')).toHaveAttribute('dir', 'ltr');
    });
  });
});
