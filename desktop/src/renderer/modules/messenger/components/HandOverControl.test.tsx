import { LANGUAGES, type Chat } from '@crm/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, json, ok, salesUser } from '../../../test/fake-api';
import { catalogueText, inLanguage } from '../../../test/catalogue';
import { ahmed, companyUsers, omar, openChat, sara } from '../notes-testing';
import { fakeViewport, makeChat, testId } from '../testing';

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());

const rep = { ...salesUser, role: 'sales' as const };
const settings = (repsMayHandOver: boolean) => () => ok({ settings: { leadDistributionStrategy: 'round-robin', skipOfflineReps: false, repsMayHandOver } });
const handOverButton = () => screen.queryByRole('button', { name: 'Hand over' });

/** A chat of the rep whose summary the test can change (the server's answer after a hand-over). */
function repsChat() {
  const id = testId();
  let current: Chat = makeChat({ _id: id, contactId: id, name: 'Mona Hassan', assignedTo: { _id: rep._id, name: rep.name } });
  return { id, get: () => ok(current), set: (chat: Partial<Chat>) => (current = { ...current, ...chat }), current: () => current };
}

describe('handing a chat over', { timeout: 20_000 }, () => {
  it('an admin hands the chat to another active rep with a note; the header then names the new rep', async () => {
    const chat = repsChat();
    const { user, to } = await openChat(adminUser, {
      chat: chat.current(),
      handlers: {
        [`GET /api/chats/${chat.id}`]: chat.get,
        [`POST /api/contacts/${chat.id}/hand-over`]: () => {
          chat.set({ assignedTo: { _id: omar._id, name: omar.name } });
          return ok({ contactId: chat.id, assignedTo: { _id: omar._id, name: omar.name }, noteId: testId() });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Hand over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand this chat over' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Hand over to' }));
    // active sales users other than the current assignee: no admin, no inactive rep
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([sara.name, omar.name, ahmed.name]);
    await user.click(screen.getByRole('option', { name: omar.name }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note for your colleague (optional)' }), 'She wants the red one');
    await user.click(within(dialog).getByRole('button', { name: 'Hand over' }));

    await waitFor(() => expect(to('POST', `/api/contacts/${chat.id}/hand-over`)).toHaveLength(1));
    expect(to('POST', `/api/contacts/${chat.id}/hand-over`)[0]!.body).toEqual({ toUserId: omar._id, note: 'She wants the red one' });
    expect(await screen.findByText('The chat was handed over to Omar Sales.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const header = screen.getByRole('heading', { name: 'Mona Hassan', level: 2 }).closest('header')!;
    await waitFor(() => expect(within(header).getByText(omar.name)).toBeInTheDocument());
  });

  it('says the sales users could not be loaded (not "no one to hand over to"), and Retry offers them', async () => {
    const chat = repsChat();
    let answer = () => json(500, { ok: false, error: 'Users are unavailable' });
    const { user } = await openChat(adminUser, { chat: chat.current(), handlers: { [`GET /api/chats/${chat.id}`]: chat.get, 'GET /api/auth/users': () => answer() } });
    await user.click(await screen.findByRole('button', { name: 'Hand over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand this chat over' });
    expect(await within(dialog).findByText('Users are unavailable')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Hand over to' })).toBeDisabled();
    answer = () => ok(companyUsers);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Hand over to' })).toBeEnabled());
    expect(within(dialog).queryByText('Users are unavailable')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Hand over to' }));
    expect(await screen.findByRole('option', { name: omar.name })).toBeInTheDocument();
  });

  it("a rep sees 'Hand over' on their own chat only when the company allows it", async () => {
    const chat = repsChat();
    const { to } = await openChat(rep, { chat: chat.current(), handlers: { 'GET /api/auth/tenant/settings': settings(false) } });
    await waitFor(() => expect(to('GET', '/api/auth/tenant/settings')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(handOverButton()).not.toBeInTheDocument();

    const allowed = repsChat();
    await openChat(rep, { chat: allowed.current(), handlers: { 'GET /api/auth/tenant/settings': settings(true) } });
    expect(await screen.findByRole('button', { name: 'Hand over' })).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog, in words", async () => {
    const chat = repsChat();
    const { user } = await openChat(rep, {
      chat: chat.current(),
      handlers: {
        'GET /api/auth/tenant/settings': settings(true),
        [`POST /api/contacts/${chat.id}/hand-over`]: () => json(403, { ok: false, error: 'Your company lets only admins hand chats over.', code: 'contact.hand_over_refused' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Hand over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand this chat over' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Hand over to' }));
    await user.click(await screen.findByRole('option', { name: sara.name }));
    await user.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await within(dialog).findByText('Your company lets only admins hand chats over.')).toBeInTheDocument();
  });

  it('a rep who hands their own chat over leaves it, with one line saying to whom', async () => {
    const chat = repsChat();
    const { user, router } = await openChat(rep, {
      chat: chat.current(),
      handlers: {
        'GET /api/auth/tenant/settings': settings(true),
        [`POST /api/contacts/${chat.id}/hand-over`]: () => ok({ contactId: chat.id, assignedTo: { _id: sara._id, name: sara.name }, noteId: testId() }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Hand over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand this chat over' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Hand over to' }));
    await user.click(await screen.findByRole('option', { name: sara.name }));
    await user.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByText('The chat was handed over to Sara Sales.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('This chat was handed over to Sara Sales.')).not.toBeInTheDocument();
  });

  it('a rep whose open chat an admin hands away is told and leaves it, live', async () => {
    const chat = repsChat();
    const { socket, router } = await openChat(rep, { chat: chat.current(), handlers: { 'GET /api/auth/tenant/settings': settings(false) } });
    await screen.findByRole('switch', { name: 'Note' });
    act(() => socket.serverEmit('chat:update', { ...chat.current(), assignedTo: { _id: omar._id, name: omar.name } }));
    expect(await screen.findByText('This chat was handed over to Omar Sales.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/whatsapp');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Mona Hassan', level: 2 })).not.toBeInTheDocument());
  });

  // One run per language (the Arabic copy only repeated it): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string>) => catalogueText(language, `messenger:handOver.${key}`, values);

    it('the dialog, its fields and the confirmation speak the language', async () => {
      const id = testId();
      const { user, to } = await openChat(inLanguage(adminUser, language), {
        chat: makeChat({ _id: id, contactId: id, name: 'Mona Hassan', assignedTo: { _id: salesUser._id, name: salesUser.name } }),
        handlers: { [`POST /api/contacts/${id}/hand-over`]: () => ok({ contactId: id, assignedTo: { _id: ahmed._id, name: ahmed.name }, noteId: testId() }) },
      });
      await user.click(await screen.findByRole('button', { name: text('button') }));
      const dialog = await screen.findByRole('dialog', { name: text('title') });
      const target = within(dialog).getByRole('combobox', { name: text('to') });
      expect(target).toHaveAttribute('placeholder', text('toPlaceholder'));
      await user.click(target);
      await user.click(await screen.findByRole('option', { name: ahmed.name }));
      await user.type(within(dialog).getByRole('textbox', { name: text('note') }), 'تريد اللون الأحمر');
      await user.click(within(dialog).getByRole('button', { name: text('submit') }));
      await waitFor(() => expect(to('POST', `/api/contacts/${id}/hand-over`)).toHaveLength(1));
      expect(to('POST', `/api/contacts/${id}/hand-over`)[0]!.body).toEqual({ toUserId: ahmed._id, note: 'تريد اللون الأحمر' });
      expect(await screen.findByText(text('done', { name: ahmed.name }))).toBeInTheDocument();
    });
  });
});
