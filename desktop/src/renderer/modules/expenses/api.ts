import type { CreateExpenseRequest, Expense, ExpenseList, ExpensesQuery, QueryParams } from '@crm/common';
import { api } from '../../lib/api';

/** Expenses (admins only; the server refuses others). */
export const expensesApi = {
  list: (query: QueryParams<ExpensesQuery>, signal?: AbortSignal) => api.get<ExpenseList>('/expenses', { query, signal }),
  create: (body: Omit<CreateExpenseRequest, 'tz'> & { tz?: string }) => api.post<Expense>('/expenses', body),
  remove: (id: string) => api.delete<{ message: string }>(`/expenses/${encodeURIComponent(id)}`),
};
