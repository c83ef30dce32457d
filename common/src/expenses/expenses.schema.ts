import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.js';
import { isCalendarDay } from '../rules/day-range.js';
import { numericInput, timeZoneSchema } from '../shared/inputs.js';

/** Money the company spent; admins only. `date` is a calendar day. */
export const expenseSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  amount: z.number(),
  category: z.string().nullable(),
  date: z.string().meta({ description: 'YYYY-MM-DD' }),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const day = z.string().trim().refine(isCalendarDay, { message: 'Date must be a day written YYYY-MM-DD' });

export const createExpenseSchema = z.object({
  title: z.string({ message: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  amount: numericInput(z.number({ message: 'Amount is required' }).min(0, 'Amount cannot be negative').max(1e11, 'Amount is too large'), 'Amount must be numeric'),
  category: z.preprocess(blankToNull, z.string().trim().max(100, 'Category must be at most 100 characters').nullable()).optional(),
  /** Defaults to today (in `tz`). */
  date: z.preprocess(blankToNull, day.nullable()).optional(),
  notes: z.preprocess(blankToNull, z.string().trim().max(2000, 'Notes must be at most 2000 characters').nullable()).optional(),
  tz: timeZoneSchema,
});
export type CreateExpenseRequest = z.infer<typeof createExpenseSchema>;

export const expensesQuerySchema = z.object({
  from: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
  category: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100).optional()),
  page: numericInput(z.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1), 'page must be a number'),
  limit: numericInput(
    z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`).default(100),
    'limit must be a number',
  ),
});
export type ExpensesQuery = z.infer<typeof expensesQuerySchema>;

export const expenseListSchema = z.object({
  items: z.array(expenseSchema),
  total: z.number(),
  /** Sum of the amounts of every expense the filter selects (not only the page). */
  totalAmount: z.number(),
});
export type ExpenseList = z.infer<typeof expenseListSchema>;
