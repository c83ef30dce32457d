import { sql } from 'drizzle-orm';
import type { NotificationParams } from '@crm/common';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';

/**
 * A line in a user's notification bell (optionally linking somewhere in the app). `code` + `params`
 * say what happened so each user reads it in their language (common/notification-codes.ts);
 * `text` is the English, the only text of rows written before codes existed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    code: text('code'),
    params: jsonb('params').$type<NotificationParams>(),
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('notifications_user_idx').on(t.tenantId, t.userId, t.createdAt.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
    ...tenantPolicies('notifications'),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
