import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeFollowUpsApi, makeTemplate, type FakeHandler } from './testing';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

async function openInArabic(templates = [makeTemplate()], handlers: Record<string, FakeHandler> = {}) {
  const api = fakeFollowUpsApi(arabicAdmin, { 'GET /api/follow-up-templates': () => ok({ items: templates, total: templates.length }), ...handlers });
  const view = renderApp('/follow-up-templates');
  await screen.findByRole('heading', { level: 1, name: 'قوالب المتابعة' });
  return { ...view, ...api };
}

/** The follow-up templates screen in Arabic, right to left. The empty text runs in both languages in FollowUpTemplatesPage.test.tsx. */
describe('Follow-up Templates in Arabic', { timeout: 15_000 }, () => {
  it('shows the cards, the form and its rule in Arabic', async () => {
    const { user } = await openInArabic([makeTemplate({ name: 'عميل مهتم' })]);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const card = await screen.findByRole('article', { name: 'عميل مهتم' });
    expect(within(card).getByText('الفريق')).toBeInTheDocument();
    expect(within(card).getByText('24 س')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'تعديل عميل مهتم' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'قالب جديد' }));
    const dialog = await screen.findByRole('dialog', { name: 'قالب متابعة جديد' });
    expect(within(dialog).getByRole('group', { name: 'الخطوة 1' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'حفظ القالب' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('اسم القالب مطلوب.');
  });

  it('words a refused delete by its code in Arabic', async () => {
    const template = makeTemplate({ name: 'قديم' });
    const { user } = await openInArabic([template], {
      [`DELETE /api/follow-up-templates/${template._id}`]: () => json(403, { ok: false, error: 'You can only change your own templates.', code: 'template.not_yours' }),
    });
    await user.click(await screen.findByRole('button', { name: 'حذف قديم' }));
    const confirm = await screen.findByRole('dialog', { name: 'حذف القالب' });
    expect(confirm).toHaveTextContent('لا يمكن التراجع عن هذا الإجراء.');
    await user.click(within(confirm).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('يمكنك تعديل قوالبك فقط.')).toBeInTheDocument();
  });
});
