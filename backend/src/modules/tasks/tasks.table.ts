import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';

/** Team tasks (admins hand them out) and My Tasks (a sales user's own). */
export const tasks = pgTable(
  'tasks',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    /** A calendar day, YYYY-MM-DD. */
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status').notNull().default('pending'),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // admin list: newest first, optionally by status
    index('tasks_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('tasks_tenant_status_created_idx').on(t.tenantId, t.status, t.createdAt.desc()),
    // My Tasks and the admin's assignee filter
    index('tasks_tenant_assignee_created_idx').on(t.tenantId, t.assignedTo, t.createdAt.desc()),
    check('tasks_status_check', sql`${t.status} in ('pending', 'completed')`),
    ...tenantPolicies('tasks'),
  ],
);

export const taskComments = pgTable(
  'task_comments',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name when they wrote it (kept if the user is deleted). */
    userName: text('user_name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('task_comments_task_created_idx').on(t.tenantId, t.taskId, t.createdAt), ...tenantPolicies('task_comments')],
);

export type TaskRow = typeof tasks.$inferSelect;
export type TaskCommentRow = typeof taskComments.$inferSelect;
