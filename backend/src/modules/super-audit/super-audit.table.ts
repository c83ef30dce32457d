import { sql } from 'drizzle-orm';
import { index, jsonb, pgPolicy, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../platform/db/columns.js';
import { appRole, platformPolicy } from '../../platform/db/tenancy.js';

/**
 * What the super administrator (or the platform itself) did to a company or its users, with the
 * values before and after. Platform path only. No foreign key to tenants on purpose: the entry
 * saying a company was deleted outlives the company.
 */
export const superAuditLog = pgTable(
  'super_audit_log',
  {
    id: idColumn(),
    tenantId: uuid('tenant_id').notNull(),
    /** The company's name at the time, so entries of a deleted company still read well. */
    tenantName: text('tenant_name').notNull(),
    /** Null for the platform itself (the subscription expiry job). */
    actorAdminId: uuid('actor_admin_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id'),
    targetLabel: text('target_label'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('super_audit_log_tenant_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    // a company's own sessions never read or write what the platform owner did to it
    pgPolicy('super_audit_log_no_tenant_access', { as: 'permissive', for: 'all', to: appRole, using: sql`false`, withCheck: sql`false` }),
    platformPolicy('super_audit_log'),
  ],
);

export type SuperAuditRow = typeof superAuditLog.$inferSelect;
