import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestampColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';
import { contacts } from './contacts.table.js';

/**
 * Every change of a deal's pipeline status, whichever screen made it (the profile, the board):
 * from, to, who, when, and why it was lost. Written in the transaction that changes the status,
 * so it is never missing. The latest row tells when the deal entered its current status (days in
 * stage, the stale mark); the reports read the `lost` rows and the time spent in each status.
 */
export const pipelineStatusChanges = pgTable(
  'pipeline_status_changes',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    lostReason: text('lost_reason'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestampColumn('changed_at').notNull().defaultNow(),
  },
  (t) => [
    // a contact's history, and the latest move of each card of a page (one index probe per card)
    index('pipeline_status_changes_contact_idx').on(t.tenantId, t.contactId, t.changedAt.desc(), t.id.desc()),
    // the lost reasons report: a company's lost moves in a date range
    index('pipeline_status_changes_to_idx').on(t.tenantId, t.toStatus, t.changedAt),
    ...tenantPolicies('pipeline_status_changes'),
  ],
);
