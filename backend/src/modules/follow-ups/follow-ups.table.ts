import type { FollowUpWhatsAppTemplate, ReasonParams } from '@crm/common';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, timestampColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { contacts } from '../contacts/contacts.table.js';
import { messages } from '../messages/messages.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';

export type FollowUpTemplateStep = { delay: number; message: string };

/** A reusable sequence of 1–5 timed messages. */
export const followUpTemplates = pgTable(
  'follow_up_templates',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** [{ delay (hours after the previous step), message }] in order. */
    steps: jsonb('steps').$type<FollowUpTemplateStep[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The creator's role when they created it: an admin's template is a 'Team' template. */
    createdByRole: text('created_by_role').notNull().default('sales'),
    /** The approved WhatsApp template its steps send outside the official API's 24-hour window; null: such steps are skipped. */
    whatsappTemplate: jsonb('whatsapp_template').$type<FollowUpWhatsAppTemplate>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('follow_up_templates_tenant_name_idx').on(t.tenantId, t.name), ...tenantPolicies('follow_up_templates')],
);

/**
 * One sequence started for one contact, with a snapshot of the template's steps (editing or
 * deleting the template later does not change a running sequence). At most one active run per
 * contact, enforced by a partial unique index. Deleting the contact deletes its runs (cascade).
 */
export const followUpRuns = pgTable(
  'follow_up_runs',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => followUpTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    steps: jsonb('steps').$type<FollowUpTemplateStep[]>().notNull(),
    /** The template's WhatsApp template when the run started (a snapshot, like the steps). */
    whatsappTemplate: jsonb('whatsapp_template').$type<FollowUpWhatsAppTemplate>(),
    /** active | completed | stopped | expired */
    status: text('status').notNull().default('active'),
    /** Why it ended early, in English; the code and parameters (common/follow-ups/follow-up-reasons.ts) word it for the user. */
    stopReason: text('stop_reason'),
    stopReasonCode: text('stop_reason_code'),
    stopReasonParams: jsonb('stop_reason_params').$type<ReasonParams>(),
    /** Set while the tenant's WhatsApp is logged out / needs a QR scan: steps wait for the reconnection. */
    pausedReason: text('paused_reason'),
    pausedReasonCode: text('paused_reason_code'),
    pausedReasonParams: jsonb('paused_reason_params').$type<ReasonParams>(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestampColumn('started_at').notNull(),
    endedAt: timestampColumn('ended_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('follow_up_runs_one_active_per_contact')
      .on(t.tenantId, t.contactId)
      .where(sql`${t.status} = 'active'`),
    index('follow_up_runs_contact_idx').on(t.tenantId, t.contactId, t.startedAt.desc()),
    index('follow_up_runs_active_tenant_idx')
      .on(t.tenantId)
      .where(sql`${t.status} = 'active'`),
    ...tenantPolicies('follow_up_runs'),
  ],
);

/**
 * The steps of a run and their log: when each is due (fixed at the start), whether it went out
 * (sent time, the chat message) or why not. The row, not the pg-boss job, is the truth: sending
 * claims it `scheduled → sending` in one conditional UPDATE.
 */
export const followUpSteps = pgTable(
  'follow_up_steps',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => followUpRuns.id, { onDelete: 'cascade' }),
    /** 0-based position in the run. */
    stepIndex: integer('step_index').notNull(),
    delayHours: integer('delay_hours').notNull(),
    /** The template text (with `{{name}}`); the sent text is the chat message. */
    message: text('message').notNull(),
    dueAt: timestampColumn('due_at').notNull(),
    /** scheduled | sending | sent | failed | unknown | cancelled | expired */
    status: text('status').notNull().default('scheduled'),
    claimedAt: timestampColumn('claimed_at'),
    sentAt: timestampColumn('sent_at'),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** Why it was not sent, or is not sent yet, in English; the code and parameters word it for the user. */
    reason: text('reason'),
    reasonCode: text('reason_code'),
    reasonParams: jsonb('reason_params').$type<ReasonParams>(),
    /** The pg-boss job that wakes a worker at `due_at`. */
    jobId: text('job_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('follow_up_steps_run_step_unique').on(t.runId, t.stepIndex),
    index('follow_up_steps_tenant_run_idx').on(t.tenantId, t.runId),
    index('follow_up_steps_message_idx')
      .on(t.tenantId, t.messageId)
      .where(sql`${t.messageId} is not null`),
    // the scheduler's "what is due?" across tenants
    index('follow_up_steps_open_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} in ('scheduled', 'sending')`),
    ...tenantPolicies('follow_up_steps'),
  ],
);

export type FollowUpTemplateRow = typeof followUpTemplates.$inferSelect;
export type FollowUpRunRow = typeof followUpRuns.$inferSelect;
export type FollowUpStepRow = typeof followUpSteps.$inferSelect;
