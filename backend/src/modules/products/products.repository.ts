import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { contactDealProducts, contacts } from '../contacts/contacts.table.js';
import { products, type ProductRow } from './products.table.js';
import { newestFirst } from '../../platform/db/order.js';
import { containsPattern } from '../../platform/db/contains-pattern.js';

export type NewProduct = Omit<typeof products.$inferInsert, 'id'> & { id?: string };
export type ProductPatch = Partial<Pick<NewProduct, 'name' | 'sku' | 'category' | 'price' | 'stockQty' | 'minQty' | 'notes' | 'archivedAt' | 'updatedAt'>>;
export type BuyerRow = {
  contactId: string;
  name: string | null;
  phone: string;
  amount: number | null;
  pipelineStatus: string | null;
  qty: number;
};

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
    const q = tx.select().from(products).where(and(eq(products.tenantId, tenantId), eq(products.id, id))).limit(1);
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
    return tx.select().from(products).where(and(eq(products.tenantId, tenantId), inArray(products.id, ids)));
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

  /**
   * The deals that hold the product (every status), newest change first: its buyers. The product's
   * deal lines are grouped first and each buyer is then read by key (a lateral join): a plain join
   * let PostgreSQL hash all the company's contacts for one product's page (EXPLAIN at 50,000
   * contacts: 114 ms before, 24 ms after; it now grows with the product's buyers only).
   */
  async buyers(tx: TenantTx, tenantId: string, productId: string, offset: number, limit: number): Promise<{ rows: BuyerRow[]; total: number }> {
    const where = and(eq(contactDealProducts.tenantId, tenantId), eq(contactDealProducts.productId, productId));
    const lines = tx
      .select({ contactId: contactDealProducts.contactId, qty: sql<number>`sum(${contactDealProducts.qty})::int`.as('qty') })
      .from(contactDealProducts)
      .where(where)
      .groupBy(contactDealProducts.contactId)
      .as('lines');
    const buyer = tx
      .select({ id: contacts.id, name: contacts.name, phone: contacts.phone, amount: contacts.dealAmount, pipelineStatus: contacts.pipelineStatus, updatedAt: contacts.updatedAt })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, lines.contactId)))
      // One row per id anyway; the limit keeps PostgreSQL from flattening this back into a hash join.
      .limit(1)
      .as('buyer');
    const rows = await tx
      .select({ contactId: buyer.id, name: buyer.name, phone: buyer.phone, amount: buyer.amount, pipelineStatus: buyer.pipelineStatus, qty: lines.qty })
      .from(lines)
      .innerJoinLateral(buyer, sql`true`)
      .orderBy(newestFirst(buyer.updatedAt), newestFirst(buyer.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = await tx.select({ total: sql<number>`count(distinct ${contactDealProducts.contactId})::int` }).from(contactDealProducts).where(where);
    return { rows, total };
  }
}
