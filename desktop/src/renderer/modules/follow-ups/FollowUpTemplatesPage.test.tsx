import { screen, waitFor, within } from '@testing-library/react';
import { FOLLOW_UP_TEXTS, LANGUAGES } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, json, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage, languageOf } from '../../test/catalogue';
import { fakeFollowUpsApi, makeTemplate, type FakeHandler } from './testing';

const LONG = 'We have just received the new summer collection, come and see it before it sells out';

async function openScreen(templates = [makeTemplate()], user = adminUser, handlers: Record<string, FakeHandler> = {}) {
  const api = fakeFollowUpsApi(user, { 'GET /api/follow-up-templates': () => ok({ items: templates, total: templates.length }), ...handlers });
  const view = renderApp('/follow-up-templates');
  await screen.findByRole('heading', { level: 1, name: catalogueText(languageOf(user), 'followups:title') });
  return { ...view, ...api };
}

const card = (name: string) => screen.getByRole('article', { name });
const stepFields = () => screen.getAllByRole('group', { name: /^Step \d$/ });

// typing-heavy dialogs on a shared 2-core machine: more room than the 5 s default
describe('Follow-up Templates screen', { timeout: 15_000 }, () => {
  it("labels admins' templates 'Team' and others 'Personal', and cuts message previews at 50 characters", async () => {
    await openScreen([
      makeTemplate({ name: 'Team one', messages: [{ delay: 24, message: LONG }] }),
      makeTemplate({ name: 'Mine', createdBy: { _id: salesUser._id, name: salesUser.name, role: 'sales' }, messages: [{ delay: 2, message: 'Short one' }] }),
    ]);
    await screen.findByRole('article', { name: 'Team one' });
    expect(screen.queryByText('This screen is coming soon.')).not.toBeInTheDocument();
    expect(within(card('Team one')).getByText('Team')).toBeInTheDocument();
    expect(within(card('Mine')).getByText('Personal')).toBeInTheDocument();
    expect(within(card('Team one')).getByTestId('step-preview')).toHaveTextContent(`${LONG.slice(0, 50)}...`);
    expect(within(card('Mine')).getByTestId('step-preview')).toHaveTextContent(/^Short one$/);
    expect(within(card('Team one')).getByText('24 h')).toBeInTheDocument();
  });

  it('shows a sales user Edit and Delete only on the templates they created', async () => {
    await openScreen(
      [makeTemplate({ name: 'Team one', canEdit: false }), makeTemplate({ name: 'Mine', canEdit: true, createdBy: { _id: salesUser._id, name: salesUser.name, role: 'sales' } })],
      salesUser,
    );
    await screen.findByRole('article', { name: 'Mine' });
    expect(within(card('Team one')).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(within(card('Mine')).getByRole('button', { name: 'Edit Mine' })).toBeInTheDocument();
    expect(within(card('Mine')).getByRole('button', { name: 'Delete Mine' })).toBeInTheDocument();
  });

  // One run per language (the Arabic copy of this test only repeated it): texts from each catalogue.
  it.for(LANGUAGES)('says in %s that there are no follow-up templates', async (language) => {
    fakeFollowUpsApi(inLanguage(adminUser, language), { 'GET /api/follow-up-templates': () => ok({ items: [], total: 0 }) });
    renderApp('/follow-up-templates');
    await screen.findByRole('heading', { level: 1, name: catalogueText(language, 'followups:title') });
    expect(await screen.findByText(catalogueText(language, 'followups:rules.empty'))).toBeInTheDocument();
  });

  it("shows 'Failed to load templates.', or the server's text", async () => {
    fakeFollowUpsApi(adminUser, { 'GET /api/follow-up-templates': () => json(500, { ok: false }) });
    const first = renderApp('/follow-up-templates');
    expect(await screen.findByText(FOLLOW_UP_TEXTS.loadFailed)).toBeInTheDocument();
    first.unmount();

    fakeFollowUpsApi(adminUser, { 'GET /api/follow-up-templates': () => fail(503, 'Database unavailable') });
    renderApp('/follow-up-templates');
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });

  it('the dialog: a new step is 24 hours, Add Step is hidden at 5, the last step cannot be removed', async () => {
    const { user } = await openScreen([]);
    await user.click(screen.getByRole('button', { name: 'New Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Follow-up Template' });
    expect(stepFields()).toHaveLength(1);
    expect(within(dialog).getByLabelText(/^Step 1 delay \(hours\)/)).toHaveValue('24');
    expect(within(dialog).queryByRole('button', { name: /^Remove step/ })).not.toBeInTheDocument();

    for (let n = 2; n <= 5; n++) {
      await user.click(within(dialog).getByRole('button', { name: 'Add Step' }));
      expect(stepFields()).toHaveLength(n);
      expect(within(dialog).getByLabelText(new RegExp(`^Step ${n} delay \\(hours\\)`))).toHaveValue('24');
    }
    expect(within(dialog).queryByRole('button', { name: 'Add Step' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove step 3' }));
    expect(stepFields()).toHaveLength(4);
    expect(within(dialog).getByRole('button', { name: 'Add Step' })).toBeInTheDocument();
    for (let n = 4; n > 1; n--) await user.click(within(dialog).getByRole('button', { name: `Remove step ${n}` }));
    expect(stepFields()).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: /^Remove step/ })).not.toBeInTheDocument();
  });

  it('checks the form with the spec texts before saving', async () => {
    const { user, to } = await openScreen([]);
    await user.click(screen.getByRole('button', { name: 'New Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Follow-up Template' });
    const save = () => user.click(within(dialog).getByRole('button', { name: 'Save Template' }));

    await save();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(FOLLOW_UP_TEXTS.nameRequired);

    await user.type(within(dialog).getByLabelText(/^Template name/), 'Warm lead');
    await save();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(FOLLOW_UP_TEXTS.stepsRequired);

    await user.type(within(dialog).getByLabelText(/^Step 1 message/), 'Hi {{name}}');
    await user.clear(within(dialog).getByLabelText(/^Step 1 delay/));
    await save();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(FOLLOW_UP_TEXTS.stepsRequired);
    expect(to('POST', '/api/follow-up-templates')).toHaveLength(0);
  });

  it("creates a template, and shows the server's text (else the catalogue's) when saving fails", async () => {
    let answer: Response = fail(400, 'Template name is required.');
    const created = makeTemplate({
      name: 'Warm lead',
      messages: [
        { delay: 24, message: 'Hi {{name}}' },
        { delay: 3, message: 'Still there?' },
      ],
    });
    const { user, to } = await openScreen([], adminUser, { 'POST /api/follow-up-templates': () => answer });
    await user.click(screen.getByRole('button', { name: 'New Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Follow-up Template' });
    await user.type(within(dialog).getByLabelText(/^Template name/), 'Warm lead');
    await user.type(within(dialog).getByLabelText(/^Step 1 message/), 'Hi {{{{name}}');
    await user.click(within(dialog).getByRole('button', { name: 'Add Step' }));
    await user.type(within(dialog).getByLabelText(/^Step 2 message/), 'Still there?');
    const delay = within(dialog).getByLabelText(/^Step 2 delay/);
    await user.clear(delay);
    await user.type(delay, '3');

    await user.click(within(dialog).getByRole('button', { name: 'Save Template' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Template name is required.');

    answer = json(500, { ok: false });
    await user.click(within(dialog).getByRole('button', { name: 'Save Template' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(FOLLOW_UP_TEXTS.saveFailed));

    answer = json(201, { ok: true, data: created });
    await user.click(within(dialog).getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByRole('article', { name: 'Warm lead' })).toBeInTheDocument();
    expect(to('POST', '/api/follow-up-templates').at(-1)?.body).toEqual({
      name: 'Warm lead',
      messages: [
        { delay: 24, message: 'Hi {{name}}' },
        { delay: 3, message: 'Still there?' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Follow-up Template' })).not.toBeInTheDocument());
  });

  it('on the official WhatsApp API the dialog names the WhatsApp template sent outside the 24-hour window', async () => {
    const created = makeTemplate({ name: 'Win back', whatsappTemplate: { name: 'we_miss_you', language: 'en_US' } });
    const { user, to } = await openScreen([], adminUser, {
      'POST /api/follow-up-templates': () => json(201, { ok: true, data: created }),
      'GET /api/whatsapp/cloud/templates': () =>
        ok({
          items: [
            {
              _id: 't1',
              name: 'we_miss_you',
              language: 'en_US',
              category: 'MARKETING',
              status: 'APPROVED',
              body: 'Hi {{1}}',
              bodyParamCount: 1,
              header: null,
              buttons: [],
              syncedAt: '2026-11-26T02:00:00.000Z',
            },
          ],
          total: 1,
        }),
    });
    await user.click(screen.getByRole('button', { name: 'New Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Follow-up Template' });
    await user.type(within(dialog).getByLabelText(/^Template name/), 'Win back');
    await user.type(within(dialog).getByLabelText(/^Step 1 message/), 'Still interested?');
    await user.click(await within(dialog).findByLabelText('WhatsApp template outside the 24-hour window', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'we_miss_you · en_US' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByRole('article', { name: 'Win back' })).toBeInTheDocument();
    expect(to('POST', '/api/follow-up-templates')[0].body).toEqual({
      name: 'Win back',
      messages: [{ delay: 24, message: 'Still interested?' }],
      whatsappTemplate: { name: 'we_miss_you', language: 'en_US' },
    });
  });

  it('edits a template with PUT', async () => {
    const template = makeTemplate({ name: 'Old name' });
    const { user, to } = await openScreen([template], adminUser, {
      [`PUT /api/follow-up-templates/${template._id}`]: ({ body }) => ok({ ...template, ...(body as object) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Old name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Follow-up Template' });
    expect(stepFields()).toHaveLength(2);
    const name = within(dialog).getByLabelText(/^Template name/);
    await user.clear(name);
    await user.type(name, 'New name');
    await user.click(within(dialog).getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByRole('article', { name: 'New name' })).toBeInTheDocument();
    expect(to('PUT', `/api/follow-up-templates/${template._id}`)[0].body).toEqual({ name: 'New name', messages: template.messages });
  });

  it("deletes after a confirmation that it cannot be undone; a failure says 'Could not delete the template.'", async () => {
    const template = makeTemplate({ name: 'Doomed' });
    let answer: Response = json(500, { ok: false });
    const { user, to } = await openScreen([template], adminUser, { [`DELETE /api/follow-up-templates/${template._id}`]: () => answer });
    await user.click(await screen.findByRole('button', { name: 'Delete Doomed' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete template' });
    expect(confirm).toHaveTextContent('cannot be undone');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(FOLLOW_UP_TEXTS.deleteFailed)).toBeInTheDocument();
    expect(card('Doomed')).toBeInTheDocument();

    answer = ok({ message: 'Template deleted.' });
    await user.click(screen.getByRole('button', { name: 'Delete Doomed' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete template' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Doomed' })).not.toBeInTheDocument());
    expect(to('DELETE', `/api/follow-up-templates/${template._id}`)).toHaveLength(2);
  });

  // One run per language (the Arabic copy only repeated it): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string | number>) => catalogueText(language, `followups:${key}`, values);

    it('shows the cards, the form and its rule, and the delete confirmation in the language, in its direction', async () => {
      const interested = makeTemplate({ name: 'عميل مهتم' });
      const { user } = await openScreen([interested], inLanguage(adminUser, language));
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const shown = await screen.findByRole('article', { name: interested.name });
      expect(within(shown).getByText(text('labels.team'))).toBeInTheDocument();
      expect(within(shown).getByText(text('delayHours', { hours: 24 }))).toBeInTheDocument();
      expect(within(shown).getByRole('button', { name: text('card.editLabel', { name: interested.name }) })).toBeInTheDocument();

      await user.click(within(shown).getByRole('button', { name: text('card.deleteLabel', { name: interested.name }) }));
      const confirm = await screen.findByRole('dialog', { name: text('confirmDelete.title') });
      expect(confirm).toHaveTextContent(text('confirmDelete.text', { name: interested.name }));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(screen.getByRole('button', { name: text('newTemplate') }));
      const dialog = await screen.findByRole('dialog', { name: text('form.newTitle') });
      expect(within(dialog).getByRole('group', { name: text('form.step', { n: 1 }) })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: text('form.save') }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(text('rules.nameRequired'));
    });
  });
});
