import type { ScheduledMessageStatus } from '@crm/common';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, timestampColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { contacts } from '../contacts/contacts.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';

/**
 * Messages a person wrote to go out later. The row is the truth: `scheduled → sending` is the claim
 * (one conditional UPDATE, committed before WhatsApp is called), then sent / failed; `cancelled`
 * by a person. (tenant_id, status, send_at) answers the sweep's "what is due"; (tenant_id,
 * contact_id, send_at) the chat's list.
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    mediaPath: text('media_path'),
    mediaFileName: text('media_file_name'),
    sendAt: timestampColumn('send_at').notNull(),
    status: text('status').$type<ScheduledMessageStatus>().notNull().default('scheduled'),
    reason: text('reason'),
    claimedAt: timestampColumn('claimed_at'),
    sentAt: timestampColumn('sent_at'),
    late: boolean('late').notNull().default(false),
    messageId: uuid('message_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('scheduled_messages_due_idx').on(t.tenantId, t.status, t.sendAt),
    index('scheduled_messages_contact_idx').on(t.tenantId, t.contactId, t.sendAt),
    ...tenantPolicies('scheduled_messages'),
  ],
);
export type ScheduledMessageRow = typeof scheduledMessages.$inferSelect;
