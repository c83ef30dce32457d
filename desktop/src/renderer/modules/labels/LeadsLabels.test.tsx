import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, ok, salesUser } from '../../test/fake-api';
import { fakeCrmApi } from '../../test/fake-crm-api';
import { renderApp } from '../../test/render-app';
import { list, makeContact } from '../contacts/testing/make-contact';
import { labelsList, makeLabel } from './testing/make-label';

const vip = makeLabel('VIP', '#e03131');
const hot = makeLabel('Hot', '#f08c00');

const lastQuery = (requests: ReturnType<typeof fakeCrmApi>['requests']) => requests.filter((r) => r.path === '/api/contacts').at(-1)!.query;

async function openLeads(user = adminUser, handlers: Parameters<typeof fakeCrmApi>[1] = {}) {
  const mona = makeContact({ name: 'Mona Hassan', labelIds: [vip._id, 'a-label-deleted-meanwhile'] });
  const karim = makeContact({ name: 'Karim Adel', labelIds: [] });
  const api = fakeCrmApi(user, {
    'GET /api/labels': labelsList([hot, vip]),
    'GET /api/contacts': () => list([mona, karim], 2),
    'GET /api/auth/users': () => ok([]),
    ...handlers,
  });
  const view = renderApp('/leads');
  await screen.findByRole('heading', { name: /^Leads \(/ });
  return { ...view, ...api, mona, karim };
}

describe('labels on the leads list', { timeout: 20_000 }, () => {
  it("shows each lead's labels as chips, leaving out labels no longer there", async () => {
    await openLeads();
    const mona = (await screen.findByText('Mona Hassan')).closest('tr')!;
    const chips = await within(mona).findByRole('list', { name: 'Labels' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['VIP']);
    expect(within(screen.getByText('Karim Adel').closest('tr')!).queryByRole('list', { name: 'Labels' })).not.toBeInTheDocument();
  });

  it('filters by any of the labels, then by all of them, from page 1', async () => {
    const { user, requests } = await openLeads();
    await screen.findByText('Mona Hassan');
    expect(lastQuery(requests).has('labels')).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Labels' }));
    await user.click(await screen.findByRole('option', { name: 'VIP' }));
    await waitFor(() => expect(lastQuery(requests).get('labels')).toBe(vip._id));
    expect(lastQuery(requests).has('labelMatch')).toBe(false);
    expect(screen.queryByRole('radio', { name: 'All of' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('option', { name: 'Hot' }));
    await waitFor(() => expect(lastQuery(requests).get('labels')).toBe(`${vip._id},${hot._id}`));
    expect(lastQuery(requests).get('labelMatch')).toBe('any');
    await user.click(screen.getByRole('radio', { name: 'All of' }));
    await waitFor(() => expect(lastQuery(requests).get('labelMatch')).toBe('all'));
    expect(lastQuery(requests).get('page')).toBe('1');
  });

  it('lets a sales user add and remove labels on the selected leads, then reloads', async () => {
    const { user, to, mona, karim } = await openLeads(salesUser, { 'POST /api/contacts/labels/bulk': () => ok({ updated: 2 }) });
    await screen.findByText('Mona Hassan');
    await user.click(screen.getByRole('checkbox', { name: 'Select all leads on this page' }));
    await user.click(screen.getByRole('button', { name: 'Labels (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Labels of 2 contacts' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Add labels' }));
    await user.click(await screen.findByRole('option', { name: 'Hot' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Remove labels' }));
    await user.click(await screen.findByRole('option', { name: 'VIP' }));
    const loads = to('GET', '/api/contacts').length;
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Labels changed on 2 contacts.')).toBeInTheDocument();
    expect(to('POST', '/api/contacts/labels/bulk')[0]!.body).toEqual({ contactIds: [mona._id, karim._id], add: [hot._id], remove: [vip._id] });
    await waitFor(() => expect(to('GET', '/api/contacts').length).toBeGreaterThan(loads));
    expect(screen.getByRole('button', { name: 'Labels (0)' })).toBeDisabled();
  });
});
