import { sql } from 'drizzle-orm';
import { pgPolicy, pgRole } from 'drizzle-orm/pg-core';

/**
 * Database roles. Migrations run as the connecting (owner) user; request work switches, inside
 * its transaction, to one of these two roles, neither superuser, owner nor BYPASSRLS:
 * - crm_app: tenant work, sees only rows of `app.tenant_id`;
 * - crm_platform: the explicit platform path (super administrator, login, session checks, seeding).
 */
export const APP_ROLE = 'crm_app';
export const PLATFORM_ROLE = 'crm_platform';

export const appRole = pgRole(APP_ROLE).existing();
export const platformRole = pgRole(PLATFORM_ROLE).existing();

/** `''` after an earlier SET LOCAL in the same session, NULL before: both mean "no tenant". */
export const currentTenantId = sql`NULLIF(current_setting('app.tenant_id', true), '')::uuid`;

/** The two policies every tenant table carries: tenant isolation for the app, full access for the platform path. */
export function tenantPolicies(table: string) {
  return [
    pgPolicy(`${table}_tenant_isolation`, {
      as: 'permissive',
      for: 'all',
      to: appRole,
      using: sql`tenant_id = ${currentTenantId}`,
      withCheck: sql`tenant_id = ${currentTenantId}`,
    }),
    platformPolicy(table),
  ];
}

export function platformPolicy(table: string) {
  return pgPolicy(`${table}_platform_access`, {
    as: 'permissive',
    for: 'all',
    to: platformRole,
    using: sql`true`,
    withCheck: sql`true`,
  });
}
