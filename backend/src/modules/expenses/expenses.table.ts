import { date, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';

/** Money the company spent (admins only). */
export const expenses = pgTable(
  'expenses',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    category: text('category'),
    date: date('date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('expenses_tenant_date_idx').on(t.tenantId, t.date.desc(), t.id.desc()), ...tenantPolicies('expenses')],
);

export type ExpenseRow = typeof expenses.$inferSelect;
