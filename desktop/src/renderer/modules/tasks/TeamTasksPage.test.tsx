import { screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES, type Language } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';
import { comment, makeTask, taskList } from './testing';

const omar = { ...salesUser, _id: '0190a0b0-0000-7000-8000-000000000003', name: 'Omar Sales', email: 'sales2@demo.test' };
const call = makeTask({ comments: [comment('Bring the invoices')] });
const done = makeTask({ title: 'Visit the warehouse', status: 'completed', assignedTo: { _id: omar._id, name: omar.name }, dueDate: null });

async function openTeamTasks(handlers: Record<string, CrmHandler> = {}, language: Language = 'en') {
  const api = fakeCrmApi(inLanguage(adminUser, language), {
    'GET /api/tasks': () => taskList([call, done]),
    'GET /api/auth/users': () => ok([adminUser, salesUser, omar]),
    ...handlers,
  });
  const view = renderApp('/team/tasks');
  await screen.findByRole('heading', { name: catalogueText(language, 'tasks:team.title'), level: 1 });
  return { ...view, ...api };
}

describe('Team Tasks', { timeout: 20_000 }, () => {
  it('lists every task with its assignee, due date and a status badge', async () => {
    await openTeamTasks();
    const table = screen.getByRole('table', { name: 'Team Tasks' });
    const row = (await within(table).findByText('Call Ahmed back')).closest('tr')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'Assigned To', 'Due Date', 'Status', 'Created By', 'Actions']);
    expect(row).toHaveTextContent(salesUser.name);
    expect(row).toHaveTextContent('Pending');
    expect(within(table).getByText('Visit the warehouse').closest('tr')).toHaveTextContent('Completed');
  });

  it('Retry after a failed load asks again and shows the tasks', async () => {
    let answers = 0;
    const { user, to } = await openTeamTasks({ 'GET /api/tasks': () => (++answers === 1 ? new Response('x', { status: 502 }) : taskList([call])) });
    expect(await screen.findByText('Failed to load tasks. Please try again later.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Call Ahmed back')).toBeInTheDocument();
    expect(to('GET', '/api/tasks')).toHaveLength(2);
    expect(screen.queryByText('Failed to load tasks. Please try again later.')).not.toBeInTheDocument();
  });

  // One run per language (the Arabic copy only repeated it): texts from each catalogue.
  it.for(LANGUAGES)('shows the column heads and the empty text for an empty list (%s)', async (language) => {
    const text = (key: string) => catalogueText(language, key);
    await openTeamTasks({ 'GET /api/tasks': () => taskList([]), 'GET /api/auth/users': () => ok([]) }, language);
    expect(await screen.findByText(text('tasks:team.empty'))).toBeInTheDocument();
    const table = screen.getByRole('table', { name: text('tasks:team.title') });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['title', 'assignedTo', 'dueDate', 'status', 'createdBy', 'actions'].map((column) => text(`tasks:team.columns.${column}`)));
  });

  it('creates a task for a rep from the create modal', async () => {
    let created = false;
    const fresh = makeTask({ title: 'Send the catalogue', assignedTo: { _id: omar._id, name: omar.name } });
    const { user, to } = await openTeamTasks({
      'GET /api/tasks': () => taskList(created ? [fresh, call, done] : [call, done]),
      'POST /api/tasks': () => {
        created = true;
        return ok(fresh);
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Task' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Send the catalogue');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'PDF on WhatsApp');
    await user.click(within(dialog).getByLabelText('Assign To', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Omar Sales' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Send the catalogue')).toBeInTheDocument();
    expect(to('POST', '/api/tasks')[0].body).toMatchObject({ title: 'Send the catalogue', description: 'PDF on WhatsApp', dueDate: null, assignedTo: omar._id });
  });

  it('says the users could not be loaded in the create modal (not an empty Assign To), and Retry offers them', async () => {
    let answer = () => fail(500, 'Users are unavailable');
    const { user } = await openTeamTasks({ 'GET /api/auth/users': () => answer() });
    await user.click(screen.getByRole('button', { name: 'Add Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Task' });
    expect(await within(dialog).findByText('Users are unavailable')).toBeInTheDocument();
    answer = () => ok([adminUser, salesUser, omar]);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(dialog).queryByText('Users are unavailable')).not.toBeInTheDocument());
    await user.click(within(dialog).getByLabelText('Assign To', { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Omar Sales' })).toBeInTheDocument();
  });

  it('says why a task was not created and keeps the modal with what was typed (the spec only logs it)', async () => {
    const { user } = await openTeamTasks({ 'POST /api/tasks': () => fail(400, 'Choose who the task is for.') });
    await user.click(screen.getByRole('button', { name: 'Add Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Task' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Nobody does this');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose who the task is for.');
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('Nobody does this');
  });

  it('views a task with its comments, adds a trimmed comment and reassigns it', async () => {
    const { user, to } = await openTeamTasks({
      [`PATCH /api/tasks/${call._id}`]: () => ok(call),
    });
    await user.click(await screen.findByRole('button', { name: 'View Call Ahmed back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task Details' });
    expect(dialog).toHaveTextContent('Bring the invoices');
    expect(dialog).toHaveTextContent(adminUser.name);
    const add = within(dialog).getByRole('button', { name: 'Add Comment' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), '   ');
    expect(add).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), ' Call before noon ');
    await user.click(add);
    await waitFor(() => expect(to('PATCH', `/api/tasks/${call._id}`)).toHaveLength(1));
    expect(to('PATCH', `/api/tasks/${call._id}`)[0].body).toEqual({ comment: 'Call before noon' });

    await user.click(within(dialog).getByLabelText('Assign To', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Omar Sales' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(to('PATCH', `/api/tasks/${call._id}`)).toHaveLength(2));
    expect(to('PATCH', `/api/tasks/${call._id}`)[1].body).toEqual({ assignedTo: omar._id });
  });

  it("opens the task a notification's link names", async () => {
    fakeCrmApi(adminUser, { 'GET /api/tasks': () => taskList([call, done]), 'GET /api/auth/users': () => ok([]) });
    renderApp(`/team/tasks?task=${done._id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Task Details' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('Visit the warehouse');
  });

  it('sends a sales user opening /team/tasks to the dashboard', async () => {
    const { to } = fakeCrmApi(salesUser, { 'GET /api/tasks': () => taskList([call]) });
    const { router } = renderApp('/team/tasks');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(to('GET', '/api/tasks')).toHaveLength(0);
  });
});
