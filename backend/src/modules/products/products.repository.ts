import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { boundedTotal, countCap, type BoundedTotal } from '@crm/common';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { products, type ProductRow } from './products.table.js';
import { containsPattern } from '../../platform/db/contains-pattern.js';
import { walkingMatch } from '../../platform/db/walking-match.js';

export type NewProduct = Omit<typeof products.$inferInsert, 'id'> & { id?: string };
export type ProductPatch = Partial<Pick<NewProduct, 'name' | 'sku' | 'category' | 'price' | 'stockQty' | 'minQty' | 'notes' | 'archivedAt' | 'updatedAt'>>;
@Injectable()
export class ProductsRepository {
  /**
   * The products lists and pickers: never the archived (deleted) ones; by name. The total is exact
   * up to the bound (common's boundedTotal). A search first reads up to `cap` matches through the
   * company's trigram index (products_search, migration 0041): fewer than `cap`, the page is sorted
   * among them; at `cap` the word is common, and the page is read walking the name index in order
   * through the table (row-level security keeps LIKE from the trigram index there), which meets
   * the page's matches soon and stops.
   */
  async list(tx: TenantTx, tenantId: string, filter: { q?: string; offset: number; limit: number }): Promise<{ rows: ProductRow[] } & BoundedTotal> {
    const cap = countCap(filter.offset, filter.limit);
    const listed = and(eq(products.tenantId, tenantId), isNull(products.archivedAt));
    const byName = [asc(products.name), asc(products.id)];
    if (!filter.q) {
      const rows = await tx
        .select()
        .from(products)
        .where(listed)
        .orderBy(...byName)
        .limit(filter.limit)
        .offset(filter.offset);
      // a page that is not full tells the total; otherwise count, index-only, up to the cap
      if (rows.length > 0 && rows.length < filter.limit) return { rows, total: filter.offset + rows.length };
      const [{ n }] = await tx.select({ n: count() }).from(
        tx
          .select({ one: sql`1` })
          .from(products)
          .where(listed)
          .limit(cap)
          .as('listed'),
      );
      return { rows, ...boundedTotal(n, cap) };
    }
    const matches = sql`${products.searchText} like lower(${containsPattern(filter.q.replace(/\n/g, ' '))})`;
    const result = await tx.execute(
      sql`with m as materialized (select ${products.id}, ${products.name} from products_search as ${products} where ${matches} limit ${cap})
          select (select count(*) from m)::int as n,
                 array(select ${products.id} from m as ${products} order by ${products.name}, ${products.id} limit ${filter.limit} offset ${filter.offset}) as ids`,
    );
    const [{ n, ids }] = (result as unknown as { rows: { n: number | string; ids: string[] }[] }).rows;
    const counted = Number(n);
    if (counted < cap) {
      const byId = new Map((await this.findByIds(tx, tenantId, ids)).map((r) => [r.id, r]));
      return { rows: ids.map((id) => byId.get(id)).filter((r): r is ProductRow => !!r), total: counted };
    }
    const rows = await tx
      .select()
      .from(products)
      .where(and(listed, walkingMatch(matches)))
      .orderBy(...byName)
      .limit(filter.limit)
      .offset(filter.offset);
    return { rows, ...boundedTotal(counted, cap) };
  }

  /** One product, archived or not (a deal may still show an archived one). */
  async findById(tx: TenantTx, tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<ProductRow | undefined> {
    const q = tx
      .select()
      .from(products)
      .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
      .limit(1);
    const [row] = opts.forUpdate ? await q.for('update') : await q;
    return row;
  }

  /** The product (not archived) holding this SKU, case-insensitively. */
  async findActiveBySku(tx: TenantTx, tenantId: string, sku: string): Promise<ProductRow | undefined> {
    const [row] = await tx
      .select()
      .from(products)
      .where(and(eq(products.tenantId, tenantId), isNull(products.archivedAt), sql`lower(${products.sku}) = lower(${sku})`))
      .limit(1);
    return row;
  }

  /** The tenant's products among these ids, archived included (for the deal editor's product rows). */
  async findByIds(tx: TenantTx, tenantId: string, ids: string[]): Promise<ProductRow[]> {
    if (!ids.length) return [];
    return tx
      .select()
      .from(products)
      .where(and(eq(products.tenantId, tenantId), inArray(products.id, ids)));
  }

  async insert(tx: TenantTx, row: NewProduct): Promise<ProductRow> {
    const [created] = await tx.insert(products).values(row).returning();
    return created;
  }

  async insertMany(tx: TenantTx | PlatformTx, rows: NewProduct[]): Promise<ProductRow[]> {
    if (!rows.length) return [];
    return tx.insert(products).values(rows).returning();
  }

  async update(tx: TenantTx, tenantId: string, id: string, patch: ProductPatch): Promise<ProductRow | undefined> {
    const [row] = await tx
      .update(products)
      .set(patch)
      .where(and(eq(products.tenantId, tenantId), eq(products.id, id), isNull(products.archivedAt)))
      .returning();
    return row;
  }

  /**
   * Takes `qty` of each product out of stock (a negative qty puts it back), in one statement per
   * product and in id order so concurrent deals lock products in the same order. Returns the stock
   * before and after, for the minimum-reached notice.
   */
  async moveStock(tx: TenantTx, tenantId: string, moves: Map<string, number>, at: Date): Promise<{ id: string; name: string; before: number; after: number; minQty: number }[]> {
    const out = [];
    for (const [id, qty] of [...moves].sort(([a], [b]) => a.localeCompare(b))) {
      if (qty === 0) continue;
      const [row] = await tx
        .update(products)
        .set({ stockQty: sql`${products.stockQty} - ${qty}`, updatedAt: at })
        .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
        .returning({ id: products.id, name: products.name, after: products.stockQty, minQty: products.minQty });
      if (row) out.push({ ...row, before: row.after + qty });
    }
    return out;
  }
}
