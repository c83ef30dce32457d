import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any($1::type[])`: one array parameter, where drizzle's `inArray` binds one parameter per
 * value. For lists of hundreds or thousands (an inbound batch's senders, an export's chunk of ids)
 * building, sending and planning those parameters cost more than the query. The values may be a
 * placeholder (a statement built once, platform/db/built-once.ts).
 */
export function anyOf(column: PgColumn, values: readonly unknown[] | Placeholder): SQL {
  return sql`${column} = any(${sql.param(values)}::${sql.raw(column.getSQLType())}[])`;
}
