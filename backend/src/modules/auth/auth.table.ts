import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAtColumn, idColumn, tenantIdColumn, timestampColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';

/**
 * One row per sign-in. A token is only as good as its open session row, so logout, deactivation
 * and suspension take effect at once; the rows double as the session history of the team screens.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loginAt: timestampColumn('login_at').notNull().defaultNow(),
    lastSeenAt: timestampColumn('last_seen_at').notNull().defaultNow(),
    logoutAt: timestampColumn('logout_at'),
    durationSeconds: integer('duration_seconds'),
    endReason: text('end_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('user_sessions_user_login_idx').on(t.userId, t.loginAt), ...tenantPolicies('user_sessions')],
);

/** Platform super administrators: their own table, their own login, their own token audience. */
export const platformAdmins = pgTable(
  'platform_admins',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('platform_admins_email_unique').on(sql`lower(${t.email})`)],
);

export const platformSessions = pgTable(
  'platform_sessions',
  {
    id: idColumn(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => platformAdmins.id, { onDelete: 'cascade' }),
    loginAt: timestampColumn('login_at').notNull().defaultNow(),
    lastSeenAt: timestampColumn('last_seen_at').notNull().defaultNow(),
    logoutAt: timestampColumn('logout_at'),
    endReason: text('end_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('platform_sessions_admin_idx').on(t.adminId, t.loginAt)],
);

/** Failed sign-in attempts, kept for the throttling window only; a platform table (no tenant yet at login). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: idColumn(),
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    at: timestampColumn('at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_account_idx').on(t.accountKey, t.at), index('login_failures_ip_idx').on(t.ip, t.at)],
);

export type UserSessionRow = typeof userSessions.$inferSelect;
