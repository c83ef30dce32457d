import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { products, type ProductRow } from './products.table.js';
import { containsPattern } from '../../platform/db/contains-pattern.js';

export type NewProduct = Omit<typeof products.$inferInsert, 'id'> & { id?: string };
export type ProductPatch = Partial<Pick<NewProduct, 'name' | 'sku' | 'category' | 'price' | 'stockQty' | 'minQty' | 'notes' | 'archivedAt' | 'updatedAt'>>;
@Injectable()
export class ProductsRepository {
  /** The products lists and pickers: never the archived (deleted) ones. */
  async list(tx: TenantTx, tenantId: string, filter: { q?: string; offset: number; limit: number }): Promise<{ rows: ProductRow[]; total: number }> {
    const pattern = filter.q ? containsPattern(filter.q) : undefined;
    const where = and(
      eq(products.tenantId, tenantId),
      isNull(products.archivedAt),
      // Through products_matching (migration 0018): under RLS a plain ILIKE never uses the trigram indexes.
      pattern ? inArray(products.id, sql`(select m.id from products_matching(${pattern}) m)`) : undefined,
    );
    const rows = await tx.select().from(products).where(where).orderBy(asc(products.name), asc(products.id)).limit(filter.limit).offset(filter.offset);
    const [{ total }] = await tx.select({ total: count() }).from(products).where(where);
    return { rows, total };
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
