import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { fakeCrmApi } from '../../test/fake-crm-api';
import { renderApp } from '../../test/render-app';
import { list, makeContact } from '../contacts/testing/make-contact';
import { labelsList, makeLabel } from './testing/make-label';

const vip = makeLabel('VIP', '#e03131');
const hot = makeLabel('Hot', '#f08c00');

type Api = ReturnType<typeof fakeCrmApi>;
const lastQuery = (requests: Api['requests']) => requests.filter((r) => r.path === '/api/contacts').at(-1)!.query;

function open(path: string, heading: RegExp) {
  const api = fakeCrmApi(adminUser, {
    'GET /api/labels': labelsList([hot, vip]),
    'GET /api/contacts': () => list([makeContact({ name: 'Mona Hassan', labelIds: [vip._id] })], 1),
    'GET /api/auth/users': () => ok([]),
    'GET /api/products': () => ok({ items: [], total: 0 }),
  });
  const view = renderApp(path);
  return { ...view, ...api, ready: screen.findByRole('heading', { name: heading, level: 1 }) };
}

/** A filtered list's address opened again, as a reload or a shared link does (the stores start empty). */
async function reopen(view: { router: { state: { location: { pathname: string; search: string } } }; unmount: () => void }, heading: RegExp) {
  const { pathname, search } = view.router.state.location;
  view.unmount();
  const again = open(`${pathname}${search}`, heading);
  await again.ready;
  return again;
}

describe('the label filter is kept in the URL of the leads, customers and pipeline lists', { timeout: 60_000 }, () => {
  it('leads: picking labels writes them to the URL; a reload of that address filters the same way', async () => {
    const first = open('/leads', /^Leads \(/);
    await first.ready;
    await screen.findByText('Mona Hassan');
    await first.user.click(screen.getByRole('combobox', { name: 'Labels' }));
    await first.user.click(await screen.findByRole('option', { name: 'VIP' }));
    await first.user.click(await screen.findByRole('option', { name: 'Hot' }));
    await first.user.click(screen.getByRole('radio', { name: 'All of' }));
    await waitFor(() => expect(new URLSearchParams(first.router.state.location.search).get('labelMatch')).toBe('all'));
    expect(new URLSearchParams(first.router.state.location.search).get('labels')).toBe(`${vip._id},${hot._id}`);

    const again = await reopen(first, /^Leads \(/);
    await waitFor(() => expect(lastQuery(again.requests).get('labels')).toBe(`${vip._id},${hot._id}`));
    expect(lastQuery(again.requests).get('labelMatch')).toBe('all');
    // every request of the reopened list carried the filter: no unfiltered page flashed first
    expect(again.requests.filter((r) => r.path === '/api/contacts').every((r) => r.query.get('labels') === `${vip._id},${hot._id}`)).toBe(true);
    expect(screen.getByRole('radio', { name: 'All of' })).toBeChecked();
    expect(within(screen.getByRole('combobox', { name: 'Labels' }).closest('.mantine-InputWrapper-root')!).getByText('VIP')).toBeInTheDocument();
  });

  it('leads: a shared link with a search and a label opens filtered; clearing the label takes it off the URL and keeps the search', async () => {
    const view = open(`/leads?q=mona&labels=${vip._id}`, /^Leads \(/);
    await view.ready;
    await waitFor(() => expect(Object.fromEntries(lastQuery(view.requests))).toMatchObject({ q: 'mona', labels: vip._id }));
    expect(lastQuery(view.requests).has('labelMatch')).toBe(false);
    await view.user.click(screen.getByRole('combobox', { name: 'Labels' }));
    await view.user.click(await screen.findByRole('option', { name: 'VIP' }));
    await waitFor(() => expect(lastQuery(view.requests).has('labels')).toBe(false));
    expect(view.router.state.location.search).toBe('?q=mona');
  });

  it('leads: back from another screen without a filter in its address, the list keeps its filter and shows it in the URL', async () => {
    const view = open(`/leads?labels=${hot._id}`, /^Leads \(/);
    await view.ready;
    await waitFor(() => expect(lastQuery(view.requests).get('labels')).toBe(hot._id));
    await act(() => view.router.navigate('/customers'));
    await screen.findByRole('heading', { name: /^Customers$/, level: 1 });
    await act(() => view.router.navigate('/leads'));
    await screen.findByRole('heading', { name: /^Leads \(/, level: 1 });
    await waitFor(() => expect(view.router.state.location.search).toBe(`?labels=${hot._id}`));
    expect(lastQuery(view.requests).get('labels')).toBe(hot._id);
  });

  it('customers: the label picked is in the URL and a reload keeps it', async () => {
    const first = open('/customers', /^Customers$/);
    await first.ready;
    await first.user.click(screen.getByRole('combobox', { name: 'Labels' }));
    await first.user.click(await screen.findByRole('option', { name: 'Hot' }));
    await waitFor(() => expect(first.router.state.location.search).toBe(`?labels=${hot._id}`));
    const again = await reopen(first, /^Customers$/);
    await waitFor(() => expect(Object.fromEntries(lastQuery(again.requests))).toMatchObject({ stage: 'customer', labels: hot._id }));
  });

  it('pipeline: a link with labels (all of) and a status opens the table filtered; the label picked is written back', async () => {
    const view = open(`/sales?labels=${vip._id},${hot._id}&labelMatch=all&status=won`, /^Sales Pipeline$/);
    await view.ready;
    await waitFor(() => expect(Object.fromEntries(lastQuery(view.requests))).toMatchObject({ stage: 'sales', labels: `${vip._id},${hot._id}`, labelMatch: 'all', pipeline_status: 'won' }));
    await view.user.click(screen.getByRole('combobox', { name: 'Labels' }));
    await view.user.click(await screen.findByRole('option', { name: 'Hot' }));
    await waitFor(() => expect(new URLSearchParams(view.router.state.location.search).get('labels')).toBe(vip._id));
    // one label left: any/all no longer applies, and the status stays
    expect(new URLSearchParams(view.router.state.location.search).has('labelMatch')).toBe(false);
    expect(new URLSearchParams(view.router.state.location.search).get('status')).toBe('won');
  });
});
