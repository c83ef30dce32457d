import type { TemplateButton, TemplateHeader } from '@crm/common';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, timestampColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';

/**
 * A company's connection to Meta's WhatsApp Business Cloud API (one per company). The three
 * secrets are sealed (SecretBox, bound to the company and the field). A phone number ID belongs to
 * one company only: webhooks name it before the company is known.
 */
export const whatsappCloudConnections = pgTable(
  'whatsapp_cloud_connections',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    phoneNumberId: text('phone_number_id').notNull(),
    businessAccountId: text('business_account_id').notNull(),
    accessTokenSealed: text('access_token_sealed').notNull(),
    appSecretSealed: text('app_secret_sealed').notNull(),
    verifyTokenSealed: text('verify_token_sealed').notNull(),
    /** untested → connected | needs_attention (WhatsAppCloudState). */
    state: text('state').notNull().default('untested'),
    reasonCode: text('reason_code'),
    reason: text('reason'),
    displayPhoneNumber: text('display_phone_number'),
    verifiedName: text('verified_name'),
    lastTestedAt: timestampColumn('last_tested_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('whatsapp_cloud_connections_tenant_unique').on(t.tenantId),
    uniqueIndex('whatsapp_cloud_connections_phone_number_unique').on(t.phoneNumberId),
    ...tenantPolicies('whatsapp_cloud_connections'),
  ],
);
export type WhatsappCloudConnectionRow = typeof whatsappCloudConnections.$inferSelect;

/**
 * Webhook deliveries from Meta, stored (the raw body as received) before they are answered and
 * processed (CloudWebhookProcessor; the `whatsapp-cloud-webhook` job stored with them takes what a
 * crash left waiting): a crash after the answer loses nothing.
 */
export const whatsappCloudWebhookEvents = pgTable(
  'whatsapp_cloud_webhook_events',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    phoneNumberId: text('phone_number_id').notNull(),
    /** The body exactly as signed (text, not jsonb: jsonb refuses the \u0000 a sender may put in a message). */
    body: text('body').notNull(),
    /** received → processed | failed */
    status: text('status').notNull().default('received'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    receivedAt: createdAtColumn(),
    processedAt: timestampColumn('processed_at'),
  },
  (t) => [index('whatsapp_cloud_webhook_events_tenant_status_idx').on(t.tenantId, t.status), ...tenantPolicies('whatsapp_cloud_webhook_events')],
);
export type WhatsappCloudWebhookEventRow = typeof whatsappCloudWebhookEvents.$inferSelect;

/**
 * The company's WhatsApp message templates as Meta's business account last listed them (synced
 * every few hours and on demand). One row per (company, name, language); a template Meta no longer
 * lists is removed at the next sync.
 */
export const whatsappCloudTemplates = pgTable(
  'whatsapp_cloud_templates',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    /** Meta's id of the template. */
    metaId: text('meta_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    /** Meta's status: APPROVED, PENDING, REJECTED, PAUSED, DISABLED… */
    status: text('status').notNull(),
    /** The BODY component's text, with its {{n}} placeholders. */
    body: text('body').notNull().default(''),
    bodyParamCount: integer('body_param_count').notNull().default(0),
    /** The HEADER component (format, text), null when it has none. */
    header: jsonb('header').$type<TemplateHeader>(),
    /** The BUTTONS component's buttons in Meta's order (type, text, URL). */
    buttons: jsonb('buttons').$type<TemplateButton[]>().notNull().default([]),
    syncedAt: timestampColumn('synced_at').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('whatsapp_cloud_templates_tenant_name_language_unique').on(t.tenantId, t.name, t.language),
    // the list: a status's templates by name
    index('whatsapp_cloud_templates_tenant_status_name_idx').on(t.tenantId, t.status, t.name),
    ...tenantPolicies('whatsapp_cloud_templates'),
  ],
);
export type WhatsappCloudTemplateRow = typeof whatsappCloudTemplates.$inferSelect;
