import { screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, ok, salesUser } from '../../test/fake-api';
import { catalogueText, inLanguage, languageOf } from '../../test/catalogue';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';

const stats = { leads: 167, customers: 67, sales: 66, salesAmount: 105_754.5, conversionRate: 22 };

async function openDashboard(handlers: Record<string, CrmHandler> = {}, user = adminUser) {
  const api = fakeCrmApi(user, {
    'GET /api/contacts/stats': () => ok(stats),
    'GET /api/auth/users': () => ok([adminUser, salesUser, { ...salesUser, _id: '0190a0b0-0000-7000-8000-000000000003' }]),
    ...handlers,
  });
  const view = renderApp('/');
  await screen.findByRole('heading', { name: catalogueText(languageOf(user), 'dashboard:title'), level: 1 });
  return { ...view, ...api };
}
const card = (name: string) => screen.getByRole('group', { name });

// Typing-heavy tests on a shared 2-core machine: more room than the 5 s default.
describe('Dashboard', { timeout: 15_000 }, () => {
  it('shows the five stat cards: Leads, Customers, Sales Deals, Sales Amount in EGP and Conversion Rate', async () => {
    await openDashboard();
    await waitFor(() => expect(card('Leads')).toHaveTextContent('167'));
    expect(card('Customers')).toHaveTextContent('67');
    expect(card('Sales Deals')).toHaveTextContent('66');
    expect(card('Sales Amount')).toHaveTextContent(/EGP\s105,754\.50(?!\d)/);
    expect(card('Conversion Rate')).toHaveTextContent('22%');
  });

  it('says what Sales Amount and Conversion Rate count, the same definitions as the pipeline and the reports', async () => {
    await openDashboard();
    await waitFor(() => expect(card('Sales Amount')).toHaveTextContent('won deals'));
    expect(card('Conversion Rate')).toHaveTextContent('won deals ÷ contacts');
  });

  it('applies the From / To dates only when Apply is pressed', async () => {
    const { user, to } = await openDashboard();
    await waitFor(() => expect(to('GET', '/api/contacts/stats')).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'From' }), '2026-11-01');
    await user.type(screen.getByRole('textbox', { name: 'To' }), '2026-11-15');
    expect(to('GET', '/api/contacts/stats')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(to('GET', '/api/contacts/stats')).toHaveLength(2));
    const query = to('GET', '/api/contacts/stats')[1].query;
    expect(query.get('from')).toBe('2026-11-01');
    expect(query.get('to')).toBe('2026-11-15');
    expect(query.get('tz')).toBeTruthy();
  });

  it('shows an admin the Admin Insights with the Total Users of the company', async () => {
    await openDashboard();
    expect(await screen.findByRole('heading', { name: 'Admin Insights' })).toBeInTheDocument();
    await waitFor(() => expect(card('Total Users')).toHaveTextContent('3'));
    expect(screen.queryByRole('group', { name: 'Total Companies' })).not.toBeInTheDocument();
  });

  it('adds Total Companies for a super administrator session, with the super token', async () => {
    localStorage.setItem('superToken', 'super-token');
    const { to } = await openDashboard({ 'GET /api/super/tenants': () => ok({ items: [], total: 4 }) });
    await waitFor(() => expect(card('Total Companies')).toHaveTextContent('4'));
    expect(to('GET', '/api/super/tenants')[0].headers.get('Authorization')).toBe('Bearer super-token');
  });

  it('shows a sales user the cards without Admin Insights', async () => {
    const { to } = await openDashboard({}, salesUser);
    await waitFor(() => expect(card('Leads')).toHaveTextContent('167'));
    expect(screen.queryByRole('heading', { name: 'Admin Insights' })).not.toBeInTheDocument();
    expect(to('GET', '/api/auth/users')).toHaveLength(0);
  });

  it('asks for its figures as soon as Sign In is answered, not after drawing the frame, and only once', async () => {
    // as the app does while the sign-in screen waits for typing: the dashboard's code is already here
    await import('./DashboardPage');
    const shownWhenAsked: string[] = [];
    const answer = (body: unknown) => () => {
      shownWhenAsked.push(document.querySelector('h1')?.textContent ?? '');
      return ok(body);
    };
    const { to } = fakeCrmApi(null, {
      'POST /api/auth/login': () => ok({ ...adminUser, token: 'token-of-admin' }),
      'GET /api/contacts/stats': answer(stats),
      'GET /api/auth/users': answer([adminUser, salesUser]),
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText(/Email/), 'admin@demo.test');
    await user.type(screen.getByLabelText(/Password/), 'Demo@12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    await waitFor(() => expect(card('Leads')).toHaveTextContent('167'));
    await waitFor(() => expect(card('Total Users')).toHaveTextContent('2'));
    expect(shownWhenAsked).not.toContain('Dashboard');
    expect(to('GET', '/api/contacts/stats')).toHaveLength(1);
    expect(to('GET', '/api/auth/users')).toHaveLength(1);
  });

  it('shows the user what went wrong instead of only logging it, and Retry loads the figures', async () => {
    let statsAnswer = () => fail(500, 'Stats are unavailable');
    let usersAnswer = () => fail(500, 'Users are unavailable');
    const { user } = await openDashboard({ 'GET /api/contacts/stats': () => statsAnswer(), 'GET /api/auth/users': () => usersAnswer() });
    const statsAlert = (await screen.findByText('Stats are unavailable')).closest('[role="alert"]') as HTMLElement;
    const usersAlert = (await screen.findByText('Users are unavailable')).closest('[role="alert"]') as HTMLElement;
    expect(card('Leads')).toHaveTextContent('—');
    expect(card('Total Users')).toHaveTextContent('—');
    statsAnswer = () => ok(stats);
    await user.click(within(statsAlert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(card('Leads')).toHaveTextContent('167'));
    expect(screen.queryByText('Stats are unavailable')).not.toBeInTheDocument();
    expect(screen.getByText('Users are unavailable')).toBeInTheDocument();
    usersAnswer = () => ok([adminUser, salesUser]);
    await user.click(within(usersAlert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(card('Total Users')).toHaveTextContent('2'));
    expect(screen.queryByText('Users are unavailable')).not.toBeInTheDocument();
  });

  // One run per language (the Arabic copy only repeated it): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string) => catalogueText(language, key.includes(':') ? key : `dashboard:${key}`);

    it('shows the cards, the date filters and Admin Insights in the language, in its direction', async () => {
      await openDashboard({ 'GET /api/auth/users': () => ok([adminUser]) }, inLanguage(adminUser, language));
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await waitFor(() => expect(card(text('cards.leads'))).toHaveTextContent('167'));
      expect(card(text('cards.customers'))).toHaveTextContent('67');
      expect(card(text('cards.sales'))).toHaveTextContent('66');
      expect(card(text('cards.conversionRate'))).toHaveTextContent('22');
      expect(screen.getByRole('textbox', { name: text('common:dates.from') })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: text('common:dates.to') })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: text('apply') })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: text('adminInsights') })).toBeInTheDocument();
      await waitFor(() => expect(card(text('cards.totalUsers'))).toHaveTextContent('1'));
    });
  });
});
