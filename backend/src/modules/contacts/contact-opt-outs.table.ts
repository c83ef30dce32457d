import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';
import { contacts } from './contacts.table.js';

/** The history of a contact's opt-out: each time they opted out (the reply) and each time an admin undid it. */
export const contactOptOuts = pgTable(
  'contact_opt_outs',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** opted_out | opted_in */
    action: text('action').notNull(),
    /** The reply that opted them out. */
    keyword: text('keyword'),
    messageId: uuid('message_id'),
    byUser: uuid('by_user').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('contact_opt_outs_contact_idx').on(t.tenantId, t.contactId, t.createdAt), ...tenantPolicies('contact_opt_outs')],
);
export type ContactOptOutRow = typeof contactOptOuts.$inferSelect;
