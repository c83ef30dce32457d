import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { fakeCrmApi } from '../../test/fake-crm-api';
import { renderApp } from '../../test/render-app';
import { list, makeContact } from '../contacts/testing/make-contact';
import { labelsList, makeLabel } from './testing/make-label';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
const vip = makeLabel('عميل مميز', '#e03131');
const wholesale = makeLabel('جملة', '#1971c2');

/** The labels manager, chips, filter and bulk action in Arabic, right to left. */
describe('Labels in Arabic', { timeout: 20_000 }, () => {
  it('manages labels in Arabic and words a taken name by its code', async () => {
    fakeCrmApi(arabicAdmin, {
      'GET /api/labels': labelsList([vip]),
      'POST /api/labels': () => json(409, { ok: false, error: 'A label with this name already exists.', code: 'label.name_taken' }),
    });
    const { user } = renderApp('/settings/labels');
    await screen.findByRole('heading', { name: 'التصنيفات', level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(await within(screen.getByRole('table', { name: 'التصنيفات' })).findByText('عميل مميز')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'إضافة تصنيف' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة تصنيف' });
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText('اسم التصنيف مطلوب.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'الاسم' }), 'عميل مميز');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('يوجد تصنيف بهذا الاسم بالفعل.');
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));

    await user.click(screen.getByRole('button', { name: 'حذف عميل مميز' }));
    expect(await screen.findByRole('dialog', { name: 'حذف التصنيف' })).toHaveTextContent('هل تريد حذف التصنيف «عميل مميز»؟ سيُزال من كل جهة اتصال تحمله.');
  });

  it('shows chips on the leads, filters by all of two labels and labels the selected leads in bulk', async () => {
    const heba = makeContact({ name: 'هبة منصور', labelIds: [vip._id, wholesale._id] });
    const { requests, to } = fakeCrmApi(arabicAdmin, {
      'GET /api/labels': labelsList([vip, wholesale]),
      'GET /api/contacts': () => list([heba], 1),
      'GET /api/auth/users': () => ok([]),
      'POST /api/contacts/labels/bulk': () => ok({ updated: 1 }),
    });
    const { user } = renderApp('/leads');
    await screen.findByRole('heading', { name: /^العملاء المحتملون/, level: 1 });
    const row = (await screen.findByText('هبة منصور')).closest('tr')!;
    const chips = await within(row).findByRole('list', { name: 'التصنيفات' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['جملة', 'عميل مميز']);

    await user.click(screen.getByRole('combobox', { name: 'التصنيفات' }));
    await user.click(await screen.findByRole('option', { name: 'عميل مميز' }));
    await user.click(await screen.findByRole('option', { name: 'جملة' }));
    await user.click(await screen.findByRole('radio', { name: 'جميعها' }));
    await waitFor(() => {
      const query = requests.filter((r) => r.path === '/api/contacts').at(-1)!.query;
      expect(query.get('labels')?.split(',').sort()).toEqual([vip._id, wholesale._id].sort());
      expect(query.get('labelMatch')).toBe('all');
    });

    await user.click(await screen.findByRole('checkbox', { name: /هبة منصور/ }));
    await user.click(screen.getByRole('button', { name: 'التصنيفات (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'تصنيفات جهة اتصال واحدة' });
    await user.click(within(dialog).getByRole('button', { name: 'تطبيق' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('اختر تصنيفًا لإضافته أو إزالته.');
    expect(to('POST', '/api/contacts/labels/bulk')).toHaveLength(0);
  });
});
