import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_COUNTRY } from '@crm/common';
import { boolean, index, numeric, pgPolicy, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
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
  (t) => [
    // the super area's company list: newest first, id breaking ties (tenants.repository.ts pageWithStats)
    index('tenants_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // its search, name or slug contains q: one trigram index over both (tenantSearchText), as the
    // planner never combines two for the OR before a table is large (seen at 30,000 companies)
    index('tenants_search_trgm_idx').using('gin', sql`${tenantSearchText(t)} gin_trgm_ops`),
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
    /** Sales users may hand their own chats over to a colleague (admins always may). */
    repsMayHandOver: boolean('reps_may_hand_over').notNull().default(false),
    roundRobinLastUserId: uuid('round_robin_last_user_id'),
    updatedAt: updatedAtColumn(),
  },
  () => tenantPolicies('tenant_settings'),
);

/**
 * The text a company search looks in: its name and slug in one expression, so one trigram index
 * serves "name or slug contains". The query repeats it word for word (PostgreSQL matches an
 * expression index by its expression) and rechecks each column, so a match across the space is not one.
 */
export function tenantSearchText(t: { name: AnyPgColumn; slug: AnyPgColumn }): SQL {
  return sql`(${t.name} || ' ' || ${t.slug})`;
}

export type TenantRow = typeof tenants.$inferSelect;
export type TenantSettingsRow = typeof tenantSettings.$inferSelect;
