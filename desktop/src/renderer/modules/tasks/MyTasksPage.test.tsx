import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, json, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';
import { comment, makeTask, taskList } from './testing';

const call = makeTask({ comments: [comment('First note'), comment('Second note'), comment('Third note', salesUser.name)] });
const done = makeTask({ title: 'Visit the warehouse', status: 'completed', description: 'Short', dueDate: null });

async function openMyTasks(handlers: Record<string, CrmHandler> = {}) {
  const api = fakeCrmApi(salesUser, { 'GET /api/tasks/my': () => taskList([call, done]), ...handlers });
  const view = renderApp('/my-tasks');
  await screen.findByRole('heading', { name: 'My Tasks', level: 1 });
  return { ...view, ...api };
}

describe('My Tasks', { timeout: 20_000 }, () => {
  it('splits pending and completed; cards show the last two comments and cut descriptions at 40 characters', async () => {
    await openMyTasks();
    const pending = await screen.findByRole('region', { name: 'Pending Tasks' });
    const card = within(pending).getByRole('article', { name: 'Call Ahmed back' });
    expect(card).toHaveTextContent('About the blue sofa he asked for last we...');
    expect(card).not.toHaveTextContent('Nasr City');
    expect(card).not.toHaveTextContent('First note');
    expect(card).toHaveTextContent('Second note');
    expect(card).toHaveTextContent('Third note');
    const completed = screen.getByRole('region', { name: 'Completed Tasks' });
    expect(within(completed).getByRole('article', { name: 'Visit the warehouse' })).toHaveTextContent('Completed');
  });

  it("requires a title ('Title is required.') and creates a task with a toast", async () => {
    let created = false;
    const fresh = makeTask({ title: 'Follow up Mona', description: null, dueDate: null });
    const { user, to } = await openMyTasks({
      'GET /api/tasks/my': () => taskList(created ? [fresh, call, done] : [call, done]),
      'POST /api/tasks/my': () => {
        created = true;
        return ok(fresh);
      },
    });
    await user.click(screen.getByRole('button', { name: 'New Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Task' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();
    expect(to('POST', '/api/tasks/my')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), '  Follow up Mona ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Task created successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Follow up Mona' })).toBeInTheDocument();
    expect(to('POST', '/api/tasks/my')[0].body).toEqual({ title: 'Follow up Mona', description: null, dueDate: null });
  });

  it("shows 'Failed to create task' with the server's message", async () => {
    const { user } = await openMyTasks({
      'POST /api/tasks/my': () => json(400, { ok: false, error: 'The due date cannot be earlier than today.', code: 'task.due_date_past', field: 'dueDate' }),
    });
    await user.click(screen.getByRole('button', { name: 'New Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Task' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Late');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Failed to create task')).toBeInTheDocument();
    expect(screen.getByText('The due date cannot be earlier than today.')).toBeInTheDocument();
  });

  it('completes a task with a comment from the update-status modal; a blank comment is not sent', async () => {
    const { user, to } = await openMyTasks({ [`PATCH /api/tasks/${call._id}`]: () => ok({ ...call, status: 'completed' }) });
    await user.click(await screen.findByRole('button', { name: 'Update status of Call Ahmed back' }));
    let dialog = await screen.findByRole('dialog', { name: 'Update Task' });
    await user.click(within(dialog).getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), '  Called, pays Sunday ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Task updated successfully!')).toBeInTheDocument();
    expect(to('PATCH', `/api/tasks/${call._id}`)[0].body).toEqual({ status: 'completed', comment: 'Called, pays Sunday' });

    await user.click(await screen.findByRole('button', { name: 'Update status of Visit the warehouse' }));
    dialog = await screen.findByRole('dialog', { name: 'Update Task' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(to('PATCH', `/api/tasks/${done._id}`)).toHaveLength(1));
    expect(to('PATCH', `/api/tasks/${done._id}`)[0].body).toEqual({ status: 'completed' });
  });

  it("toasts 'Failed to update task' with the server's message", async () => {
    const { user } = await openMyTasks({ [`PATCH /api/tasks/${call._id}`]: () => fail(404, 'Task not found.') });
    await user.click(await screen.findByRole('button', { name: 'Update status of Call Ahmed back' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Update Task' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update task')).toBeInTheDocument();
    expect(screen.getByText('Task not found.')).toBeInTheDocument();
  });

  it("shows 'Failed to load tasks. Please try again later.' when the list fails", async () => {
    await openMyTasks({ 'GET /api/tasks/my': () => new Response('x', { status: 502 }) });
    expect((await screen.findAllByText('Failed to load tasks. Please try again later.')).length).toBeGreaterThan(0);
  });

  it('Retry after a failed load asks again and shows the tasks', async () => {
    let answers = 0;
    const { user, to } = await openMyTasks({ 'GET /api/tasks/my': () => (++answers === 1 ? new Response('x', { status: 502 }) : taskList([call])) });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent('Failed to load tasks. Please try again later.');
    await user.click(retry);
    expect(await screen.findByRole('article', { name: 'Call Ahmed back' })).toBeInTheDocument();
    expect(to('GET', '/api/tasks/my')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('sends an admin opening /my-tasks to the dashboard', async () => {
    const { to } = fakeCrmApi(adminUser, { 'GET /api/tasks/my': () => taskList([call]) });
    const { router } = renderApp('/my-tasks');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(to('GET', '/api/tasks/my')).toHaveLength(0);
  });
});
