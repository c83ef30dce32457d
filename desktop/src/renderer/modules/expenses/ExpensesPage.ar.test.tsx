import { screen, within } from '@testing-library/react';
import type { Expense } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeCrmApi, testId } from '../../test/fake-crm-api';

const ar = (key: string, values?: Record<string, string>) => catalogueText('ar', key, values);
const rent: Expense = { _id: testId(), title: 'إيجار المحل', amount: 8000, category: 'إيجار', date: '2026-11-05', notes: null, createdAt: '2026-11-05T08:00:00Z' };

/**
 * What only Arabic does on expenses: a failed delete worded from the server's code (English shows
 * the server's own text). The rest runs in both languages in ExpensesPage.test.tsx.
 */
describe('Expenses in Arabic', { timeout: 15_000 }, () => {
  it('words a failed delete by its code in Arabic', async () => {
    fakeCrmApi(inLanguage(adminUser, 'ar'), {
      'GET /api/expenses': () => ok({ items: [rent], total: 1, totalAmount: rent.amount }),
      [`DELETE /api/expenses/${rent._id}`]: () => json(404, { ok: false, error: 'Expense not found.', code: 'expense.not_found' }),
    });
    const { user } = renderApp('/expenses');
    await screen.findByRole('heading', { name: ar('expenses:title'), level: 1 });
    await user.click(await screen.findByRole('button', { name: ar('expenses:delete.label', { title: rent.title }) }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ar('expenses:delete.button') }));
    expect(await screen.findByText(ar('errors:expense.not_found'))).toBeInTheDocument();
  });
});
