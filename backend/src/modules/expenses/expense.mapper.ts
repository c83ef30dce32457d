import type { Expense } from '@crm/common';
import type { ExpenseRow } from './expenses.table.js';

export function toExpenseDto(row: ExpenseRow): Expense {
  return {
    _id: row.id,
    title: row.title,
    amount: row.amount,
    category: row.category,
    date: row.date,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}
