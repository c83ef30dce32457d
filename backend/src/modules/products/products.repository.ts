import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { products, type ProductRow } from './products.table.js';

/** `%text%` for (I)LIKE, with the wildcards typed by the user taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export type NewProduct = Omit<typeof products.$inferInsert, 'id'> & { id?: string };

@Injectable()
export class ProductsRepository {
  async list(tx: TenantTx, tenantId: string, filter: { q?: string; offset: number; limit: number }): Promise<{ rows: ProductRow[]; total: number }> {
    const pattern = filter.q ? containsPattern(filter.q) : undefined;
    const where = and(eq(products.tenantId, tenantId), pattern ? or(ilike(products.name, pattern), ilike(products.sku, pattern)) : undefined);
    const rows = await tx.select().from(products).where(where).orderBy(asc(products.name), asc(products.id)).limit(filter.limit).offset(filter.offset);
    const [{ total }] = await tx.select({ total: count() }).from(products).where(where);
    return { rows, total };
  }

  /** The tenant's products among these ids (for the deal editor's product rows). */
  async findByIds(tx: TenantTx, tenantId: string, ids: string[]): Promise<ProductRow[]> {
    if (!ids.length) return [];
    return tx.select().from(products).where(and(eq(products.tenantId, tenantId), inArray(products.id, ids)));
  }

  async insertMany(tx: TenantTx | PlatformTx, rows: NewProduct[]): Promise<ProductRow[]> {
    if (!rows.length) return [];
    return tx.insert(products).values(rows).returning();
  }
}
