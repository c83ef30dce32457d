import { screen, within } from '@testing-library/react';
import type { Expense } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, testId, type CrmHandler } from '../../test/fake-crm-api';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
const rent: Expense = { _id: testId(), title: 'إيجار المحل', amount: 8000, category: 'إيجار', date: '2026-11-05', notes: null, createdAt: '2026-11-05T08:00:00Z' };
const listOf = (items: Expense[]) => ok({ items, total: items.length, totalAmount: items.reduce((n, e) => n + e.amount, 0) });

async function openExpensesInArabic(handlers: Record<string, CrmHandler> = {}) {
  const api = fakeCrmApi(arabicAdmin, { 'GET /api/expenses': () => listOf([rent]), ...handlers });
  const view = renderApp('/expenses');
  await screen.findByRole('heading', { name: 'المصروفات', level: 1 });
  return { ...view, ...api };
}

/** Expenses in Arabic, right to left. */
describe('Expenses in Arabic', { timeout: 15_000 }, () => {
  it('shows Arabic heads, form labels and rules, and the delete confirmation', async () => {
    const { user } = await openExpensesInArabic();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const table = screen.getByRole('table', { name: 'المصروفات' });
    const row = (await within(table).findByText('إيجار المحل')).closest('tr')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['البند', 'المبلغ', 'الفئة', 'التاريخ', 'ملاحظات', 'الإجراءات']);
    expect(screen.getByText(/^الإجمالي: /)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'الفئة' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /المبلغ/ }), 'abc');
    await user.click(screen.getByRole('button', { name: 'إضافة مصروف' }));
    expect(await screen.findByText('البند مطلوب')).toBeInTheDocument();
    expect(screen.getByText('يجب أن يكون المبلغ رقمًا')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'حذف إيجار المحل' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف المصروف' });
    expect(dialog).toHaveTextContent('هل تريد حذف هذا المصروف؟');
    expect(within(dialog).getByRole('button', { name: 'إلغاء' })).toBeInTheDocument();
  });

  it('shows the empty text in Arabic', async () => {
    await openExpensesInArabic({ 'GET /api/expenses': () => listOf([]) });
    expect(await screen.findByText('لا توجد مصروفات')).toBeInTheDocument();
  });

  it('words a failed delete by its code in Arabic', async () => {
    const { user } = await openExpensesInArabic({
      [`DELETE /api/expenses/${rent._id}`]: () => json(404, { ok: false, error: 'Expense not found.', code: 'expense.not_found' }),
    });
    await user.click(await screen.findByRole('button', { name: 'حذف إيجار المحل' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('المصروف غير موجود.')).toBeInTheDocument();
  });
});
