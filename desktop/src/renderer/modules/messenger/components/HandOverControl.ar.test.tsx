import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, ok, salesUser } from '../../../test/fake-api';
import { ahmed, openChat } from '../notes-testing';
import { fakeViewport, makeChat, testId } from '../testing';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());

describe('handing a chat over in Arabic', { timeout: 20_000 }, () => {
  it('the dialog, its fields and the confirmation speak Arabic', async () => {
    const id = testId();
    const { user, to } = await openChat(arabicAdmin, {
      chat: makeChat({ _id: id, contactId: id, name: 'Mona Hassan', assignedTo: { _id: salesUser._id, name: salesUser.name } }),
      handlers: { [`POST /api/contacts/${id}/hand-over`]: () => ok({ contactId: id, assignedTo: { _id: ahmed._id, name: ahmed.name }, noteId: testId() }) },
    });
    await user.click(await screen.findByRole('button', { name: 'تحويل المحادثة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تحويل هذه المحادثة' });
    const target = within(dialog).getByRole('combobox', { name: 'تحويل إلى' });
    expect(target).toHaveAttribute('placeholder', 'اختر مندوب مبيعات');
    await user.click(target);
    await user.click(await screen.findByRole('option', { name: ahmed.name }));
    await user.type(within(dialog).getByRole('textbox', { name: 'ملاحظة لزميلك (اختيارية)' }), 'تريد اللون الأحمر');
    await user.click(within(dialog).getByRole('button', { name: 'تحويل' }));
    await waitFor(() => expect(to('POST', `/api/contacts/${id}/hand-over`)).toHaveLength(1));
    expect(to('POST', `/api/contacts/${id}/hand-over`)[0]!.body).toEqual({ toUserId: ahmed._id, note: 'تريد اللون الأحمر' });
    expect(await screen.findByText('حُوِّلت المحادثة إلى أحمد علي.')).toBeInTheDocument();
  });
});
