import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeSuperApi, makeTenant, pagedTenants, tenantQueries } from './testing/fake-super-api';

const acme = makeTenant();
const nile = makeTenant({ name: 'Nile Traders', slug: 'nile', isActive: false, subscription: { ...acme.subscription, status: 'expired', remainingAmount: 1250.5 } });
const stats = { totalTenants: 2, activeTenants: 1, expiredTenants: 1, totalRevenue: 12500, totalPaid: 11249.5, totalRemaining: 1250.5 };

const figure = (label: string) => screen.getByRole('group', { name: label });

describe('Super dashboard', { timeout: 20_000 }, () => {
  it('shows the platform figures, amounts in US dollars, and the Companies Overview with Manage links', async () => {
    fakeSuperApi({ 'GET /api/super/stats': () => ok(stats), 'GET /api/super/tenants': pagedTenants(() => [acme, nile]) });
    renderApp('/super/dashboard');
    await screen.findByRole('heading', { name: 'Super Admin Dashboard', level: 1 });
    expect(await screen.findByRole('link', { name: 'Manage Nile Traders' })).toHaveAttribute('href', `/super/tenants/${nile._id}`);
    expect(screen.getByRole('heading', { name: 'Companies Overview', level: 2 })).toBeInTheDocument();
    expect(figure('Total Companies')).toHaveTextContent('2');
    expect(figure('Active Companies')).toHaveTextContent('1');
    expect(figure('Expired Companies')).toHaveTextContent('1');
    expect(figure('Total Revenue')).toHaveTextContent(/USD\s12,500$/);
    expect(figure('Total Paid')).toHaveTextContent(/USD\s11,249\.50$/);
    expect(figure('Remaining')).toHaveTextContent(/USD\s1,250\.50$/);
    const row = screen.getByRole('link', { name: 'Manage Nile Traders' }).closest('tr')!;
    expect(within(row).getByText('Suspended')).toBeInTheDocument();
    expect(within(row).getByText('Expired')).toBeInTheDocument();
    // every company is shown: no "newest of" line
    expect(screen.queryByText(/newest of/)).not.toBeInTheDocument();
  });

  it('shows only the first page of companies, the newest, with their total and a link to all of them', async () => {
    // 42 companies, newest first: Company 42 … Company 1
    const many = Array.from({ length: 42 }, (_, i) => makeTenant({ name: `Company ${42 - i}`, slug: `company-${42 - i}` }));
    const { requests } = fakeSuperApi({ 'GET /api/super/stats': () => ok({ ...stats, totalTenants: 42 }), 'GET /api/super/tenants': pagedTenants(() => many) });
    const { user } = renderApp('/super/dashboard');
    const overview = await screen.findByRole('table', { name: 'Companies Overview' });
    expect(await within(overview).findByRole('link', { name: 'Manage Company 42' })).toBeInTheDocument();
    expect(
      within(overview)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(many.slice(0, 10).map((c) => `Manage ${c.name}`));
    expect(tenantQueries(requests)).toEqual([{ page: '1', limit: '10' }]);
    expect(screen.getByText('The 10 newest of 42')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();

    const all = screen.getByRole('link', { name: 'All companies' });
    expect(all).toHaveAttribute('href', '/super/tenants');
    await user.click(all);
    expect(await screen.findByRole('heading', { name: 'Companies', level: 1 })).toBeInTheDocument();
  });

  it("says 'Failed to fetch dashboard data. Please try again later.' when the figures cannot load", async () => {
    fakeSuperApi({ 'GET /api/super/stats': () => new Response('x', { status: 502 }), 'GET /api/super/tenants': () => ok({ items: [acme], total: 1 }) });
    renderApp('/super/dashboard');
    expect(await screen.findByText('Failed to fetch dashboard data. Please try again later.')).toBeInTheDocument();
  });

  it('Retry after a failed load asks again and shows the figures and companies', async () => {
    let answers = 0;
    const { to } = fakeSuperApi({
      'GET /api/super/stats': () => (++answers === 1 ? new Response('x', { status: 502 }) : ok(stats)),
      'GET /api/super/tenants': () => ok({ items: [acme], total: 1 }),
    });
    const { user } = renderApp('/super/dashboard');
    expect(await screen.findByText('Failed to fetch dashboard data. Please try again later.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: `Manage ${acme.name}` })).toBeInTheDocument();
    expect(to('GET', '/api/super/stats')).toHaveLength(2);
    expect(screen.queryByText('Failed to fetch dashboard data. Please try again later.')).not.toBeInTheDocument();
  });
});
