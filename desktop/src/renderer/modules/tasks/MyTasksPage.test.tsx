import { screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES, type Language } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, json, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';
import { comment, makeTask, taskList } from './testing';

const call = makeTask({ comments: [comment('First note'), comment('Second note'), comment('Third note', salesUser.name)] });
const done = makeTask({ title: 'Visit the warehouse', status: 'completed', description: 'Short', dueDate: null });

async function openMyTasks(handlers: Record<string, CrmHandler> = {}, language: Language = 'en') {
  const api = fakeCrmApi(inLanguage(salesUser, language), { 'GET /api/tasks/my': () => taskList([call, done]), ...handlers });
  const view = renderApp('/my-tasks');
  await screen.findByRole('heading', { name: catalogueText(language, 'tasks:my.title'), level: 1 });
  return { ...view, ...api };
}

describe('My Tasks', { timeout: 20_000 }, () => {
  // One run per language (the Arabic copy of these tests only repeated them): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string>) => catalogueText(language, key, values);

    it('splits pending and completed; cards show the status, the last two comments and cut descriptions at 40 characters', async () => {
      await openMyTasks({}, language);
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const pending = await screen.findByRole('region', { name: text('tasks:my.pending') });
      const card = within(pending).getByRole('article', { name: 'Call Ahmed back' });
      expect(card).toHaveTextContent('About the blue sofa he asked for last we...');
      expect(card).not.toHaveTextContent('Nasr City');
      expect(card).not.toHaveTextContent('First note');
      expect(card).toHaveTextContent('Second note');
      expect(card).toHaveTextContent('Third note');
      expect(card).toHaveTextContent(text('tasks:status.pending'));
      expect(within(card).getByRole('button', { name: text('tasks:my.updateLabel', { title: 'Call Ahmed back' }) })).toHaveTextContent(text('tasks:my.update'));
      const completed = screen.getByRole('region', { name: text('tasks:my.completed') });
      const finished = within(completed).getByRole('article', { name: 'Visit the warehouse' });
      expect(finished).toHaveTextContent(text('tasks:status.completed'));
      expect(finished).toHaveTextContent(text('tasks:noDueDate'));
    });

    it('requires a title, then words a refused due date by its code under the create failure', async () => {
      const { user, to } = await openMyTasks(
        { 'POST /api/tasks/my': () => json(400, { ok: false, error: 'The due date cannot be earlier than today.', code: 'task.due_date_past', field: 'dueDate' }) },
        language,
      );
      await user.click(screen.getByRole('button', { name: text('tasks:my.add') }));
      const dialog = await screen.findByRole('dialog', { name: text('tasks:form.createTitle') });
      await user.click(within(dialog).getByRole('button', { name: text('tasks:form.create') }));
      expect(await within(dialog).findByText(text('tasks:form.titleRequired'))).toBeInTheDocument();
      expect(to('POST', '/api/tasks/my')).toHaveLength(0);
      await user.type(within(dialog).getByRole('textbox', { name: new RegExp(text('tasks:form.title')) }), 'Late');
      await user.click(within(dialog).getByRole('button', { name: text('tasks:form.create') }));
      expect(await screen.findByText(text('tasks:createFailed'))).toBeInTheDocument();
      expect(screen.getByText(text('errors:task.due_date_past'))).toBeInTheDocument();
    });

    it('completes a task with a comment from the update-status modal and toasts it; a blank comment is not sent', async () => {
      const { user, to } = await openMyTasks({ [`PATCH /api/tasks/${call._id}`]: () => ok({ ...call, status: 'completed' }) }, language);
      await user.click(await screen.findByRole('button', { name: text('tasks:my.updateLabel', { title: 'Call Ahmed back' }) }));
      let dialog = await screen.findByRole('dialog', { name: text('tasks:form.updateTitle') });
      await user.click(within(dialog).getByLabelText(text('tasks:form.status'), { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: text('tasks:status.completed') }));
      await user.type(within(dialog).getByRole('textbox', { name: text('tasks:form.comment') }), '  Called, pays Sunday ');
      await user.click(within(dialog).getByRole('button', { name: text('tasks:form.save') }));
      expect(await screen.findByText(text('tasks:updatedToast'))).toBeInTheDocument();
      expect(to('PATCH', `/api/tasks/${call._id}`)[0].body).toEqual({ status: 'completed', comment: 'Called, pays Sunday' });

      await user.click(await screen.findByRole('button', { name: text('tasks:my.updateLabel', { title: 'Visit the warehouse' }) }));
      dialog = await screen.findByRole('dialog', { name: text('tasks:form.updateTitle') });
      await user.type(within(dialog).getByRole('textbox', { name: text('tasks:form.comment') }), '   ');
      await user.click(within(dialog).getByRole('button', { name: text('tasks:form.save') }));
      await waitFor(() => expect(to('PATCH', `/api/tasks/${done._id}`)).toHaveLength(1));
      expect(to('PATCH', `/api/tasks/${done._id}`)[0].body).toEqual({ status: 'completed' });
    });
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
