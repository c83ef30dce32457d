import { screen, waitFor, within } from '@testing-library/react';
import type { UserSession } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { testId, type CrmHandler } from '../../test/fake-crm-api';
import { fakeSuperApi, makeSuperUser, makeTenant, pagedTenants, tenantQueries } from './testing/fake-super-api';

const acme = makeTenant();
const nile = makeTenant({ name: 'Nile Traders', slug: 'nile' });
const mona = makeSuperUser(acme, { name: 'Mona', status: 'online', isOnline: true });
const omar = makeSuperUser(nile, { name: 'Omar', email: 'omar@nile.test', role: 'admin', lastSeen: '2026-11-19T09:30:00Z' });

async function openUsers(handlers: Record<string, CrmHandler> = {}) {
  const api = fakeSuperApi({
    'GET /api/super/tenants': pagedTenants(() => [acme, nile]),
    'GET /api/super/users': () => ok({ items: [mona, omar], total: 2 }),
    ...handlers,
  });
  const view = renderApp('/super/users');
  await screen.findByRole('heading', { name: 'Manage Users', level: 1 });
  return { ...view, ...api };
}

const rowOf = async (name: string) => (await screen.findByRole('button', { name: `Session history of ${name}` })).closest('tr')!;
const addForm = () => screen.getByRole('region', { name: 'Add User' });

describe('Super Manage Users', { timeout: 30_000 }, () => {
  it('lists users of every company with the Company column, presence, and Edit and Delete', async () => {
    await openUsers();
    const table = screen.getByRole('table', { name: 'Users of all companies' });
    await rowOf('Mona');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Company', 'Role', 'Status', 'Presence', 'Created', 'Actions']);
    expect(await rowOf('Mona')).toHaveTextContent(/Acme Shop.*Sales.*Active.*Online/);
    expect(await rowOf('Omar')).toHaveTextContent(/Nile Traders.*Admin.*Offline.*Last seen Nov 19, 2026/);
    expect(screen.getByRole('button', { name: 'Delete Omar' })).toBeInTheDocument();
  });

  it("shows 'Failed to fetch users' when the list cannot load", async () => {
    await openUsers({ 'GET /api/super/users': () => new Response('x', { status: 502 }) });
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
  });

  it('Retry after a failed load asks again and shows the users', async () => {
    let answers = 0;
    const { user, to } = await openUsers({ 'GET /api/super/users': () => (++answers === 1 ? new Response('x', { status: 502 }) : ok({ items: [mona], total: 1 })) });
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(mona.email)).toBeInTheDocument();
    expect(to('GET', '/api/super/users')).toHaveLength(2);
    expect(screen.queryByText('Failed to fetch users')).not.toBeInTheDocument();
  });

  it('filters by company and search on the server', async () => {
    const { user, requests } = await openUsers();
    await user.click(screen.getByLabelText('Company', { selector: 'input:not([required])' }));
    await user.click(await screen.findByRole('option', { name: 'Nile Traders' }));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.path === '/api/super/users')
          .at(-1)!
          .query.get('tenantId'),
      ).toBe(nile._id),
    );
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'omar');
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.path === '/api/super/users')
          .at(-1)!
          .query.get('q'),
      ).toBe('omar'),
    );
  });

  it("the company filter asks the server as you type (never every company) and keeps the chosen company's name", async () => {
    // more companies than the filter offers at once: Company 60 … Company 1, then Nile Traders (the oldest)
    const many = [...Array.from({ length: 60 }, (_, i) => makeTenant({ name: `Company ${60 - i}`, slug: `company-${60 - i}` })), nile];
    const { user, requests } = await openUsers({ 'GET /api/super/tenants': pagedTenants(() => many) });
    await rowOf('Mona');
    // nothing asked until the list is opened
    expect(tenantQueries(requests)).toEqual([]);

    const filter = screen.getByLabelText('Company', { selector: 'input:not([required])' });
    await user.click(filter);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));
    expect(tenantQueries(requests)).toEqual([{ limit: '20' }]);
    expect(screen.queryByRole('option', { name: 'Nile Traders' })).not.toBeInTheDocument();

    await user.type(filter, 'nile');
    expect(await screen.findByRole('option', { name: 'Nile Traders' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    // one request once typing pauses, not one per letter
    expect(tenantQueries(requests).slice(1)).toEqual([{ q: 'nile', limit: '20' }]);

    await user.click(screen.getByRole('option', { name: 'Nile Traders' }));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.path === '/api/super/users')
          .at(-1)!
          .query.get('tenantId'),
      ).toBe(nile._id),
    );
    expect(filter).toHaveValue('Nile Traders');

    // opened again, the list offers the newest companies and still the chosen one
    await user.click(filter);
    await waitFor(() => expect(tenantQueries(requests).at(-1)).toEqual({ limit: '20' }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(21));
    expect(screen.getByRole('option', { name: 'Nile Traders' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(filter).toHaveValue('Nile Traders');
  });

  it('shows the session history from the super endpoint: sessions over 5 minutes, one decimal, or the empty text', async () => {
    const session = (duration: number): UserSession => ({ _id: testId(), loginTime: '2026-11-20T08:00:00Z', logoutTime: '2026-11-20T09:00:00Z', duration });
    const { user } = await openUsers({
      [`GET /api/super/users/${mona._id}/sessions`]: () => ok([session(740), session(120)]),
      [`GET /api/super/users/${omar._id}/sessions`]: () => ok([]),
    });
    await user.click(screen.getByRole('button', { name: 'Session history of Mona' }));
    const history = await screen.findByRole('table', { name: 'Sessions of Mona' });
    expect(within(history).getAllByRole('row').slice(1)).toHaveLength(1);
    expect(history).toHaveTextContent('12.3 min');
    await user.click(screen.getByRole('button', { name: 'Session history of Omar' }));
    expect(await screen.findByText('No sessions found (longer than 5 minutes)')).toBeInTheDocument();
  });

  it('edits with PATCH /super/users/{id} (a blank password kept) and reloads', async () => {
    let saved = false;
    const { user, to } = await openUsers({
      'GET /api/super/users': () => ok({ items: saved ? [{ ...mona, name: 'Mona Ali', role: 'admin' }, omar] : [mona, omar], total: 2 }),
      [`PATCH /api/super/users/${mona._id}`]: () => ((saved = true), ok({ ...mona, name: 'Mona Ali', role: 'admin' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Mona' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Mona Ali');
    await user.click(within(dialog).getByLabelText('Role', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await rowOf('Mona Ali')).toHaveTextContent('Admin');
    expect(to('PATCH', `/api/super/users/${mona._id}`)[0].body).toEqual({ name: 'Mona Ali', email: 'mona@acme.test', role: 'admin', isActive: true, password: '' });
    expect(to('PUT', `/api/users/${mona._id}`)).toHaveLength(0);
  });

  it("shows 'Failed to update user' when the edit fails without a reason", async () => {
    const { user } = await openUsers({ [`PATCH /api/super/users/${mona._id}`]: () => new Response('x', { status: 500 }) });
    await user.click(await screen.findByRole('button', { name: 'Edit Mona' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to update user')).toBeInTheDocument();
  });

  it('adds a user to the chosen company (Sales by default) after the spec checks', async () => {
    const { user, to } = await openUsers({
      'POST /api/super/users': () => ok(makeSuperUser(nile, { name: 'Nour' })),
    });
    await user.click(within(addForm()).getByRole('button', { name: 'Add User' }));
    expect(await within(addForm()).findByText('Name is required')).toBeInTheDocument();
    expect(within(addForm()).getByText('Email is required')).toBeInTheDocument();
    expect(within(addForm()).getByText('Company is required')).toBeInTheDocument();

    await user.type(within(addForm()).getByRole('textbox', { name: /^Name/ }), 'Nour');
    await user.type(within(addForm()).getByRole('textbox', { name: /^Email/ }), 'nour@nile.test');
    await user.type(within(addForm()).getByLabelText(/^Password/), 'Str0ng-pass');
    await user.click(within(addForm()).getByLabelText(/^Company/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Nile Traders' }));
    await user.click(within(addForm()).getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(to('POST', '/api/super/users')).toHaveLength(1));
    expect(to('POST', '/api/super/users')[0].body).toEqual({ name: 'Nour', email: 'nour@nile.test', password: 'Str0ng-pass', role: 'sales', tenantId: nile._id });
  });

  it("shows 'Failed to add user' for a refusal without a reason, and a taken email next to the field", async () => {
    let calls = 0;
    const { user } = await openUsers({
      'POST /api/super/users': () => (++calls === 1 ? json(409, { ok: false, error: 'This email is already in use.', code: 'user.email_taken' }) : new Response('x', { status: 500 })),
    });
    await user.type(within(addForm()).getByRole('textbox', { name: /^Name/ }), 'Nour');
    await user.type(within(addForm()).getByRole('textbox', { name: /^Email/ }), 'mona@acme.test');
    await user.type(within(addForm()).getByLabelText(/^Password/), 'Str0ng-pass');
    await user.click(within(addForm()).getByLabelText(/^Company/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Shop' }));
    await user.click(within(addForm()).getByRole('button', { name: 'Add User' }));
    expect(await within(addForm()).findByText('This email is already in use.')).toBeInTheDocument();
    await user.click(within(addForm()).getByRole('button', { name: 'Add User' }));
    expect(await within(addForm()).findByRole('alert')).toHaveTextContent('Failed to add user');
  });

  it('deletes a user only after confirmation', async () => {
    let deleted = false;
    const { user, to } = await openUsers({
      'GET /api/super/users': () => ok({ items: deleted ? [mona] : [mona, omar], total: deleted ? 1 : 2 }),
      [`DELETE /api/super/users/${omar._id}`]: () => ((deleted = true), ok({ deleted: true })),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Omar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Omar?' });
    expect(confirm).toHaveTextContent('Permanently delete Omar of Nile Traders? This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Session history of Omar' })).not.toBeInTheDocument());
    expect(to('DELETE', `/api/super/users/${omar._id}`)).toHaveLength(1);
  });
});
