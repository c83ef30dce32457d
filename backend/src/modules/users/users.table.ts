import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAtColumn, idColumn, tenantIdColumn, timestampColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';

/** Company staff. Emails are unique across the platform because sign-in asks only for email and password. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('sales'),
    isActive: boolean('is_active').notNull().default(true),
    /** The user's own language and digits; 'en' | 'ar'. */
    language: text('language').notNull().default('en'),
    arabicDigits: boolean('arabic_digits').notNull().default(false),
    firstLoginAt: timestampColumn('first_login_at'),
    lastSeenAt: timestampColumn('last_seen_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_tenant_role_idx').on(t.tenantId, t.role, t.isActive),
    // the super area searches users of every company by name or email (ILIKE '%…%')
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    check('users_language_check', sql`${t.language} in ('en', 'ar')`),
    ...tenantPolicies('users'),
  ],
);

export type UserRow = typeof users.$inferSelect;
