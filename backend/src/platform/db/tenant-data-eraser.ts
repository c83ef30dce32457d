import { sql } from 'drizzle-orm';
import type { PlatformTx } from './database.types.js';

/**
 * Erases every row of one tenant from every table that has a `tenant_id` column, found in the
 * catalogue (pg_catalog) at the time of the call, so a table added later is never forgotten.
 *
 * Why here and not in each module: the house rule is that a module writes only its own tables
 * (scripts/boundaries/repository-writes.ts). Deleting a company is the one operation that must
 * reach every module's tables at once, in one transaction; asking every module for a "delete the
 * tenant's rows" method would be a list to keep complete by hand, and the one forgotten would keep
 * a deleted company's personal data. So this platform function, which imports no module and names
 * no table, is the single documented place that writes across tables by catalogue. Only the
 * tenant-deletion module calls it.
 *
 * Tables are emptied children first (by their foreign keys among tenant tables). Triggers may write
 * again to a table already emptied (contact_counts is kept by triggers on contacts), so passes
 * repeat until one deletes nothing.
 */
export type TenantTable = { name: string; rows: number };

const MAX_PASSES = 5;

/** The public tables with a tenant_id column, children before the tables they reference. */
export async function tenantTables(tx: PlatformTx): Promise<string[]> {
  const tables = (await tx.execute(sql`
    select c.relname as name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`)) as unknown as { rows: { name: string }[] } | { name: string }[];
  const names = rowsOf(tables).map((r) => r.name);
  const edges = (await tx.execute(sql`
    select child.relname as child, parent.relname as parent
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`)) as unknown as { rows: { child: string; parent: string }[] } | { child: string; parent: string }[];
  const inSet = new Set(names);
  // referencedBy[p] = tables that must be emptied before p
  const waitingOn = new Map(names.map((n) => [n, new Set<string>()]));
  for (const { child, parent } of rowsOf(edges)) if (inSet.has(child) && inSet.has(parent)) waitingOn.get(parent)!.add(child);
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter((n) => !done.has(n) && [...waitingOn.get(n)!].every((c) => done.has(c)));
    // a cycle of foreign keys: take the rest as they come (their ON DELETE actions settle it)
    const next = ready.length ? ready : names.filter((n) => !done.has(n));
    for (const n of next) {
      ordered.push(n);
      done.add(n);
    }
  }
  return ordered;
}

/**
 * Deletes the tenant's rows from every tenant table except `keep` (tables whose rows must outlive
 * the company, like the super audit log). Returns the rows each table held, by table name.
 */
export async function eraseTenantRows(tx: PlatformTx, tenantId: string, options: { keep: readonly string[] }): Promise<Record<string, number>> {
  const tables = (await tenantTables(tx)).filter((t) => !options.keep.includes(t));
  const held: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf((await tx.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${tenantId}`)) as never) as { n: number }[];
    if (row.n > 0) held[table] = row.n;
  }
  for (let pass = 1; ; pass++) {
    let deleted = 0;
    for (const table of tables) {
      const result = await tx.execute(sql`delete from ${sql.identifier(table)} where tenant_id = ${tenantId}`);
      deleted += affected(result);
    }
    if (deleted === 0) break;
    if (pass >= MAX_PASSES) throw new Error(`rows of tenant ${tenantId} keep coming back after ${MAX_PASSES} passes`);
  }
  return held;
}

function rowsOf<T>(result: { rows: T[] } | T[]): T[] {
  return Array.isArray(result) ? result : result.rows;
}

function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
