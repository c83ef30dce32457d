import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGES } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, json, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';
import { list, makeContact } from '../contacts/testing/make-contact';

/** Mantine's FileInput is a button; the real file input beside it is hidden. */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

async function openAddLead(handlers: Record<string, CrmHandler> = {}) {
  const api = fakeCrmApi(adminUser, { 'GET /api/contacts': () => list([]), 'GET /api/auth/users': () => ok([]), ...handlers });
  const view = renderApp('/leads/new');
  await screen.findByRole('heading', { name: 'Add New Lead', level: 1 });
  return { ...view, ...api };
}

// Typing-heavy tests on a shared 2-core machine: more room than the 5 s default.
describe('Add New Lead', { timeout: 15_000 }, () => {
  it('requires name and phone and an email in email format, and sends nothing until then', async () => {
    const { user, to } = await openAddLead();
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Salma');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '01001234567');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'salma@');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(to('POST', '/api/contacts')).toHaveLength(0);
  });

  it('creates the lead and opens its profile', async () => {
    const created = makeContact({ name: 'Salma Fathy', phone: '+201001234567', address: 'Giza' });
    const { user, to, router } = await openAddLead({
      'POST /api/contacts': () => ok(created),
      [`GET /api/contacts/${created._id}`]: () => ok(created),
    });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Salma Fathy');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '0100 123 4567');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Giza');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/contacts/${created._id}`));
    expect(to('POST', '/api/contacts')[0].body).toEqual({ name: 'Salma Fathy', phone: '0100 123 4567', email: null, address: 'Giza', notes: null });
    expect(await screen.findByRole('heading', { name: 'Salma Fathy', level: 1 })).toBeInTheDocument();
  });

  it('shows the server error that names the contact already holding the phone', async () => {
    const { user } = await openAddLead({ 'POST /api/contacts': () => fail(409, 'A contact with this phone number already exists: Ali Test (+201001234567).') });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ali');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '01001234567');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A contact with this phone number already exists: Ali Test (+201001234567).');
  });

  it('links the duplicate-phone error to the existing contact when the server names it', async () => {
    const existing = makeContact({ name: 'Ali Test', phone: '+201001234567' });
    const { user, router } = await openAddLead({
      'POST /api/contacts': () =>
        json(409, {
          ok: false,
          code: 'contact.phone_taken',
          error: 'A contact with this phone number already exists: Ali Test (+201001234567).',
          params: { contactId: existing._id, label: 'Ali Test (+201001234567)' },
          field: 'phone',
        }),
      [`GET /api/contacts/${existing._id}`]: () => ok(existing),
    });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ali');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '01001234567');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    const alert = await screen.findByRole('alert');
    const link = within(alert).getByRole('link', { name: 'Open the existing contact' });
    expect(link).toHaveAttribute('href', `/contacts/${existing._id}`);
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/contacts/${existing._id}`));
  });

  it('offers no link when the existing contact is not the user’s to open (the server names only its owner)', async () => {
    const api = fakeCrmApi(salesUser, {
      'GET /api/contacts': () => list([]),
      'POST /api/contacts': () =>
        json(409, { ok: false, code: 'contact.phone_taken', error: 'A contact with this phone number already exists (assigned to Omar).', params: { assignedName: 'Omar' }, field: 'phone' }),
    });
    const user = userEvent.setup();
    renderApp('/leads/new');
    await screen.findByRole('heading', { name: 'Add New Lead', level: 1 });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ali');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '01001234567');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A contact with this phone number already exists (assigned to Omar).');
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
    expect(api.to('POST', '/api/contacts')).toHaveLength(1);
  });

  it('imports a spreadsheet, shows the counts and rejected rows, then goes to /leads', async () => {
    const { user, to, router } = await openAddLead({
      'POST /api/contacts/import': () =>
        ok({
          message: 'Import finished: 3 created, 1 updated, 0 skipped, 2 rejected.',
          total: 6,
          created: 3,
          updated: 1,
          skipped: 0,
          rejected: [
            { row: 4, code: 'phone_missing', params: {}, reason: 'Phone is missing' },
            { row: 6, code: 'too_long', params: { field: 'notes', max: 5000 }, reason: 'Notes is longer than 5000 characters' },
          ],
        }),
    });
    const file = new File(['name,phone\nA,01001234567\n'], 'leads.csv', { type: 'text/csv' });
    await user.upload(fileInput(), file);
    await user.click(screen.getByRole('button', { name: 'Import Leads' }));

    const dialog = await screen.findByRole('dialog', { name: 'Import finished' });
    expect(dialog).toHaveTextContent('Import finished: 3 created, 1 updated, 0 skipped, 2 rejected.');
    expect(within(dialog).getByRole('group', { name: 'Created' })).toHaveTextContent('3');
    expect(within(dialog).getByRole('group', { name: 'Updated' })).toHaveTextContent('1');
    expect(within(dialog).getByRole('group', { name: 'Skipped' })).toHaveTextContent('0');
    expect(within(dialog).getByRole('table', { name: 'Rejected rows' })).toHaveTextContent('4Phone is missing6Notes is longer than 5,000 characters');
    const body = to('POST', '/api/contacts/import')[0].body as FormData;
    expect((body.get('file') as File).name).toBe('leads.csv');

    await user.click(within(dialog).getByRole('button', { name: 'Go to Leads' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads'));
  });

  it('lists the skipped rows with their row number and reason', async () => {
    const { user } = await openAddLead({
      'POST /api/contacts/import': () =>
        ok({
          message: 'Import finished: 1 created, 0 updated, 2 skipped, 0 rejected.',
          total: 3,
          created: 1,
          updated: 0,
          skipped: 2,
          skippedRows: [
            { row: 3, code: 'nothing_to_fill', reason: 'Already a contact; the row had nothing to add to it' },
            { row: 4, code: 'assigned_elsewhere', reason: 'Already a contact, assigned to someone else' },
          ],
          rejected: [],
        }),
    });
    await user.upload(fileInput(), new File(['name,phone\n'], 'leads.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import Leads' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import finished' }, { timeout: 5000 });
    expect(within(dialog).getByRole('group', { name: 'Skipped' })).toHaveTextContent('2');
    expect(within(dialog).getByText('Skipped rows (2)')).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table', { name: 'Skipped rows' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['3Already a contact; the row had nothing to add to it', '4Already a contact, assigned to someone else']);
    expect(within(dialog).queryByRole('table', { name: 'Rejected rows' })).not.toBeInTheDocument();
  });

  it('shows how many imports of the company are ahead while the import waits, then its result', async () => {
    const result = { message: 'Import finished: 2 created, 0 updated, 0 skipped, 0 rejected.', total: 2, created: 2, updated: 0, skipped: 0, skippedRows: [], rejected: [] };
    const status = (over: object) => ({
      _id: 'imp-1',
      status: 'queued',
      fileName: 'leads.csv',
      ahead: 2,
      rows: 2,
      processed: 0,
      result: { ...result, message: 'Waiting: 2 imports ahead of yours.', created: 0 },
      error: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      startedAt: null,
      finishedAt: null,
      ...over,
    });
    const answers = [status({ ahead: 1 }), status({ status: 'running', ahead: 0, processed: 1 }), status({ status: 'done', ahead: 0, processed: 2, result })];
    const { user, to } = await openAddLead({
      'POST /api/contacts/import': () => json(202, { ok: true, data: status({}) }),
      'GET /api/contacts/imports/imp-1': () => ok(answers.shift()),
    });
    await user.upload(fileInput(), new File(['name,phone\nA,01001234567\n'], 'leads.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import Leads' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Waiting: 2 imports ahead of yours');
    expect(await screen.findByText('Waiting: 1 import ahead of yours', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('Importing: 1 of 2 rows written', {}, { timeout: 3000 })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Import finished' }, { timeout: 3000 });
    expect(within(dialog).getByRole('group', { name: 'Created' })).toHaveTextContent('2');
    expect(to('GET', '/api/contacts/imports/imp-1')).toHaveLength(3);
  });

  it("shows the server's error, else 'Import failed'", async () => {
    const { user } = await openAddLead({ 'POST /api/contacts/import': () => new Response('', { status: 500 }) });
    await user.upload(fileInput(), new File(['x'], 'leads.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Import Leads' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Import failed');
  });

  it('refuses other file types before uploading', async () => {
    const { to } = await openAddLead();
    // As if the file dialog were told to show all files.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), new File(['x'], 'leads.pdf'));
    await user.click(screen.getByRole('button', { name: 'Import Leads' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an Excel or CSV file (.xlsx, .xls, .csv).');
    expect(to('POST', '/api/contacts/import')).toHaveLength(0);
  });

  // One run per language (the Arabic copy only repeated it): texts from each catalogue.
  it.for(LANGUAGES)('shows the labels, the import card, and words the form rules in %s', async (language) => {
    const text = (key: string) => catalogueText(language, `leads:${key}`);
    const { to } = fakeCrmApi(inLanguage(adminUser, language), { 'GET /api/contacts': () => list([]), 'GET /api/auth/users': () => ok([]) });
    const { user } = renderApp('/leads/new');
    await screen.findByRole('heading', { name: text('add.title'), level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    expect(screen.getByRole('link', { name: text('add.back') })).toHaveAttribute('href', '/leads');
    expect(screen.getByRole('heading', { name: text('add.details') })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: text('import.title') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text('import.submit') })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: text('add.email') }), 'salma@');
    await user.click(screen.getByRole('button', { name: text('add.submit') }));
    expect(await screen.findByText(text('add.errors.nameRequired'))).toBeInTheDocument();
    expect(screen.getByText(text('add.errors.phoneRequired'))).toBeInTheDocument();
    expect(screen.getByText(text('add.errors.emailInvalid'))).toBeInTheDocument();
    expect(to('POST', '/api/contacts')).toHaveLength(0);
  });
});
