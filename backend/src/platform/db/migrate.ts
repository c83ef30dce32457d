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
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
    await client.query(SECURE_TABLES_SQL);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
