import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestampColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';
import { contacts } from './contacts.table.js';

/**
 * Every chat handed from one user to another from the chat header: from, to, who did it, when,
 * and the note given. Written in the transaction that changes the assignee, so it is never missing.
 */
export const contactHandOvers = pgTable(
  'contact_hand_overs',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    toUserId: uuid('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    handedBy: uuid('handed_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    handedAt: timestampColumn('handed_at').notNull().defaultNow(),
  },
  (t) => [index('contact_hand_overs_contact_idx').on(t.tenantId, t.contactId, t.handedAt.desc(), t.id.desc()), ...tenantPolicies('contact_hand_overs')],
);

export type ContactHandOverRow = typeof contactHandOvers.$inferSelect;
