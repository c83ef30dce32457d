import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestampColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';
import { contacts } from './contacts.table.js';

/**
 * Every change of a deal's shipping status: from, to, who (null: the customer, answering the
 * cash-on-delivery confirmation), when, and why (`reason`: `order_confirmed` or `order_cancelled`
 * for such an answer). Written in the transaction that changes the status, so it is never missing.
 * Kept apart from the pipeline's changes: those drive days-in-stage and the reports.
 */
export const shippingStatusChanges = pgTable(
  'shipping_status_changes',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    reason: text('reason'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestampColumn('changed_at').notNull().defaultNow(),
  },
  (t) => [
    // a contact's history, newest first
    index('shipping_status_changes_contact_idx').on(t.tenantId, t.contactId, t.changedAt.desc(), t.id.desc()),
    ...tenantPolicies('shipping_status_changes'),
  ],
);
