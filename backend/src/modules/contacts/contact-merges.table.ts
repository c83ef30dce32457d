import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestampColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';
import { contacts } from './contacts.table.js';

/**
 * Every contact merged into another because WhatsApp showed they are one person (a contact known
 * only by Meta's business-scoped user id, once a message carried that id with a phone number).
 * The merged contact is gone, so it is kept here by id and by what it was known as. Written in the
 * transaction that merges, and at most once per merged contact (the unique index).
 */
export const contactMerges = pgTable(
  'contact_merges',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    /** The contact that remains. */
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The contact merged into it (deleted: no foreign key). */
    mergedContactId: uuid('merged_contact_id').notNull(),
    mergedName: text('merged_name'),
    mergedWaUserId: text('merged_wa_user_id'),
    /** What joined them: `wa_user_id` (a message named the user id with the phone). */
    reason: text('reason').notNull(),
    mergedAt: timestampColumn('merged_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_merges_merged_unique').on(t.tenantId, t.mergedContactId),
    index('contact_merges_contact_idx').on(t.tenantId, t.contactId, t.mergedAt.desc(), t.id.desc()),
    ...tenantPolicies('contact_merges'),
  ],
);

export type ContactMergeRow = typeof contactMerges.$inferSelect;
