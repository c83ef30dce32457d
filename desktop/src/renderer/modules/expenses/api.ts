import type { CreateExpenseRequest, Expense, ExpenseList } from '@crm/common';
import { api } from '../../lib/api';

/** Expenses (admins only; the server refuses others). */
export const expensesApi = {
  list: (query: { page: number; limit: number }) => api.get<ExpenseList>('/expenses', { query }),
  create: (body: Omit<CreateExpenseRequest, 'tz'> & { tz?: string }) => api.post<Expense>('/expenses', body),
  remove: (id: string) => api.delete<{ message: string }>(`/expenses/${encodeURIComponent(id)}`),
};
