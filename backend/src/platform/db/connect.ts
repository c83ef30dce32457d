import { mkdirSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, DbConnection, Schema, Tx, TxCheck } from './database.types.js';
import { finishers } from './last-queries.js';

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
  // pipelined: queries sent together share one round trip (pooledTransaction)
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, pipeline: true } as pg.PoolConfig);
  pool.on('error', () => undefined); // idle client errors surface on the next query instead of crashing
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    client: { kind: 'postgres', pool },
    close: () => pool.end(),
    transaction: (prelude, work, check) => pooledTransaction(pool, prelude, work, check),
    raw: async (query, params) => (await pool.query(query, params)).rows,
  };
}

async function connectPglite(dir: string, schema: Schema): Promise<DbConnection> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir.startsWith('memory://') ? undefined : dir, {
    parsers: { 1700: (v: string) => Number(v), 20: (v: string) => Number(v) },
    extensions: { pg_trgm, btree_gin },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    client: { kind: 'pglite', pglite: client },
    close: () => client.close(),
    // in this process: a round trip costs nothing to save
    transaction: (prelude, work, check) =>
      db.transaction(async (tx) => {
        if (check) check.accept(((await tx.execute(sql.raw(check.sql))) as unknown as { rows: Record<string, unknown>[] }).rows);
        await tx.execute(sql.raw(prelude));
        return work(tx as Tx);
      }),
    // exec() takes several statements at once, as the simple protocol of node-postgres does
    raw: async (query, params) => (params?.length ? (await client.query(query, params)).rows : ((await client.exec(query)).at(-1)?.rows ?? [])) as never,
  };
}

const dialect = new PgDialect();

/**
 * Drizzle's own transaction waits for BEGIN, then for each setting, then for each query, then for
 * COMMIT: seven round trips for a list, each a wait for the scheduler on a busy machine. Here the
 * connection is pipelined (pg's `pipeline` mode): BEGIN, the session check and the settings go in
 * one simple-protocol query written right in front of the work's first query, so they share its
 * round trip; queries the work sends together share one; `lastQueries` writes COMMIT behind the
 * work's last ones. What keeps this as safe as waiting: every answer is held until the prelude
 * has succeeded (a refused session check or a failed setting yields no row to the work), and once
 * COMMIT is written the transaction refuses any further query, which would otherwise run outside
 * it, without the tenant's settings. No relational schema: `tx.query` is not used.
 */
async function pooledTransaction<T>(pool: pg.Pool, prelude: string, work: (tx: Tx) => Promise<T>, check?: TxCheck): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // A connection that dies while checked out (PostgreSQL restarted, the backend terminated) also
  // emits 'error' on the client, where the pool listens only while it is idle: unheard, that event
  // ends the process. The query under way fails with it anyway.
  const dead = (error: Error) => (broken = error);
  client.on('error', dead);
  let commit: Promise<unknown> | undefined;
  const send = oneWritePerTurn(client);
  send();
  const ready = client.query(check ? `begin; ${check.sql}; ${prelude}` : `begin; ${prelude}`).then((results: unknown) => {
    if (check) check.accept((results as pg.QueryResult[])[1].rows);
  });
  ready.catch(() => undefined); // awaited below; a work that sends nothing must not leave it unhandled
  const guarded = {
    query: (...args: Parameters<pg.PoolClient['query']>) => {
      if (commit) return Promise.reject(new Error('a query after the transaction was committed'));
      send();
      const answer = (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      return Promise.all([ready, answer]).then(([, result]) => result);
    },
  } as unknown as pg.PoolClient;
  const tx = new NodePgTransaction(dialect, new NodePgSession(guarded, dialect, undefined), undefined) as unknown as Tx;
  finishers.set(tx, () => {
    send();
    return (commit ??= client.query('commit'));
  });
  try {
    const result = await work(tx);
    await ready;
    await (commit ??= client.query('commit'));
    return result;
  } catch (error) {
    // a connection that cannot even roll back is not given to the next request
    await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
    // a refused prelude is the reason, whatever the work's queries then answered
    throw await ready.then(
      () => error,
      (refused: unknown) => refused,
    );
  } finally {
    client.off('error', dead);
    client.release(broken);
  }
}

/**
 * pg writes each query with a write of its own (a syscall that, on the loopback, also wakes the
 * PostgreSQL backend): the queries a transaction sends together, its COMMIT behind the last ones
 * (`lastQueries`, a setImmediate later), are held in the socket until this turn of the event loop
 * is over and leave in one write. Answers cannot come sooner anyway: PostgreSQL has not seen them.
 */
function oneWritePerTurn(client: pg.PoolClient): () => void {
  const socket = (client as unknown as { connection?: { stream?: Partial<Socket> } }).connection?.stream;
  if (typeof socket?.cork !== 'function' || typeof socket.uncork !== 'function') return () => undefined;
  let held = false;
  return () => {
    if (held) return;
    held = true;
    socket.cork!();
    setImmediate(() => {
      held = false;
      socket.uncork!();
    });
  };
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pg');
}
