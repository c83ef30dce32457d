import { sql } from 'drizzle-orm';
import { DEFAULT_COUNTRY } from '@crm/common';
import { boolean, numeric, pgPolicy, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { appRole, currentTenantId, platformPolicy, tenantPolicies } from '../../platform/db/tenancy.js';

/** A company using the CRM. Managed on the platform path; a tenant session may read its own row. */
export const tenants = pgTable(
  'tenants',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    isActive: boolean('is_active').notNull().default(true),
    subscriptionType: text('subscription_type').notNull().default('none'),
    subscriptionStatus: text('subscription_status').notNull().default('inactive'),
    subscriptionExpiresAt: timestampColumn('subscription_expires_at'),
    subscriptionPrice: numeric('subscription_price', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    subscriptionPaid: numeric('subscription_paid', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  () => [
    pgPolicy('tenants_read_own', { as: 'permissive', for: 'select', to: appRole, using: sql`id = ${currentTenantId}` }),
    platformPolicy('tenants'),
  ],
);

export const tenantSettings = pgTable(
  'tenant_settings',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    leadDistributionStrategy: text('lead_distribution_strategy').notNull().default('round-robin'),
    defaultCountry: text('default_country').notNull().default(DEFAULT_COUNTRY),
    currency: text('currency').notNull().default('EGP'),
    /** Round-robin lead distribution: the sales user who got the last lead. */
    /** Round-robin passes over reps with no live connection (all offline: deals to every active rep). */
    skipOfflineReps: boolean('skip_offline_reps').notNull().default(false),
    roundRobinLastUserId: uuid('round_robin_last_user_id'),
    updatedAt: updatedAtColumn(),
  },
  () => tenantPolicies('tenant_settings'),
);

export type TenantRow = typeof tenants.$inferSelect;
export type TenantSettingsRow = typeof tenantSettings.$inferSelect;
