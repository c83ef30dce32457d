import { act, screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES } from '@crm/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../../test/fake-api';
import { catalogueText, inLanguage } from '../../../test/catalogue';
import { makeNote, openChat, omar, sara } from '../notes-testing';
import { fakeViewport, makeMessage } from '../testing';

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());

const noteBox = () => screen.getByRole('textbox', { name: 'Note text' });

describe('private notes in a chat', { timeout: 20_000 }, () => {
  it("draws a note apart: labelled 'Note' with its author; a hand-over note says who took it over", async () => {
    await openChat(adminUser, {
      messages: [
        makeMessage({ body: 'Is the blue dress available?' }),
        makeNote({ body: 'She prefers delivery after 5 pm', sentByName: 'Sara Sales' }),
        makeNote({ body: 'Handed over to Omar Sales by Amira Admin: call her back', handOver: { to: 'Omar Sales', by: 'Amira Admin', note: 'call her back' } }),
      ],
    });
    const notes = await waitFor(() => {
      const found = screen.getAllByTestId('message').filter((el) => el.dataset.kind === 'note');
      expect(found).toHaveLength(2);
      return found;
    });
    expect(within(notes[0]!).getByText('Note')).toBeInTheDocument();
    expect(within(notes[0]!).getByText('Sara Sales')).toBeInTheDocument();
    expect(within(notes[0]!).getByText('She prefers delivery after 5 pm')).toBeInTheDocument();
    expect(within(notes[1]!).getByText('Handed over to Omar Sales by Amira Admin')).toBeInTheDocument();
    expect(within(notes[1]!).getByText('call her back')).toBeInTheDocument();
    // the contact's message stays a plain bubble
    expect(screen.getAllByTestId('message').filter((el) => el.dataset.kind !== 'note')).toHaveLength(1);
  });

  it("the 'Note' toggle writes a note: '@' suggests colleagues, arrows and Enter pick one, Enter adds it with its mentions and nothing goes to WhatsApp", async () => {
    const { user, to, chat } = await openChat(adminUser, {
      handlers: { 'POST /api/messages/notes': (r) => ok(makeNote({ contactId: chat.contactId, body: (r.body as { body: string }).body })) },
    });
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Note' }));
    expect(screen.getByText('Notes are seen only by your team and are never sent to WhatsApp.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();

    await user.type(noteBox(), 'Please call her @s');
    const list = await screen.findByRole('listbox', { name: 'Colleagues to mention' });
    // active colleagues whose name holds the letters, never oneself or an inactive user
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Samir Sales', 'Sara Sales', 'Omar Sales']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(noteBox()).toHaveValue('Please call her @Sara Sales ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(noteBox(), 'and @om');
    await user.click(await screen.findByRole('option', { name: 'Omar Sales' }));
    await user.type(noteBox(), 'today{Enter}');

    await waitFor(() => expect(to('POST', '/api/messages/notes')).toHaveLength(1));
    expect(to('POST', '/api/messages/notes')[0]!.body).toEqual({ contactId: chat.contactId, body: 'Please call her @Sara Sales and @Omar Sales today', mentions: [sara._id, omar._id] });
    expect(to('POST', '/api/messages')).toHaveLength(0);
    expect(noteBox()).toHaveValue('');
    const drawn = await screen.findByText('Please call her @Sara Sales and @Omar Sales today');
    expect(drawn.closest('[data-kind="note"]')).not.toBeNull();
  });

  it('Escape closes the suggestions; a removed mention is not notified; turning the toggle off brings the message box back', async () => {
    const { user, to, chat } = await openChat(adminUser, {
      handlers: { 'POST /api/messages/notes': (r) => ok(makeNote({ contactId: chat.contactId, body: (r.body as { body: string }).body })) },
    });
    await user.click(screen.getByRole('switch', { name: 'Note' }));
    await user.type(noteBox(), '@sa');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.clear(noteBox());
    await user.type(noteBox(), '@sar');
    await user.keyboard('{Enter}');
    await user.clear(noteBox());
    await user.type(noteBox(), 'No mention after all');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(to('POST', '/api/messages/notes')).toHaveLength(1));
    expect(to('POST', '/api/messages/notes')[0]!.body).toMatchObject({ body: 'No mention after all', mentions: [] });

    await user.click(screen.getByRole('switch', { name: 'Note' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('a note pushed by a colleague appears in the open chat, drawn as a note', async () => {
    const { socket, chat } = await openChat(adminUser);
    act(() => socket.serverEmit('msg:new', { ...makeNote({ contactId: chat.contactId, body: 'Check her last order', sentByName: 'Omar Sales' }), chat: null }));
    const drawn = await screen.findByText('Check her last order');
    expect(drawn.closest('[data-kind="note"]')).not.toBeNull();
  });

  // One run per language (the Arabic copy only repeated it): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string>) => catalogueText(language, `messenger:notes.${key}`, values);

    it('draws notes, and a hand-over note worded from who gave and who took the chat, in the language', async () => {
      await openChat(inLanguage(adminUser, language), {
        messages: [
          makeMessage({ body: 'هل الفستان الأزرق متوفر؟' }),
          makeNote({ body: 'تفضّل التوصيل بعد الخامسة', sentByName: 'سارة' }),
          makeNote({ body: 'Handed over to Omar Sales by Amira Admin', handOver: { to: 'عمر', by: 'أميرة', note: null } }),
        ],
      });
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const notes = await waitFor(() => {
        const found = screen.getAllByTestId('message').filter((el) => el.dataset.kind === 'note');
        expect(found).toHaveLength(2);
        return found;
      });
      expect(within(notes[0]!).getByText(text('label'))).toBeInTheDocument();
      expect(within(notes[0]!).getByText('تفضّل التوصيل بعد الخامسة')).toBeInTheDocument();
      expect(within(notes[1]!).getByText(text('handedOver', { to: 'عمر', by: 'أميرة' }))).toBeInTheDocument();
    });

    it('the note toggle says who sees notes, and the box and mention list are named in the language', async () => {
      const { user } = await openChat(inLanguage(adminUser, language));
      await user.click(screen.getByRole('switch', { name: text('toggle') }));
      expect(screen.getByText(text('toggleHelp'))).toBeInTheDocument();
      const box = screen.getByRole('textbox', { name: text('box') });
      expect(box).toHaveAttribute('placeholder', text('placeholder'));
      await user.type(box, '@');
      expect(await screen.findByRole('listbox', { name: text('mentionList') })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: text('add') })).toBeInTheDocument();
    });
  });
});
