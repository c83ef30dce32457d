import { Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import { anyOf } from '../../platform/db/any-of.js';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { newestFirst } from '../../platform/db/order.js';
import { products } from '../products/products.table.js';
import { contactDealProducts, contacts } from './contacts.table.js';

export type DealProductRecord = {
  contactId: string;
  qty: number;
  price: number;
  product: { id: string; name: string; sku: string; price: number } | null;
};
export type DealLineRow = { productId: string; qty: number; price: number };
export type BuyerRow = {
  contactId: string;
  name: string | null;
  phone: string;
  amount: number | null;
  pipelineStatus: string | null;
  qty: number;
};

/**
 * The products of the deals (contact_deal_products): a deal's lines with their products, replacing
 * them, the demo's bulk insert, and the other way round, the deals that hold a product (its buyers).
 */
@Injectable()
export class DealLinesRepository {
  async dealProducts(tx: TenantTx, tenantId: string, contactIds: string[]): Promise<DealProductRecord[]> {
    const out: DealProductRecord[] = [];
    for (let i = 0; i < contactIds.length; i += 5000) {
      const rows = await tx
        .select({
          contactId: contactDealProducts.contactId,
          qty: contactDealProducts.qty,
          price: contactDealProducts.price,
          productId: products.id,
          productName: products.name,
          productSku: products.sku,
          productPrice: products.price,
        })
        .from(contactDealProducts)
        .leftJoin(products, eq(products.id, contactDealProducts.productId))
        .where(and(eq(contactDealProducts.tenantId, tenantId), anyOf(contactDealProducts.contactId, contactIds.slice(i, i + 5000))))
        .orderBy(asc(contactDealProducts.contactId), asc(contactDealProducts.position));
      for (const r of rows) {
        out.push({
          contactId: r.contactId,
          qty: r.qty,
          price: r.price,
          product: r.productId ? { id: r.productId, name: r.productName!, sku: r.productSku!, price: r.productPrice! } : null,
        });
      }
    }
    return out;
  }

  async replaceDealProducts(tx: TenantTx, tenantId: string, contactId: string, lines: DealLineRow[]): Promise<void> {
    await tx.delete(contactDealProducts).where(and(eq(contactDealProducts.tenantId, tenantId), eq(contactDealProducts.contactId, contactId)));
    if (lines.length) {
      await tx.insert(contactDealProducts).values(lines.map((l, position) => ({ tenantId, contactId, productId: l.productId, qty: l.qty, price: l.price, position })));
    }
  }

  async insertDealProducts(tx: TenantTx | PlatformTx, rows: (typeof contactDealProducts.$inferInsert)[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(contactDealProducts).values(rows.slice(i, i + 1000));
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
    const [{ total }] = await tx
      .select({ total: sql<number>`count(distinct ${contactDealProducts.contactId})::int` })
      .from(contactDealProducts)
      .where(where);
    return { rows, total };
  }
}
