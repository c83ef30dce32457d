import type { CampaignAudience, CampaignWhatsAppTemplate, SendingSettings } from '@crm/common';
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, timestampColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { contacts } from '../contacts/contacts.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';

/** Settings → Sending: one row per company (absent: the defaults). */
export const sendingSettings = pgTable(
  'sending_settings',
  {
    tenantId: tenantIdColumn()
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<SendingSettings>().notNull(),
    updatedAt: updatedAtColumn(),
  },
  () => [...tenantPolicies('sending_settings')],
);

/**
 * The company's one pace, shared by every instance: the earliest time the next automated message
 * may leave and how many left on `day`. Taking a send slot is one conditional UPDATE of this row,
 * so two instances never send inside one interval and never pass the day's limit.
 */
export const sendingPace = pgTable(
  'sending_pace',
  {
    tenantId: tenantIdColumn()
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    nextSendAt: timestampColumn('next_send_at').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sentOnDay: integer('sent_on_day').notNull().default(0),
    updatedAt: updatedAtColumn(),
  },
  () => [...tenantPolicies('sending_pace')],
);

/** One message to many contacts. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** draft | scheduled | running | paused | completed | cancelled */
    status: text('status').notNull().default('draft'),
    audience: jsonb('audience').$type<CampaignAudience>().notNull(),
    message: text('message').notNull().default(''),
    mediaPath: text('media_path'),
    mediaFileName: text('media_file_name'),
    /** Official API: what a recipient outside the 24-hour window gets instead (none: skipped). */
    whatsappTemplate: jsonb('whatsapp_template').$type<CampaignWhatsAppTemplate>(),
    scheduledAt: timestampColumn('scheduled_at'),
    startedAt: timestampColumn('started_at'),
    finishedAt: timestampColumn('finished_at'),
    /** manual | failures | whatsapp_disconnected */
    pausedReason: text('paused_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('campaigns_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    // the sender's "which campaigns are sending or due?" across tenants
    index('campaigns_active_idx')
      .on(t.status)
      .where(sql`${t.status} in ('scheduled', 'running')`),
    ...tenantPolicies('campaigns'),
  ],
);

/**
 * Who a campaign goes to, materialised when it starts, and what became of each. The row, claimed
 * `pending → sending` in one committed conditional UPDATE, is the truth; the message's idempotency
 * key `campaign:<recipient id>` makes a takeover after a crash find the message instead of sending
 * another.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The send order (the audience's, oldest contact first). */
    position: integer('position').notNull(),
    /** pending | sending | sent | delivered | read | replied | failed | skipped */
    status: text('status').notNull().default('pending'),
    /** Why it failed or was skipped (a code). */
    reason: text('reason'),
    claimedAt: timestampColumn('claimed_at'),
    messageId: uuid('message_id'),
    sentAt: timestampColumn('sent_at'),
    /** When it reached its outcome (sent, failed, skipped): the auto-pause reads the newest. */
    finishedAt: timestampColumn('finished_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('campaign_recipients_campaign_contact_unique').on(t.campaignId, t.contactId),
    index('campaign_recipients_campaign_status_idx').on(t.tenantId, t.campaignId, t.status, t.position),
    index('campaign_recipients_campaign_position_idx').on(t.tenantId, t.campaignId, t.position),
    index('campaign_recipients_contact_idx').on(t.tenantId, t.contactId),
    index('campaign_recipients_message_idx')
      .on(t.tenantId, t.messageId)
      .where(sql`${t.messageId} is not null`),
    index('campaign_recipients_finished_idx')
      .on(t.campaignId, t.finishedAt.desc())
      .where(sql`${t.finishedAt} is not null and ${t.status} <> 'skipped'`),
    ...tenantPolicies('campaign_recipients'),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignRecipientRow = typeof campaignRecipients.$inferSelect;
