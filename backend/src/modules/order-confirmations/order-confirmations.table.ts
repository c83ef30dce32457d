import type { OrderConfirmationSettings } from '@crm/common';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, timestampColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { contacts } from '../contacts/contacts.table.js';
import { tenants } from '../tenants/tenants.table.js';

/** The cash-on-delivery confirmation settings: one row per company (absent: the defaults, off). */
export const orderConfirmationSettings = pgTable(
  'order_confirmation_settings',
  {
    tenantId: tenantIdColumn()
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<OrderConfirmationSettings>().notNull(),
    updatedAt: updatedAtColumn(),
  },
  () => [...tenantPolicies('order_confirmation_settings')],
);

/**
 * One confirmation asked of a contact after their deal was won. `next_at` is when it must be looked
 * at again: the send (scheduled), the reminder, then the expiry (open). Answered or expired ones
 * keep their times for the profile.
 */
export const orderConfirmations = pgTable(
  'order_confirmations',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    sendAt: timestampColumn('send_at').notNull(),
    nextAt: timestampColumn('next_at'),
    sentAt: timestampColumn('sent_at'),
    remindedAt: timestampColumn('reminded_at'),
    answeredAt: timestampColumn('answered_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // the profile: a contact's latest confirmation
    index('order_confirmations_contact_idx').on(t.tenantId, t.contactId, t.createdAt.desc()),
    // one confirmation waiting or open per contact (a reply finds it by this index)
    uniqueIndex('order_confirmations_one_open_per_contact')
      .on(t.tenantId, t.contactId)
      .where(sql`status in ('scheduled', 'open')`),
    // the sweep: what is due, across companies
    index('order_confirmations_due_idx')
      .on(t.nextAt)
      .where(sql`status in ('scheduled', 'open')`),
    ...tenantPolicies('order_confirmations'),
  ],
);

export type OrderConfirmationRow = typeof orderConfirmations.$inferSelect;
