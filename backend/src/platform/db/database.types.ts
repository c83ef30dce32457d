import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { ExtractTablesWithRelations } from 'drizzle-orm';

/**
 * The app's tables by export name. Platform never imports a module: the app root hands the modules'
 * table index (modules/tables.ts) to DatabaseModule.forRoot. Queries build from the imported table
 * objects, so the type here stays generic.
 */
export type Schema = Record<string, unknown>;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

declare const scope: unique symbol;
/** A transaction running as the app role with `app.tenant_id` set: every row it sees is the tenant's. */
export type TenantTx = Tx & { readonly [scope]: 'tenant' };
/** A transaction running as the platform role: the one explicit path that crosses tenants. */
export type PlatformTx = Tx & { readonly [scope]: 'platform' };

/**
 * A check made inside a transaction before its settings (the request's session check): `sql` is a
 * statement without parameters, `accept` throws to refuse the transaction (rolled back, the work's
 * answers withheld).
 */
export type TxCheck = { sql: string; accept(rows: Record<string, unknown>[]): void };

export type DbConnection = {
  kind: 'pglite' | 'postgres';
  db: Db;
  close(): Promise<void>;
  /**
   * A transaction whose first statement, `prelude` (SQL without parameters: the role and tenant
   * settings), goes with BEGIN and the work's first query in one round trip on PostgreSQL. Rolled
   * back when `work` throws or `check` refuses.
   */
  transaction<T>(prelude: string, work: (tx: Tx) => Promise<T>, check?: TxCheck): Promise<T>;
  /** Runs a statement outside any role switch (migrations, health). */
  raw<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** The underlying client, for libraries that bring their own SQL (pg-boss, platform/jobs): the PGlite instance or the pg pool. */
  client: { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; pool: pg.Pool };
};
