import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../../test/fake-api';
import { ahmed, makeNote, openChat } from '../notes-testing';
import { fakeViewport, makeMessage } from '../testing';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

let restoreViewport: () => void;
beforeAll(() => {
  restoreViewport = fakeViewport();
});
afterAll(() => restoreViewport());

describe('private notes in Arabic', { timeout: 20_000 }, () => {
  it('draws notes and hand-over notes in Arabic', async () => {
    await openChat(arabicAdmin, {
      messages: [
        makeMessage({ body: 'هل الفستان الأزرق متوفر؟' }),
        makeNote({ body: 'تفضّل التوصيل بعد الخامسة', sentByName: 'سارة' }),
        makeNote({ body: 'Handed over to Omar Sales by Amira Admin', handOver: { to: 'عمر', by: 'أميرة', note: null } }),
      ],
    });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const notes = await waitFor(() => {
      const found = screen.getAllByTestId('message').filter((el) => el.dataset.kind === 'note');
      expect(found).toHaveLength(2);
      return found;
    });
    expect(within(notes[0]!).getByText('ملاحظة')).toBeInTheDocument();
    expect(within(notes[0]!).getByText('تفضّل التوصيل بعد الخامسة')).toBeInTheDocument();
    expect(within(notes[1]!).getByText('حُوِّلت المحادثة إلى عمر بواسطة أميرة')).toBeInTheDocument();
  });

  it('the note toggle and the mention list speak Arabic, and "@احمد" finds "أحمد علي"', async () => {
    const { user, to, chat } = await openChat(arabicAdmin, {
      handlers: { 'POST /api/messages/notes': (r) => ok(makeNote({ contactId: chat.contactId, body: (r.body as { body: string }).body })) },
    });
    await user.click(screen.getByRole('switch', { name: 'ملاحظة' }));
    expect(screen.getByText('الملاحظات يراها فريقك فقط ولا تُرسل إلى واتساب أبدًا.')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'نص الملاحظة' });
    expect(box).toHaveAttribute('placeholder', 'اكتب ملاحظة لفريقك… اكتب @ للإشارة إلى زميل');
    await user.type(box, 'اتصل بها @احمد');
    const list = await screen.findByRole('listbox', { name: 'زملاء للإشارة إليهم' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([ahmed.name]);
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'إضافة ملاحظة' }));
    await waitFor(() => expect(to('POST', '/api/messages/notes')).toHaveLength(1));
    expect(to('POST', '/api/messages/notes')[0]!.body).toEqual({ contactId: chat.contactId, body: 'اتصل بها @أحمد علي', mentions: [ahmed._id] });
  });
});
