import * as drizzle from 'drizzle-orm';
import type { Query } from 'drizzle-orm';
import type { TenantTx, Tx } from './database.types.js';
import { planRowMapper, type RowMapper } from './row-mapper.js';

/** What a Drizzle select gives up once built: its SQL text (with placeholders) and how to map its rows. */
type BuiltSelect = PromiseLike<unknown> & { toSQL(): Query };
/** The selected fields in Drizzle's row order (opaque here: handed back to Drizzle's own mapping). */
type Fields = unknown[];
type Built = { query: Query; fields: Fields; joins?: Record<string, boolean>; mapRows?: RowMapper };
/** Members a select builder has at run time but its types keep internal. */
type SelectInternals = { getSelectedFields(): Record<string, unknown>; joinsNotNullableMap?: Record<string, boolean> };
type Prepared<R> = { joinsNotNullableMap?: Record<string, boolean>; execute(values: Record<string, unknown>): Promise<R> };
/** Drizzle's own flattening of a selection, the order its row mapping reads (exported, not typed). */
const orderSelectedFields = (drizzle as unknown as { orderSelectedFields(fields: Record<string, unknown>): Fields }).orderSelectedFields;
type Session = { prepareQuery(query: Query, fields: Fields, name: string, arrayMode: boolean, mapRows?: RowMapper): unknown };

/**
 * A select whose shape never changes, its SQL built on first use and reused by every call after:
 * the values go in through `sql.placeholder(name)`. Building a select (walking its columns and
 * conditions into text) was redone on every call: ~9 % of a list call's server CPU went there.
 * Rows are mapped as Drizzle maps them (the same decoders, planned once: row-mapper.ts), through the calling transaction's
 * session, so the tenant's settings and the pipelining hold as for any query.
 *
 * On PostgreSQL it is also a named prepared statement: each connection parses it once and then
 * only binds and executes it (pg sends Parse the first time a connection meets the name, and again
 * if that failed), instead of parsing, analysing and planning its text on every call. The shapes
 * built once read rows by key (`= any(ids)`), whose plan does not depend on the values.
 */
export class BuiltOnce<Q extends BuiltSelect, T extends Tx = TenantTx> {
  private static named = 0;
  private built?: Built;
  /** Unique in the process: a name stands for one text on every connection. */
  private readonly name = `built_once_${++BuiltOnce.named}`;

  constructor(private readonly build: (tx: T) => Q) {}

  run(tx: T, values: Record<string, unknown>): Promise<Awaited<Q>> {
    const built = (this.built ??= this.buildWith(tx));
    const prepared = (tx as unknown as { _: { session: Session } })._.session.prepareQuery(built.query, built.fields, this.name, true, built.mapRows) as Prepared<Awaited<Q>>;
    prepared.joinsNotNullableMap = built.joins;
    return prepared.execute(values);
  }

  private buildWith(tx: T): Built {
    const select = this.build(tx);
    const internals = select as unknown as SelectInternals;
    const fields = orderSelectedFields(internals.getSelectedFields());
    return { query: select.toSQL(), fields, joins: internals.joinsNotNullableMap, mapRows: planRowMapper(fields, internals.joinsNotNullableMap) };
  }
}
