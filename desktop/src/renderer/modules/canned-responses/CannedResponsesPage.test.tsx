import { LANGUAGES, type CannedResponse, type CannedResponseInput, type Language } from '@crm/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, ok } from '../../test/fake-api';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { renderApp } from '../../test/render-app';
import { fakeMessengerApi, messengerTestSetup, renderWithApp, testId } from '../messenger/testing';
import { CannedResponsesPage } from './CannedResponsesPage';

const response = (overrides: Partial<CannedResponse> = {}): CannedResponse => ({
  _id: testId(),
  title: 'Shipping',
  text: 'Shipping takes 2-3 days.',
  createdBy: adminUser._id,
  canEdit: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

function setup(items: CannedResponse[], handlers: Parameters<typeof fakeMessengerApi>[1] = {}) {
  messengerTestSetup(adminUser);
  const api = fakeMessengerApi(adminUser, { 'GET /api/canned-responses': () => ok({ items, total: items.length }), ...handlers });
  return { ...renderWithApp(<CannedResponsesPage />, '/canned-responses'), api };
}

describe('Canned Responses manager', () => {
  it('lists the responses as cards, with Edit and Delete only where allowed', async () => {
    setup([response(), response({ title: 'Returns', text: 'Returns within 14 days.', canEdit: false })]);
    expect(await screen.findByRole('heading', { name: 'Canned Responses', level: 1 })).toBeInTheDocument();
    const shipping = await screen.findByRole('listitem', { name: 'Shipping' });
    expect(within(shipping).getByText('Shipping takes 2-3 days.')).toBeInTheDocument();
    expect(within(shipping).getByRole('button', { name: 'Edit Shipping' })).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Returns' })).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the blanks a response may hold and puts one at the cursor of the text with a click', async () => {
    const { api, user } = setup([], {
      'POST /api/canned-responses': ({ body }) => ok(response({ ...(body as CannedResponseInput) })),
    });
    await screen.findByText('No canned responses yet.');
    expect(screen.getByText('Blanks filled in when the response is inserted')).toBeInTheDocument();
    expect(screen.getByText('the contact’s name (a polite word when unknown)')).toBeInTheDocument();
    expect(screen.getByText('your name')).toBeInTheDocument();
    expect(screen.getByText('the company’s name')).toBeInTheDocument();
    expect(screen.getByText('the first product of the contact’s deal (left out when there is none)')).toBeInTheDocument();
    expect(screen.getByText('Type / in a chat’s message box to pick a response by its title.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Greeting');
    const text = screen.getByRole('textbox', { name: 'Response Text' });
    await user.type(text, 'Hi , how is your ?');
    (text as HTMLTextAreaElement).setSelectionRange(3, 3);
    await user.click(screen.getByRole('button', { name: 'Add {name} to the text' }));
    await waitFor(() => expect(text).toHaveValue('Hi {name}, how is your ?'));
    // The cursor lands after the blank on the next frame; wait for it before moving it ourselves.
    await waitFor(() => expect((text as HTMLTextAreaElement).selectionStart).toBe('Hi {name}'.length));
    const question = (text as HTMLTextAreaElement).value.indexOf('?');
    (text as HTMLTextAreaElement).setSelectionRange(question, question);
    await user.click(screen.getByRole('button', { name: 'Add {product} to the text' }));
    await waitFor(() => expect(text).toHaveValue('Hi {name}, how is your {product}?'));
    await user.click(screen.getByRole('button', { name: 'Add Response' }));
    await waitFor(() => expect(api.to('POST', '/api/canned-responses').map((r) => r.body)).toEqual([{ title: 'Greeting', text: 'Hi {name}, how is your {product}?' }]));
  });

  it("refuses a blank title or text with 'Title and text are required.'", async () => {
    const { api, user } = setup([]);
    await screen.findByText('No canned responses yet.');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Greeting');
    await user.type(screen.getByRole('textbox', { name: 'Response Text' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Response' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Title and text are required.');
    expect(api.to('POST', '/api/canned-responses')).toHaveLength(0);
  });

  it('adds a response (trimmed) and shows it', async () => {
    const { api, user } = setup([], {
      'POST /api/canned-responses': ({ body }) => ok(response({ ...(body as CannedResponseInput) })),
    });
    await screen.findByText('No canned responses yet.');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '  Greeting ');
    await user.type(screen.getByRole('textbox', { name: 'Response Text' }), 'Welcome to our shop!');
    await user.click(screen.getByRole('button', { name: 'Add Response' }));
    expect(await screen.findByRole('listitem', { name: 'Greeting' })).toBeInTheDocument();
    expect(api.to('POST', '/api/canned-responses')[0]!.body).toEqual({ title: 'Greeting', text: 'Welcome to our shop!' });
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });

  it("edits a response in the same form, and shows 'Error saving response: …' when saving fails", async () => {
    const item = response();
    let refuse = true;
    const { user } = setup([item], {
      [`PATCH /api/canned-responses/${item._id}`]: ({ body }) => (refuse ? fail(403, 'You can change only your own responses.') : ok({ ...item, ...(body as CannedResponseInput) })),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Shipping' }));
    expect(screen.getByRole('heading', { name: 'Edit Response' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Shipping');
    await user.clear(screen.getByRole('textbox', { name: 'Response Text' }));
    await user.type(screen.getByRole('textbox', { name: 'Response Text' }), 'Shipping takes one day.');
    await user.click(screen.getByRole('button', { name: 'Update Response' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error saving response: You can change only your own responses.');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Update Response' }));
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Shipping' })).getByText('Shipping takes one day.')).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Add Response' })).toBeInTheDocument();
  });

  it("deletes after confirmation, and shows 'Error deleting response: …' on failure", async () => {
    const item = response();
    let refuse = true;
    const { user } = setup([item], {
      [`DELETE /api/canned-responses/${item._id}`]: () => (refuse ? fail(500, 'Database unavailable') : ok({ message: 'Deleted' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Shipping' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete canned response' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting response: Database unavailable')).toBeInTheDocument();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Delete Shipping' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete canned response' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Shipping' })).not.toBeInTheDocument());
  });

  // One run per language (the Arabic copy only repeated these): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string>) => catalogueText(language, `canned:${key}`, values);

    async function openIn(lang: Language) {
      messengerTestSetup(null);
      localStorage.setItem('token', 'token-of-admin');
      fakeMessengerApi(inLanguage(adminUser, lang), { 'GET /api/canned-responses': () => ok({ items: [], total: 0 }) });
      const view = renderApp('/canned-responses');
      await screen.findByRole('heading', { name: text('title'), level: 1 });
      return view;
    }

    it('shows the form, the empty text and the required rule in the language and its direction', { timeout: 15_000 }, async () => {
      const { user } = await openIn(language);
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      expect(await screen.findByText(text('empty'))).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: text('form.addHeading'), level: 2 })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: text('form.title') })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: text('form.text') })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: text('form.add') }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text('required'));
    });

    it('explains the blanks in the language, the blanks themselves kept as typed', { timeout: 15_000 }, async () => {
      const { user } = await openIn(language);
      expect(await screen.findByText(text('blanks.title'))).toBeInTheDocument();
      for (const blank of ['name', 'agent', 'company', 'product', 'hint']) expect(screen.getByText(text(`blanks.${blank}`))).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: text('form.text') }), 'أهلاً ');
      await user.click(screen.getByRole('button', { name: text('blanks.insert', { blank: '{name}' }) }));
      expect(screen.getByRole('textbox', { name: text('form.text') })).toHaveValue('أهلاً {name}');
    });
  });
});
