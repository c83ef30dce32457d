import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeSuperApi, makeTenant, pagedTenants, tenantQueries } from './testing/fake-super-api';

const acme = makeTenant();
const nile = makeTenant({ name: 'Nile Traders', slug: 'nile', isActive: false, createdAt: '2026-09-01T09:00:00.000Z' });

async function openCompanies(handlers: Parameters<typeof fakeSuperApi>[0] = {}) {
  const api = fakeSuperApi({ 'GET /api/super/tenants': pagedTenants(() => [acme, nile]), ...handlers });
  const view = renderApp('/super/tenants');
  await screen.findByRole('heading', { name: 'Companies', level: 1 });
  return { ...view, ...api };
}

const form = () => screen.getByRole('region', { name: 'Add Company' });
const fill = async (user: ReturnType<typeof renderApp>['user'], values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) await user.type(within(form()).getByLabelText(new RegExp(`^${label}`)), value);
};

describe('Super Companies page', { timeout: 30_000 }, () => {
  it('lists companies linking to their profiles with Active / Inactive badge and created date', async () => {
    await openCompanies();
    const table = screen.getByRole('table', { name: 'Companies' });
    expect(await within(table).findByRole('link', { name: 'Nile Traders' })).toHaveAttribute('href', `/super/tenants/${nile._id}`);
    const row = within(table).getByRole('link', { name: 'Nile Traders' }).closest('tr')!;
    expect(row).toHaveTextContent(/nile.*Inactive.*Sep 1, 2026/);
    expect(within(table).getByRole('link', { name: 'Acme Shop' }).closest('tr')).toHaveTextContent('Active');
  });

  it('asks the server for one page of 25, shows the total, and pages with Next and Prev', async () => {
    // 30 companies, newest first: Company 30 … Company 01
    const many = Array.from({ length: 30 }, (_, i) => makeTenant({ name: `Company ${String(30 - i).padStart(2, '0')}`, slug: `company-${30 - i}` }));
    const { user, requests } = await openCompanies({ 'GET /api/super/tenants': pagedTenants(() => many) });
    const table = screen.getByRole('table', { name: 'Companies' });
    expect(await within(table).findByRole('link', { name: 'Company 30' })).toBeInTheDocument();
    expect(within(table).getAllByRole('link')).toHaveLength(25);
    expect(within(table).queryByRole('link', { name: 'Company 05' })).not.toBeInTheDocument();
    expect(screen.getByText('30 companies')).toBeInTheDocument();
    expect(tenantQueries(requests)).toEqual([{ page: '1', limit: '25' }]);

    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(table).findByRole('link', { name: 'Company 05' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Company 05', 'Company 04', 'Company 03', 'Company 02', 'Company 01']);
    expect(pager).toHaveTextContent('Page 2 of 2');
    expect(tenantQueries(requests).at(-1)).toEqual({ page: '2', limit: '25' });

    await user.click(within(pager).getByRole('button', { name: 'Prev' }));
    expect(await within(table).findByRole('link', { name: 'Company 30' })).toBeInTheDocument();
    expect(tenantQueries(requests).at(-1)).toEqual({ page: '1', limit: '25' });
  });

  it('searches name or slug on the server once typing pauses, from page 1', async () => {
    const many = Array.from({ length: 26 }, (_, i) => makeTenant({ name: `Shop ${i + 1}`, slug: `shop-${i + 1}` }));
    const { user, requests } = await openCompanies({ 'GET /api/super/tenants': pagedTenants(() => [...many, nile]) });
    const table = screen.getByRole('table', { name: 'Companies' });
    await within(table).findByRole('link', { name: 'Shop 1' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByRole('link', { name: 'Nile Traders' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'NILE');
    await waitFor(() => expect(tenantQueries(requests).at(-1)).toEqual({ q: 'NILE', page: '1', limit: '25' }));
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Nile Traders']),
    );
    expect(screen.getByText('1 company')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 1 of 1');
    // one request for the whole word, not one per letter
    expect(tenantQueries(requests).filter((query) => query.q)).toHaveLength(1);

    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'zzz');
    expect(await within(table).findByText('No companies found.')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch tenants' when the list cannot load", async () => {
    await openCompanies({ 'GET /api/super/tenants': () => new Response('x', { status: 502 }) });
    expect(await screen.findByText('Failed to fetch tenants')).toBeInTheDocument();
  });

  it('Retry after a failed load asks again and shows the companies', async () => {
    let answers = 0;
    const companies = pagedTenants(() => [acme]);
    const { user, to } = await openCompanies({ 'GET /api/super/tenants': (request) => (++answers === 1 ? new Response('x', { status: 502 }) : companies(request)) });
    expect(await screen.findByText('Failed to fetch tenants')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Acme Shop' })).toBeInTheDocument();
    expect(to('GET', '/api/super/tenants')).toHaveLength(2);
    expect(screen.queryByText('Failed to fetch tenants')).not.toBeInTheDocument();
  });

  it("checks the form with the schema's texts before sending, then adds the company and reloads the list", async () => {
    let added = false;
    const fresh = makeTenant({ name: 'Delta Foods', slug: 'delta-foods' });
    const { user, to } = await openCompanies({
      'GET /api/super/tenants': pagedTenants(() => (added ? [fresh, acme, nile] : [acme, nile])),
      'POST /api/super/tenants': () => ((added = true), ok(fresh)),
    });
    await fill(user, { 'Company Name': 'Delta Foods', Slug: 'Delta Foods!', 'Admin Email': 'boss@', 'Admin Password': 'short' });
    await user.click(within(form()).getByRole('button', { name: 'Add Company' }));
    expect(await within(form()).findByText('Slug may contain only lowercase letters, digits and single dashes')).toBeInTheDocument();
    expect(within(form()).getByText('Email must be a valid email address')).toBeInTheDocument();
    expect(within(form()).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(to('POST', '/api/super/tenants')).toHaveLength(0);

    await user.clear(within(form()).getByLabelText(/^Slug/));
    await user.clear(within(form()).getByLabelText(/^Admin Email/));
    await user.clear(within(form()).getByLabelText(/^Admin Password/));
    await fill(user, { Slug: 'delta-foods', 'Admin Email': 'boss@delta.test', 'Admin Password': 'Str0ng-pass' });
    await user.click(within(form()).getByRole('button', { name: 'Add Company' }));
    expect(await screen.findByRole('link', { name: 'Delta Foods' })).toBeInTheDocument();
    expect(to('POST', '/api/super/tenants')[0].body).toEqual({ name: 'Delta Foods', slug: 'delta-foods', adminEmail: 'boss@delta.test', adminPassword: 'Str0ng-pass' });
    await waitFor(() => expect(within(form()).getByLabelText(/^Company Name/)).toHaveValue(''));
  });

  it('after adding a company on a later page, goes back to page 1, where the new company is', async () => {
    const many = Array.from({ length: 30 }, (_, i) => makeTenant({ name: `Company ${30 - i}`, slug: `company-${30 - i}` }));
    const fresh = makeTenant({ name: 'Delta Foods', slug: 'delta-foods' });
    let added = false;
    const { user, requests } = await openCompanies({
      'GET /api/super/tenants': pagedTenants(() => (added ? [fresh, ...many] : many)),
      'POST /api/super/tenants': () => ((added = true), ok(fresh)),
    });
    const table = screen.getByRole('table', { name: 'Companies' });
    await within(table).findByRole('link', { name: 'Company 30' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await within(table).findByRole('link', { name: 'Company 1' });

    await fill(user, { 'Company Name': 'Delta Foods', Slug: 'delta-foods', 'Admin Email': 'boss@delta.test', 'Admin Password': 'Str0ng-pass' });
    await user.click(within(form()).getByRole('button', { name: 'Add Company' }));
    expect(await within(table).findByRole('link', { name: 'Delta Foods' })).toBeInTheDocument();
    expect(tenantQueries(requests).at(-1)).toEqual({ page: '1', limit: '25' });
    expect(screen.getByText('31 companies')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 1 of 2');
  });

  it('shows a taken slug next to the slug field, and any other refusal as Failed to add tenant', async () => {
    let calls = 0;
    const { user } = await openCompanies({
      'POST /api/super/tenants': () => (++calls === 1 ? json(409, { ok: false, error: 'This company address is already taken.', code: 'tenant.slug_taken' }) : new Response('x', { status: 500 })),
    });
    await fill(user, { 'Company Name': 'Acme Two', Slug: 'acme-shop', 'Admin Email': 'a@b.test', 'Admin Password': 'Str0ng-pass' });
    await user.click(within(form()).getByRole('button', { name: 'Add Company' }));
    expect(await within(form()).findByText('This company address is already taken.')).toBeInTheDocument();
    expect(within(form()).getByLabelText(/^Slug/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(form()).getByRole('button', { name: 'Add Company' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Failed to add tenant');
  });
});
