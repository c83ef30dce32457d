import { act, screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES } from '@crm/common';
import { describe, expect, it, vi } from 'vitest';
import { bridge } from '../../lib/bridge';
import { adminUser, fail, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage, languageOf } from '../../test/catalogue';
import { todayDay } from '../../lib/format';
import { deferred, fakeCrmApi, testId } from '../../test/fake-crm-api';
import { list, makeContact } from '../contacts/testing/make-contact';
import { useLeadsStore } from './store';

const sara = { ...salesUser, _id: testId(), name: 'Sara Sales' };
const omar = { ...salesUser, _id: testId(), name: 'Omar Sales' };

const leads = (n: number, offset = 0) => Array.from({ length: n }, (_, i) => makeContact({ name: `Lead ${offset + i + 1}`, phone: `+2010000000${String(offset + i).padStart(2, '0')}` }));

async function openLeads(handlers: Parameters<typeof fakeCrmApi>[1] = {}, user = adminUser) {
  const api = fakeCrmApi(user, {
    'GET /api/contacts': () => list(leads(2), 2),
    'GET /api/auth/users': () => ok([sara, omar]),
    ...handlers,
  });
  const view = renderApp('/leads');
  const titleStart = catalogueText(languageOf(user), 'leads:title', { total: '#' }).split('#')[0]!;
  await screen.findByRole('heading', { name: (name) => name.startsWith(titleStart) });
  return { ...view, ...api };
}

const table = () => screen.getByRole('table', { name: 'Leads' });
const lastListQuery = (requests: ReturnType<typeof fakeCrmApi>['requests']) => requests.filter((r) => r.path === '/api/contacts').at(-1)!.query;

// Typing-heavy tests on a shared 2-core machine: more room than the 5 s default.
describe('Leads', { timeout: 15_000 }, () => {
  it("shows 'Leads (total)', the columns and one row per lead, newest first, 50 a page", async () => {
    const assigned = makeContact({ name: 'Karim Adel', phone: '+201112223334', assignedTo: { _id: sara._id, name: 'Sara Sales' } });
    const unassigned = makeContact({ name: 'Nour Samir', phone: '+201009998887' });
    const { requests } = await openLeads({ 'GET /api/contacts': () => list([assigned, unassigned], 73) });

    expect(await screen.findByRole('heading', { name: 'Leads (73)' })).toBeInTheDocument();
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['', 'Name', 'Phone', 'Assigned To', 'Created At', 'Stage', 'Actions']);
    const karim = within(table()).getByText('Karim Adel').closest('tr')!;
    expect(within(karim).getByText('Sara Sales')).toBeInTheDocument();
    expect(within(karim).getByText('lead')).toBeInTheDocument();
    expect(within(karim).getByRole('link', { name: /View/ })).toHaveAttribute('href', `/contacts/${assigned._id}`);
    const nour = within(table()).getByText('Nour Samir').closest('tr')!;
    expect(within(nour).getByText('UNASSIGNED')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    const query = lastListQuery(requests);
    expect(Object.fromEntries(query)).toMatchObject({ stage: 'lead', page: '1', limit: '50', sortBy: 'createdAt', order: 'desc' });
    expect(query.has('assignedTo')).toBe(false);
  });

  it("shows 'Loading...' while the page loads and 'No leads found.' when there are none", async () => {
    const pending = deferred();
    fakeCrmApi(adminUser, { 'GET /api/contacts': () => pending.promise, 'GET /api/auth/users': () => ok([]) });
    renderApp('/leads');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    pending.release(list([], 0));
    expect(await screen.findByText('No leads found.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("shows the server's error text and clears the list", async () => {
    let calls = 0;
    const { user } = await openLeads({ 'GET /api/contacts': () => (++calls === 1 ? list(leads(2), 2) : fail(500, 'Database is busy')) });
    expect(await within(table()).findByText('Lead 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByText('Database is busy')).toBeInTheDocument();
    expect(within(table()).queryByText('Lead 1')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Leads (0)' })).toBeInTheDocument();
  });

  it('falls back to the exception message when the server gives no text', async () => {
    await openLeads({
      'GET /api/contacts': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await screen.findByText('Could not reach the server.')).toBeInTheDocument();
  });

  it('waits 300 ms after typing before searching, then sends one request', async () => {
    const { user, requests } = await openLeads();
    await within(table()).findByText('Lead 1');
    const before = requests.filter((r) => r.path === '/api/contacts').length;
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Ahmed');
    // Straight after typing nothing was sent yet.
    expect(requests.filter((r) => r.path === '/api/contacts').length).toBe(before);
    await waitFor(() => expect(lastListQuery(requests).get('q')).toBe('Ahmed'));
    const searches = requests.filter((r) => r.path === '/api/contacts').slice(before);
    expect(searches.map((r) => r.query.get('q'))).toEqual(['Ahmed']);
  });

  it('goes back to page 1 and clears the selection when a filter changes', async () => {
    const { user, requests } = await openLeads({
      'GET /api/contacts': ({ query }) => list(leads(2, (Number(query.get('page')) - 1) * 50), 120),
    });
    await within(table()).findByText('Lead 1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table()).findByText('Lead 51')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(lastListQuery(requests).get('page')).toBe('2');

    await user.click(screen.getByRole('checkbox', { name: 'Select Lead 51' }));
    expect(screen.getByRole('button', { name: 'Assign Selected (1)' })).toBeEnabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Assigned To' }), 'unassigned');
    await waitFor(() => expect(lastListQuery(requests).get('assignedTo')).toBe('unassigned'));
    expect(lastListQuery(requests).get('page')).toBe('1');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign Selected (0)' })).toBeDisabled();
  });

  it('offers All Users, Unassigned and each sales user in Assigned To', async () => {
    const { user, requests } = await openLeads();
    const select = screen.getByRole('combobox', { name: 'Assigned To' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All Users', 'Unassigned', 'Sara Sales', 'Omar Sales']),
    );
    await user.selectOptions(select, 'Omar Sales');
    await waitFor(() => expect(lastListQuery(requests).get('assignedTo')).toBe(omar._id));
  });

  it('Today sets both dates to today; Month runs from the first of the month to today', async () => {
    const { user, requests } = await openLeads();
    await within(table()).findByText('Lead 1');
    const today = todayDay();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(lastListQuery(requests).get('from')).toBe(today));
    expect(lastListQuery(requests).get('to')).toBe(today);
    expect(lastListQuery(requests).get('tz')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(lastListQuery(requests).get('from')).toBe(`${today.slice(0, 8)}01`));
    expect(lastListQuery(requests).get('to')).toBe(today);
  });

  it('selects every lead on the page with the header checkbox', async () => {
    const { user } = await openLeads();
    await within(table()).findByText('Lead 1');
    const assign = screen.getByRole('button', { name: 'Assign Selected (0)' });
    expect(assign).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all leads on this page' }));
    expect(screen.getByRole('button', { name: 'Assign Selected (2)' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all leads on this page' }));
    expect(screen.getByRole('button', { name: 'Assign Selected (0)' })).toBeDisabled();
  });

  it('assigns the selected leads: asks for a sales person, then reports, closes, clears the selection and reloads', async () => {
    const { user, requests, to } = await openLeads({ 'PUT /api/leads/assign-bulk': () => ok({ message: '2 leads assigned to Sara Sales', assigned: 2 }) });
    await within(table()).findByText('Lead 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all leads on this page' }));
    await user.click(screen.getByRole('button', { name: 'Assign Selected (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Assign to Sales' });
    const select = within(dialog).getByRole('combobox', { name: 'Sales person' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['-- Select --', 'Sara Sales', 'Omar Sales']);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Assignment' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a sales person.');
    expect(to('PUT', '/api/leads/assign-bulk')).toHaveLength(0);

    const listCalls = requests.filter((r) => r.path === '/api/contacts').length;
    await user.selectOptions(select, 'Sara Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Assignment' }));

    expect(await screen.findByText('2 leads assigned to Sara Sales')).toBeInTheDocument();
    const [put] = to('PUT', '/api/leads/assign-bulk');
    expect(put.body).toEqual({ leadIds: expect.arrayContaining([expect.any(String)]), salesId: sara._id });
    expect((put.body as { leadIds: string[] }).leadIds).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign to Sales' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Assign Selected (0)' })).toBeDisabled();
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/contacts').length).toBe(listCalls + 1));
  });

  it("reports a failed assignment as 'Error: {message}' and closes the dialog", async () => {
    const { user } = await openLeads({ 'PUT /api/leads/assign-bulk': () => fail(400, 'Choose an active sales user of your company.') });
    await within(table()).findByText('Lead 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select Lead 1' }));
    await user.click(screen.getByRole('button', { name: 'Assign Selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to Sales' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Sales person' }), 'Omar Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Assignment' }));
    expect(await screen.findByText('Error: Choose an active sales user of your company.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign to Sales' })).not.toBeInTheDocument());
  });

  it("uses 'Failed to assign leads.' when the server gives no text", async () => {
    const { user } = await openLeads({ 'PUT /api/leads/assign-bulk': () => new Response('oops', { status: 502 }) });
    await within(table()).findByText('Lead 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select Lead 1' }));
    await user.click(screen.getByRole('button', { name: 'Assign Selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to Sales' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Sales person' }), 'Omar Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Assignment' }));
    expect(await screen.findByText(/^Error: /)).toHaveTextContent(/^Error: (Request failed with status 502|Failed to assign leads\.)$/);
  });

  it("says 'No leads selected.' when the selection is gone by the time the dialog confirms", async () => {
    const { user, to } = await openLeads();
    await within(table()).findByText('Lead 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select Lead 1' }));
    await user.click(screen.getByRole('button', { name: 'Assign Selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to Sales' });
    act(() => useLeadsStore.getState().clearSelection());
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Sales person' }), 'Sara Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Assignment' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('No leads selected.');
    expect(to('PUT', '/api/leads/assign-bulk')).toHaveLength(0);
  });

  it('says the sales users could not be loaded (not "none") in Assigned To and the assign dialog, and Retry fills both', async () => {
    let answer = () => fail(500, 'Users are unavailable');
    const { user } = await openLeads({ 'GET /api/auth/users': () => answer() });
    await within(table()).findByText('Lead 1');
    expect(await screen.findByText('Users are unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Lead 1' }));
    await user.click(screen.getByRole('button', { name: 'Assign Selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to Sales' });
    expect(within(dialog).getByText('Users are unavailable')).toBeInTheDocument();
    answer = () => ok([sara, omar]);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Sales person' })).toBeEnabled());
    expect(within(dialog).getByRole('option', { name: 'Sara Sales' })).toBeInTheDocument();
    expect(screen.queryByText('Users are unavailable')).not.toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Assigned To' })).getByRole('option', { name: 'Omar Sales' })).toBeInTheDocument();
  });

  it("says 'No sales users found' when the company has none", async () => {
    const { user } = await openLeads({ 'GET /api/auth/users': () => ok([]) });
    await within(table()).findByText('Lead 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select Lead 1' }));
    await user.click(screen.getByRole('button', { name: 'Assign Selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to Sales' });
    expect(within(dialog).getByRole('option', { name: 'No sales users found' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a sales user their leads without assignment controls', async () => {
    const { to } = await openLeads({}, salesUser);
    await within(table()).findByText('Lead 1');
    expect(screen.queryByRole('button', { name: /Assign Selected/ })).not.toBeInTheDocument();
    // rows are still selectable: anyone may label their leads in bulk
    expect(screen.getByRole('button', { name: 'Labels (0)' })).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: 'Assigned To' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+ Add Lead' })).toHaveAttribute('href', '/leads/new');
    expect(to('GET', '/api/auth/users')).toHaveLength(0);
  });

  it('exports what the filters select and saves it through the bridge as leads_{date}.xlsx', async () => {
    const saveFile = vi.spyOn(bridge, 'saveFile').mockResolvedValue({ ok: true, value: { saved: true, path: '/tmp/x.xlsx' } });
    const { user, to } = await openLeads({
      'GET /api/contacts/export': () => new Response(new Uint8Array([80, 75, 3, 4]), { status: 200, headers: { 'Content-Type': 'application/octet-stream' } }),
    });
    await within(table()).findByText('Lead 1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assigned To' }), 'unassigned');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    const [request] = saveFile.mock.calls[0];
    expect(request.defaultName).toBe(`leads_${todayDay()}.xlsx`);
    expect(Array.from(request.data)).toEqual([80, 75, 3, 4]);
    const [exportCall] = to('GET', '/api/contacts/export');
    expect(exportCall.query.get('stage')).toBe('lead');
    expect(exportCall.query.get('assignedTo')).toBe('unassigned');
    expect(exportCall.query.has('page')).toBe(false);
  });

  it("alerts 'Failed to export data.' when the export fails", async () => {
    const { user } = await openLeads({ 'GET /api/contacts/export': () => new Response(null, { status: 500 }) });
    await within(table()).findByText('Lead 1');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Failed to export data.')).toBeInTheDocument();
  });

  it("shows 'Leads (3,000+)' when the server stopped counting at its bound, and Next stays open past the pages it counted", async () => {
    const { user, requests } = await openLeads({
      'GET /api/contacts': () => list(leads(50), 3_000, { totalIsLowerBound: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Leads (3,000+)' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 60+')).toBeInTheDocument();
    act(() => useLeadsStore.getState().setPage(60));
    expect(await screen.findByText('Page 60 of 60+')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    await waitFor(() => expect(lastListQuery(requests).get('page')).toBe('61'));
  });

  // One run per language (the Arabic copy only repeated these): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string | number>) => catalogueText(language, key.includes(':') ? key : `leads:${key}`, values);
    const heba = makeContact({ name: 'هبة منصور', phone: '+201001234567' });
    const openIn = (handlers: Parameters<typeof fakeCrmApi>[1] = {}) =>
      openLeads({ 'GET /api/contacts': () => list([heba, makeContact({ name: 'Omar' })], 2), 'GET /api/auth/users': () => ok([sara]), ...handlers }, inLanguage(adminUser, language));

    it('shows the heads, filters, actions and the assignment dialog in the language and its direction', async () => {
      const { user } = await openIn();
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      expect(screen.getByRole('heading', { name: text('title', { total: 2 }) })).toBeInTheDocument();
      const leadsTable = screen.getByRole('table', { name: text('tableLabel') });
      const row = (await within(leadsTable).findByText(heba.name!)).closest('tr')!;
      expect(
        within(leadsTable)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['', ...['name', 'phone', 'assignedTo', 'createdAt', 'stage', 'actions'].map((column) => text(`columns.${column}`))]);
      expect(within(row).getByText('+201001234567')).toHaveAttribute('dir', 'ltr');
      expect(within(row).getByRole('link', { name: text('viewLabel', { label: heba.name! }) })).toHaveTextContent(text('view'));
      expect(screen.getByRole('textbox', { name: text('common:search.label') })).toHaveAttribute('placeholder', text('searchPlaceholder'));
      expect(screen.getByRole('combobox', { name: text('filters.assignedTo') })).toHaveTextContent(text('filters.allUsers'));
      expect(screen.getByRole('button', { name: text('export') })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: text('addLead') })).toBeInTheDocument();

      await user.click(within(row).getByRole('checkbox', { name: text('selectOne', { label: heba.name! }) }));
      await user.click(screen.getByRole('button', { name: text('assignSelected', { selected: 1 }) }));
      const dialog = await screen.findByRole('dialog', { name: text('assign.title') });
      expect(within(dialog).getByText(text('assign.selected_one', { count: 1 }))).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: text('assign.confirm') }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(text('assign.pickSalesPerson'));
    });

    it('shows the empty text', async () => {
      await openIn({ 'GET /api/contacts': () => list([]) });
      expect(await screen.findByText(text('empty'))).toBeInTheDocument();
    });

    it('shows a total the server stopped counting at as "3,000+"', async () => {
      await openIn({ 'GET /api/contacts': () => list([heba], 3_000, { totalIsLowerBound: true }) });
      expect(await screen.findByRole('heading', { name: text('title', { total: '3,000+' }) })).toBeInTheDocument();
      expect(within(screen.getByRole('navigation', { name: text('common:pager.label') })).getByText(text('common:pager.pageOfAtLeast', { page: 1, pages: 60 }))).toBeInTheDocument();
    });
  });
});
