import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { testId } from '../../test/fake-crm-api';
import { fakeSuperApi, makeTenant } from './testing/fake-super-api';

const acme = makeTenant();
const path = `/api/super/tenants/${acme._id}`;
const stats = { totalTenants: 1, activeTenants: 1, expiredTenants: 0, totalRevenue: 100, totalPaid: 40, totalRemaining: 60 };

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  _id: testId(),
  at: '2026-11-20T10:00:00.000Z',
  actorName: 'Sara Super',
  action: 'tenant.created',
  targetLabel: null,
  before: null,
  after: null,
  ...overrides,
});

async function openProfile(handlers: Parameters<typeof fakeSuperApi>[0] = {}) {
  const api = fakeSuperApi({
    [`GET ${path}`]: () => ok(acme),
    [`GET ${path}/audit`]: () => ok({ items: [], total: 0 }),
    ...handlers,
  });
  const view = renderApp(`/super/tenants/${acme._id}`);
  await screen.findByRole('heading', { name: 'Acme Shop', level: 1 });
  return { ...view, ...api };
}

const subscriptionCard = () => screen.getByRole('region', { name: 'Subscription' });
const field = (label: string) => within(subscriptionCard()).getByRole('group', { name: label });

describe('Company profile', { timeout: 30_000 }, () => {
  it('shows the back link, slug, Active badge, counts and the subscription in USD with its badge', async () => {
    await openProfile();
    expect(screen.getByRole('link', { name: 'Back to Companies' })).toHaveAttribute('href', '/super/tenants');
    expect(screen.getByText('acme-shop')).toBeInTheDocument();
    expect(screen.getAllByText('Active')[0]).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Admins' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Sales Users' })).toHaveTextContent('3');
    expect(screen.getByRole('group', { name: 'WhatsApp Sessions' })).toHaveTextContent('1');
    expect(field('Type')).toHaveTextContent('Monthly');
    expect(within(field('Status')).getByText('Active').closest('[data-status]')).toHaveAttribute('data-status', 'active');
    expect(field('Price')).toHaveTextContent(/USD\s100$/);
    expect(field('Remaining')).toHaveTextContent(/USD\s60$/);
  });

  it("edits the subscription with one PATCH and shows the server's remaining amount", async () => {
    const { user, to } = await openProfile({
      [`PATCH ${path}/subscription`]: () =>
        ok({ ...acme, subscription: { type: 'yearly', status: 'expired', expiresAt: '2027-01-31T21:59:59.000Z', price: 1200, paidAmount: 500, remainingAmount: 700 } }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit Subscription' }));
    const form = screen.getByRole('form', { name: 'Edit subscription' });
    await user.click(within(form).getByLabelText('Type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Yearly' }));
    await user.click(within(form).getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Expired' }));
    const expiry = within(form).getByRole('textbox', { name: 'Expiry Date' });
    await user.clear(expiry);
    await user.type(expiry, '2027-01-31');
    const price = within(form).getByRole('textbox', { name: 'Price' });
    await user.clear(price);
    await user.type(price, '1200');
    const paid = within(form).getByRole('textbox', { name: 'Paid' });
    await user.clear(paid);
    await user.type(paid, '500');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(field('Remaining')).toHaveTextContent(/USD\s700$/));
    expect(to('PATCH', `${path}/subscription`)).toHaveLength(1);
    expect(to('PATCH', `${path}/subscription`)[0].body).toEqual({ type: 'yearly', status: 'expired', expiresAt: '2027-01-31', price: 1200, paidAmount: 500 });
    expect(within(field('Status')).getByText('Expired').closest('[data-status]')).toHaveAttribute('data-status', 'expired');
    expect(field('Type')).toHaveTextContent('Yearly');
  });

  it("shows the server's validation error next to its field and changes nothing", async () => {
    const { user } = await openProfile({
      [`PATCH ${path}/subscription`]: () => json(400, { ok: false, error: 'Paid amount cannot be more than the price', code: 'validation_failed', params: { field: 'paidAmount', issue: 'too_big' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit Subscription' }));
    const form = screen.getByRole('form', { name: 'Edit subscription' });
    const paid = within(form).getByRole('textbox', { name: 'Paid' });
    await user.clear(paid);
    await user.type(paid, '900');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Paid amount cannot be more than the price')).toBeInTheDocument();
    expect(paid).toHaveAttribute('aria-invalid', 'true');
    expect(paid).toHaveAccessibleDescription('Paid amount cannot be more than the price');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(field('Paid')).toHaveTextContent(/USD\s40$/);
  });

  it('checks the subscription form before sending: a price over the limit is refused beside the field', async () => {
    const { user, to } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Subscription' }));
    const form = screen.getByRole('form', { name: 'Edit subscription' });
    const price = within(form).getByRole('textbox', { name: 'Price' });
    await user.clear(price);
    await user.type(price, '2000000000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Price is too large')).toBeInTheDocument();
    expect(to('PATCH', `${path}/subscription`)).toHaveLength(0);
  });

  it('suspends only after confirmation (everyone signed out, follow-ups and WhatsApp stop), then shows Suspended; re-activates', async () => {
    let active = true;
    const { user, to } = await openProfile({
      [`PATCH ${path}`]: (request) => {
        active = (request.body as { isActive: boolean }).isActive;
        return ok({ ...acme, isActive: active });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Suspend Company' }));
    const confirm = await screen.findByRole('dialog', { name: 'Suspend Acme Shop?' });
    expect(confirm).toHaveTextContent(/signed out at once.*follow-up messages stop.*WhatsApp stops receiving/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(to('PATCH', path)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Suspend Company' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Suspend Acme Shop?' })).getByRole('button', { name: 'Suspend Company' }));
    expect(await screen.findByText('Suspended')).toBeInTheDocument();
    expect(to('PATCH', path)[0].body).toEqual({ isActive: false });

    await user.click(screen.getByRole('button', { name: 'Re-activate Company' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Re-activate Acme Shop?' })).getByRole('button', { name: 'Re-activate Company' }));
    await waitFor(() => expect(screen.queryByText('Suspended')).not.toBeInTheDocument());
    expect(to('PATCH', path)[1].body).toEqual({ isActive: true });
  });

  it("deletes only once the company's slug is typed, then returns to the dashboard", async () => {
    const { user, to, router } = await openProfile({
      [`DELETE ${path}`]: () => ok({ deleted: true }),
      'GET /api/super/stats': () => ok(stats),
      'GET /api/super/tenants': () => ok({ items: [], total: 0 }),
    });
    expect(screen.getByText('DANGER... permanently delete this company and all its data. This action cannot be undone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme Shop?' });
    const forever = within(dialog).getByRole('button', { name: 'Delete permanently' });
    expect(forever).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Company slug or name' }), 'acme');
    expect(forever).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Company slug or name' }), '-shop');
    expect(forever).toBeEnabled();
    await user.click(forever);
    expect(await screen.findByRole('heading', { name: 'Super Admin Dashboard', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/super/dashboard');
    expect(to('DELETE', path)).toHaveLength(1);
    expect(await screen.findByText('Company deleted successfully.')).toBeInTheDocument();
  });

  it("lists the audit log newest first: who ('System' for the expiry job), what, and old → new", async () => {
    await openProfile({
      [`GET ${path}/audit`]: () =>
        ok({
          items: [
            entry({ action: 'tenant.subscription_expired', actorName: null, before: { status: 'active' }, after: { status: 'expired' } }),
            entry({ action: 'tenant.subscription_changed', before: { price: 50, paidAmount: 40 }, after: { price: 100, paidAmount: 40 } }),
            entry({ action: 'user.updated', targetLabel: 'Mona', before: { isActive: true }, after: { isActive: false } }),
          ],
          total: 3,
        }),
    });
    const log = await screen.findByRole('table', { name: 'Audit Log' });
    await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(4));
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/System.*Subscription expired.*Status: active → expired/);
    expect(rows[1]).toHaveTextContent(/Sara Super.*Subscription changed.*Price: 50 → 100/);
    expect(rows[1]).not.toHaveTextContent('Paid');
    expect(rows[2]).toHaveTextContent(/User updated \(Mona\).*Active: Yes → No/);
  });

  it("shows 'Failed to fetch tenant details' when the company cannot load", async () => {
    fakeSuperApi({ [`GET ${path}`]: () => new Response('x', { status: 502 }) });
    renderApp(`/super/tenants/${acme._id}`);
    expect(await screen.findByText('Failed to fetch tenant details')).toBeInTheDocument();
  });

  it('Retry after a failed load asks again and shows the company', async () => {
    let answers = 0;
    const { to } = fakeSuperApi({
      [`GET ${path}`]: () => (++answers === 1 ? new Response('x', { status: 502 }) : ok(acme)),
      [`GET ${path}/audit`]: () => ok({ items: [], total: 0 }),
    });
    const view = renderApp(`/super/tenants/${acme._id}`);
    expect(await screen.findByText('Failed to fetch tenant details')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Acme Shop', level: 1 })).toBeInTheDocument();
    expect(to('GET', path)).toHaveLength(2);
    expect(screen.queryByText('Failed to fetch tenant details')).not.toBeInTheDocument();
  });

  it('Retry after the audit log fails asks for it again and shows its entries', async () => {
    let answers = 0;
    const { user, to } = await openProfile({
      [`GET ${path}/audit`]: () => (++answers === 1 ? new Response('x', { status: 502 }) : ok({ items: [entry({ action: 'tenant.created' })], total: 1 })),
    });
    const log = await screen.findByRole('table', { name: 'Audit Log' });
    expect(await within(log).findByText('Failed to fetch the audit log')).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Retry' }));
    expect(await within(log).findByText('Company created')).toBeInTheDocument();
    expect(to('GET', `${path}/audit`)).toHaveLength(2);
  });
});
