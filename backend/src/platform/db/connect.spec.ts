import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { connectDatabase } from './connect.js';
import type { DbConnection, Tx } from './database.types.js';
import { lastQueries } from './last-queries.js';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const setting = "select current_setting('app.tenant_id', true) as value";

// One connection in the pool: whatever a transaction leaves on it, the next one meets.
describe('DbConnection.transaction (BEGIN and the prelude in one round trip)', () => {
  let database: TestDatabase;
  let conn: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase();
    conn = await connectDatabase({ databaseUrl: database.databaseUrl, pgliteDir: database.pgliteDir, poolSize: 1 });
    await conn.raw('create table if not exists tx_probe (id int primary key)');
  });
  afterAll(async () => {
    await conn?.close();
    await database?.drop();
  });

  it('runs the prelude inside the transaction, and its local settings end with it', async () => {
    const inside = await conn.transaction(`select set_config('app.tenant_id', 'abc', true)`, async (tx) => rows<{ value: string }>(await tx.execute(sql.raw(setting))));
    expect(inside).toEqual([{ value: 'abc' }]);
    const [after] = await conn.transaction('select 1', async (tx) => rows<{ value: string | null }>(await tx.execute(sql.raw(setting))));
    expect(['', null]).toContain(after.value); // '' once PostgreSQL knows the setting's name
  });

  it('commits what the work wrote, and rolls it all back when the work throws', async () => {
    await conn.transaction('select 1', (tx) => tx.execute(sql`insert into tx_probe values (1)`));
    const failure = await conn
      .transaction('select 1', async (tx) => {
        await tx.execute(sql`insert into tx_probe values (2)`);
        throw new Error('the work failed');
      })
      .catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('the work failed');
    expect(await conn.raw('select id from tx_probe order by id')).toEqual([{ id: 1 }]);
  });

  it('fails on a bad prelude: the work gets no answer, nothing it wrote stays, and the connection serves the next transaction', async () => {
    let answered = false;
    const work = async (tx: Tx) => {
      await tx.execute(sql`insert into tx_probe values (3)`);
      answered = true;
    };
    await expect(conn.transaction('select no_such_function()', work)).rejects.toThrow(/no_such_function/);
    expect(answered).toBe(false);
    expect(await conn.raw('select id from tx_probe where id = 3')).toEqual([]);
    expect(await conn.transaction('select 1', async (tx) => rows(await tx.execute(sql`select 2 as two`)))).toEqual([{ two: 2 }]);
  });

  it('a check that refuses rolls the transaction back and its reason is the error; one that accepts sees its rows', async () => {
    const refused = new Error('refused');
    const refuse = {
      sql: 'select 41 as n',
      accept: () => {
        throw refused;
      },
    };
    const failure = await conn.transaction('select 1', (tx) => tx.execute(sql`insert into tx_probe values (4)`), refuse).catch((e: unknown) => e);
    expect(failure).toBe(refused);
    expect(await conn.raw('select id from tx_probe where id = 4')).toEqual([]);
    let seen: unknown;
    const accept = { sql: 'select 42 as n', accept: (r: Record<string, unknown>[]) => void (seen = r) };
    expect(await conn.transaction('select 1', async (tx) => rows(await tx.execute(sql`select 5 as five`)), accept)).toEqual([{ five: 5 }]);
    expect(seen).toEqual([{ n: 42 }]);
  });

  it('the last queries commit with them, and a query sent after them is refused instead of running outside the transaction', async () => {
    await conn.transaction('select 1', (tx) => lastQueries(tx, () => Promise.all([tx.execute(sql`insert into tx_probe values (6)`), tx.execute(sql`insert into tx_probe values (7)`)])));
    expect(await conn.raw('select id from tx_probe where id in (6, 7) order by id')).toEqual([{ id: 6 }, { id: 7 }]);
    const late = conn.transaction('select 1', async (tx) => {
      await lastQueries(tx, () => tx.execute(sql`select 1`));
      await tx.execute(sql`insert into tx_probe values (8)`);
    });
    // PGlite has no commit to send early: there the late query is still inside the transaction
    if (conn.kind === 'postgres') expect(String(((await late.catch((e: Error) => e)) as Error).cause)).toMatch(/after the transaction/);
    else await late;
    expect(await conn.raw('select id from tx_probe where id = 8')).toEqual(conn.kind === 'postgres' ? [] : [{ id: 8 }]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('drops a connection that died in the middle, and the next transaction gets a new one', async () => {
    const failure = await conn.transaction('select 1', (tx) => tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`)).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(await conn.transaction('select 1', async (tx) => rows(await tx.execute(sql`select 3 as three`)))).toEqual([{ three: 3 }]);
  });
});
