import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DbConnection } from './database.types.js';
import { SECURE_TABLES_SQL } from './secure-tables.sql.js';

// any 64-bit number unique to this app: two instances starting together migrate one at a time
const MIGRATION_LOCK_KEY = 7_370_112_604;

/**
 * The runtime roles of migration 0000, made before the migrations run. Roles belong to the whole
 * server but the migration lock above to one database, so two databases of one fresh server (test
 * files, staging beside production) migrating at once both found no role and one failed on
 * CREATE ROLE. Here the loser of that race moves on; on a server that has the roles this only
 * reads pg_roles (no CREATEROLE needed).
 */
const RUNTIME_ROLES_SQL = `
DO $$
DECLARE r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['crm_app', 'crm_platform'] LOOP
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
        EXECUTE format('CREATE ROLE %I NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE', r);
      END IF;
    EXCEPTION WHEN unique_violation OR duplicate_object THEN
      NULL; -- another database of this server made it at the same moment
    END;
    -- the membership row itself (a superuser passes pg_has_role without one, yet 0000 grants it)
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_auth_members m
                     WHERE m.roleid = (SELECT oid FROM pg_roles WHERE rolname = r)
                       AND m.member = (SELECT oid FROM pg_roles WHERE rolname = current_user)) THEN
        EXECUTE format('GRANT %I TO CURRENT_USER', r);
      END IF;
    EXCEPTION WHEN unique_violation OR duplicate_object THEN
      NULL;
    END;
  END LOOP;
END $$`;

/** The committed Drizzle migrations folder, found from here whether running from src/ or dist/. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('Drizzle migrations folder not found');
}

/**
 * Applies the committed migrations, then makes sure every tenant table has row-level security
 * enabled and forced and the runtime roles have their grants (an idempotent sweep, so a new table
 * cannot ship without them).
 */
export async function migrateDatabase(conn: DbConnection, databaseUrl?: string): Promise<void> {
  const folder = migrationsFolder();
  if (conn.kind === 'pglite') {
    await migratePglite(conn.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    await conn.raw(SECURE_TABLES_SQL);
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(RUNTIME_ROLES_SQL);
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
    await client.query(SECURE_TABLES_SQL);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
