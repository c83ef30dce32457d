import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../../test/fake-api';
import { catalogueText, inLanguage } from '../../../test/catalogue';
import { ahmed, makeNote, openChat } from '../notes-testing';
import { fakeViewport } from '../testing';

const ar = (key: string) => catalogueText('ar', `messenger:notes.${key}`);

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());

/**
 * What only Arabic does in notes: a mention typed without the hamza finds the colleague whose name
 * has it. The rest runs in both languages in NoteComposer.test.tsx.
 */
describe('private notes in Arabic', { timeout: 20_000 }, () => {
  it('"@احمد" finds "أحمد علي" and the note is sent with the name as written', async () => {
    const { user, to, chat } = await openChat(inLanguage(adminUser, 'ar'), {
      handlers: { 'POST /api/messages/notes': (r) => ok(makeNote({ contactId: chat.contactId, body: (r.body as { body: string }).body })) },
    });
    await user.click(screen.getByRole('switch', { name: ar('toggle') }));
    await user.type(screen.getByRole('textbox', { name: ar('box') }), 'اتصل بها @احمد');
    const list = await screen.findByRole('listbox', { name: ar('mentionList') });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([ahmed.name]);
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: ar('add') }));
    await waitFor(() => expect(to('POST', '/api/messages/notes')).toHaveLength(1));
    expect(to('POST', '/api/messages/notes')[0]!.body).toEqual({ contactId: chat.contactId, body: 'اتصل بها @أحمد علي', mentions: [ahmed._id] });
  });
});
