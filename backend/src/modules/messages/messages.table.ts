import type { NoteMention, ReasonParams, SystemEvent } from '@crm/common';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, timestampColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';
import { contacts } from '../contacts/contacts.table.js';
import type { OutgoingTemplate } from '../whatsapp/whatsapp-driver.js';

/**
 * One WhatsApp message, in or out. Outgoing messages are stored `pending` before they reach the
 * driver; `handed_over_at` is committed just before the driver call, then the message becomes
 * `sent` (with WhatsApp's id) or `failed` (with the reason, retryable); acks 1-3 follow. A message
 * handed over whose outcome was never recorded (the process died mid-send) becomes `unknown`:
 * WhatsApp may or may not have it. Incoming ones are idempotent on WhatsApp's message id.
 */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** message (with the contact, over WhatsApp) | note (the team's private note: never handed to a driver) */
    kind: text('kind').notNull().default('message'),
    /** On the note a hand-over leaves: the names of who took it and who gave it, and the note given. */
    handOver: jsonb('hand_over').$type<{ to: string; by: string; note: string | null }>(),
    /**
     * On a note: the colleagues its `@name`s mention (users of the company, as named when it was
     * written, so the bubble marks the very text typed even after a rename). Null: none.
     */
    mentions: jsonb('mentions').$type<NoteMention[]>(),
    /** in | out */
    direction: text('direction').notNull(),
    /** text | image | video | audio | voice | document */
    type: text('type').notNull().default('text'),
    body: text('body'),
    /** pending | sent | failed | unknown (outgoing); received (incoming) */
    status: text('status').notNull(),
    /** 0 none yet, 1 sent, 2 delivered, 3 read */
    ack: integer('ack').notNull().default(0),
    waMessageId: text('wa_message_id'),
    /** Why sending failed or may not have been delivered, in English (the API's `error`). */
    error: text('error'),
    /** The same as a code and its parameters (common/messages/message-errors.ts), for the user's language. */
    errorCode: text('error_code'),
    errorParams: jsonb('error_params').$type<ReasonParams>(),
    /** Whether a failed send may be retried (not for, e.g., a number that is not on WhatsApp). */
    errorRetryable: boolean('error_retryable').notNull().default(false),
    /** The client's id for its optimistic copy, or an automated sender's idempotency key: sent once. */
    clientId: text('client_id'),
    /** Sent as a WhatsApp template (official API): its name, language, body parameters and button payloads; `body` holds its text filled in. */
    template: jsonb('template').$type<OutgoingTemplate>(),
    /** A line WhatsApp wrote (the contact changed their number…): its code and parameters, worded by the reader's app; `body` keeps the English. */
    systemEvent: jsonb('system_event').$type<SystemEvent>(),
    mediaPath: text('media_path'),
    mediaMime: text('media_mime'),
    mediaFileName: text('media_file_name'),
    mediaSize: integer('media_size'),
    /**
     * What the message is found by: text or caption and file name folded (Arabic letter forms,
     * diacritics, case) plus its phone-like digit runs, by messageSearchText() in common, written
     * with the message. Null: nothing to find it by.
     */
    searchText: text('search_text'),
    /** Deleted for everyone: by the contact (stays readable to staff, marked) or by staff. */
    deletedForEveryone: boolean('deleted_for_everyone').notNull().default(false),
    deletedBy: text('deleted_by'),
    /** "Delete for me": hidden from this company's views only. */
    hiddenForTenant: boolean('hidden_for_tenant').notNull().default(false),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** Sent by the system (follow-ups), paced by the per-tenant rate limit. */
    automated: boolean('automated').notNull().default(false),
    followUpRunId: uuid('follow_up_run_id'),
    sentAt: timestampColumn('sent_at'),
    /**
     * When a process claimed this pending message and handed it to the WhatsApp driver (null: not yet).
     * Written and committed before the driver call, so after a crash a pending message without it was
     * never sent (send it) and one with it may have been (it becomes `unknown`, never resent silently).
     */
    handedOverAt: timestampColumn('handed_over_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('messages_tenant_wa_id_unique')
      .on(t.tenantId, t.waMessageId)
      .where(sql`${t.waMessageId} is not null`),
    index('messages_contact_idx').on(t.tenantId, t.contactId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('messages_tenant_client_id_unique')
      .on(t.tenantId, t.clientId)
      .where(sql`${t.clientId} is not null`),
    // message search: newest first over the company (common words stop early on it), the trigram
    // index for rare words; both read by messages_matching() so they work under row-level security
    index('messages_tenant_newest_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('messages_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('messages_pending_idx')
      .on(t.tenantId, t.status)
      .where(sql`${t.status} = 'pending'`),
    ...tenantPolicies('messages'),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
