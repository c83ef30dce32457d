import type { CannedResponse } from '@crm/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeMessengerApi, messengerTestSetup, testId } from '../messenger/testing';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

const response = (overrides: Partial<CannedResponse> = {}): CannedResponse => ({
  _id: testId(),
  title: 'الشحن',
  text: 'يستغرق الشحن من يومين إلى ثلاثة أيام.',
  createdBy: adminUser._id,
  canEdit: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

async function openInArabic(items: CannedResponse[], handlers: Parameters<typeof fakeMessengerApi>[1] = {}) {
  messengerTestSetup(null);
  localStorage.setItem('token', 'token-of-admin');
  const api = fakeMessengerApi(arabicAdmin, { 'GET /api/canned-responses': () => ok({ items, total: items.length }), ...handlers });
  const view = renderApp('/canned-responses');
  await screen.findByRole('heading', { name: 'الردود الجاهزة', level: 1 });
  return { ...view, api };
}

/** The canned responses manager in Arabic, right to left. */
describe('Canned Responses manager in Arabic', { timeout: 15_000 }, () => {
  it('shows the form, the empty text and the required rule in Arabic', async () => {
    const { user } = await openInArabic([]);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByText('لا توجد ردود جاهزة بعد.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'إضافة رد', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'العنوان' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'نص الرد' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إضافة الرد' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('العنوان والنص مطلوبان.');
  });

  it('explains the blanks in Arabic, the blanks themselves kept as typed', async () => {
    const { user } = await openInArabic([]);
    expect(await screen.findByText('خانات تُملأ تلقائيًا عند إدراج الرد')).toBeInTheDocument();
    expect(screen.getByText('اسم جهة الاتصال (كلمة لائقة إن لم يكن معروفًا)')).toBeInTheDocument();
    expect(screen.getByText('اسمك')).toBeInTheDocument();
    expect(screen.getByText('اسم الشركة')).toBeInTheDocument();
    expect(screen.getByText('أول منتج في صفقة جهة الاتصال (يُحذف إن لم يوجد)')).toBeInTheDocument();
    expect(screen.getByText('اكتب / في خانة الرسالة داخل المحادثة لاختيار رد بعنوانه.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'نص الرد' }), 'أهلاً ');
    await user.click(screen.getByRole('button', { name: 'أضف {name} إلى النص' }));
    expect(screen.getByRole('textbox', { name: 'نص الرد' })).toHaveValue('أهلاً {name}');
  });

  it('words a refused save by its code in Arabic', async () => {
    const item = response();
    const { user } = await openInArabic([item], {
      [`PATCH /api/canned-responses/${item._id}`]: () => json(403, { ok: false, error: 'You can only change your own canned responses.', code: 'canned_response.not_yours' }),
    });
    const card = await screen.findByRole('listitem', { name: 'الشحن' });
    await user.click(within(card).getByRole('button', { name: 'تعديل الشحن' }));
    expect(screen.getByRole('heading', { name: 'تعديل الرد', level: 2 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تحديث الرد' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر حفظ الرد: يمكنك تعديل ردودك الجاهزة فقط.');
  });
});
