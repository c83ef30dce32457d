import { getTableColumns, sql, type SQL, type SQLChunk } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './database.types.js';

/**
 * Many rows in one `INSERT … SELECT * FROM unnest($1::uuid[], $2::text[], …)`: one array parameter
 * per column whatever the number of rows. Drizzle's multi-row `VALUES` builds and binds a parameter
 * per cell (thousands per inbound batch), which took ~14 % of the main thread at 2,000 inbound
 * msg/s. A column left undefined in every row gets its database default; one given in
 * some rows only gets its `$defaultFn` in the others (or is refused, to keep defaults honest).
 * `suffix` follows the SELECT (e.g. `on conflict … do nothing`); the inserted rows come back
 * mapped like drizzle's `returning()`, in no particular order.
 */
export async function insertWithUnnest<T extends PgTable>(tx: Tx, table: T, values: T['$inferInsert'][], suffix?: SQL): Promise<T['$inferSelect'][]> {
  if (!values.length) return [];
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const result = await tx.execute(sql`${unnestInsert(table, columns, values, suffix)} returning *`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const v = raw[column.name];
      row[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v);
    }
    return row as T['$inferSelect'];
  });
}

/** insertWithUnnest without reading the rows back: for rows as large as they are many (e.g. webhook bodies). */
export async function insertAllWithUnnest<T extends PgTable>(tx: Tx, table: T, values: T['$inferInsert'][], suffix?: SQL): Promise<void> {
  if (!values.length) return;
  await tx.execute(unnestInsert(table, Object.entries(getTableColumns(table)) as [string, PgColumn][], values, suffix));
}

function unnestInsert<T extends PgTable>(table: T, columns: [string, PgColumn][], values: T['$inferInsert'][], suffix?: SQL): SQL {
  const names: SQLChunk[] = [];
  const arrays: SQL[] = [];
  for (const [key, column] of columns) {
    const cells = values.map((row) => (row as Record<string, unknown>)[key]);
    if (cells.every((v) => v === undefined)) continue;
    const driverValues = cells.map((v) => {
      if (v === undefined) {
        if (!column.defaultFn) throw new Error(`insertWithUnnest: ${column.name} given in some rows only`);
        v = column.defaultFn();
      }
      return v === null ? null : column.mapToDriverValue(v);
    });
    names.push(sql.identifier(column.name));
    arrays.push(sql`${sql.param(driverValues)}::${sql.raw(column.getSQLType())}[]`);
  }
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)}) ${suffix ?? sql``}`;
}
