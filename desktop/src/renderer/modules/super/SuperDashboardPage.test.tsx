import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeSuperApi, makeTenant } from './testing/fake-super-api';

const acme = makeTenant();
const nile = makeTenant({ name: 'Nile Traders', slug: 'nile', isActive: false, subscription: { ...acme.subscription, status: 'expired', remainingAmount: 1250.5 } });
const stats = { totalTenants: 2, activeTenants: 1, expiredTenants: 1, totalRevenue: 12500, totalPaid: 11249.5, totalRemaining: 1250.5 };

const figure = (label: string) => screen.getByRole('group', { name: label });

describe('Super dashboard', { timeout: 20_000 }, () => {
  it('shows the platform figures, amounts in US dollars, and the Companies Overview with Manage links', async () => {
    fakeSuperApi({ 'GET /api/super/stats': () => ok(stats), 'GET /api/super/tenants': () => ok({ items: [acme, nile], total: 2 }) });
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
  });

  it("says 'Failed to fetch dashboard data. Please try again later.' when the figures cannot load", async () => {
    fakeSuperApi({ 'GET /api/super/stats': () => new Response('x', { status: 502 }), 'GET /api/super/tenants': () => ok({ items: [acme], total: 1 }) });
    renderApp('/super/dashboard');
    expect(await screen.findByText('Failed to fetch dashboard data. Please try again later.')).toBeInTheDocument();
  });
});
