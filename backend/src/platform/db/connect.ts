import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, DbConnection, Schema } from './database.types.js';

// numeric columns come back as JS numbers (amounts are money with 2 decimals, well inside double precision)
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => (v === null ? null : Number(v)));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => (v === null ? null : Number(v)));

export type ConnectOptions = {
  databaseUrl?: string;
  /** PGlite data directory, or `memory://` for an in-memory database (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /** The app's tables (modules/tables.ts, given by the app root) for Drizzle's query builder. */
  schema?: Schema;
};

/** PostgreSQL when a URL is given, the embedded PGlite otherwise: the same schema, migrations and RLS. */
export async function connectDatabase(options: ConnectOptions): Promise<DbConnection> {
  const schema = options.schema ?? {};
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.poolSize ?? 10, schema);
  return connectPglite(options.pgliteDir ?? 'memory://', schema);
}

async function connectPostgres(url: string, max: number, schema: Schema): Promise<DbConnection> {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => undefined); // idle client errors surface on the next query instead of crashing
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    client: { kind: 'postgres', pool },
    close: () => pool.end(),
    raw: async (query, params) => (await pool.query(query, params)).rows,
  };
}

async function connectPglite(dir: string, schema: Schema): Promise<DbConnection> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir.startsWith('memory://') ? undefined : dir, {
    parsers: { 1700: (v: string) => Number(v), 20: (v: string) => Number(v) },
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    client: { kind: 'pglite', pglite: client },
    close: () => client.close(),
    // exec() takes several statements at once, as the simple protocol of node-postgres does
    raw: async (query, params) =>
      (params?.length ? (await client.query(query, params)).rows : ((await client.exec(query)).at(-1)?.rows ?? [])) as never,
  };
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pg');
}
