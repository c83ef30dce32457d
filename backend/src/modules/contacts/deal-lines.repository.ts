import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, gt, notExists, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { boundedTotal, countCap, type BoundedTotal } from '@crm/common';
import { anyOf } from '../../platform/db/any-of.js';
import { BuiltOnce } from '../../platform/db/built-once.js';
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
  /** The deal lines of a list's page (every list call), built once. */
  private readonly linesOf = new BuiltOnce((tx) =>
    tx
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
      .where(and(eq(contactDealProducts.tenantId, sql.placeholder('tenantId')), anyOf(contactDealProducts.contactId, sql.placeholder('contactIds'))))
      .orderBy(asc(contactDealProducts.contactId), asc(contactDealProducts.position)),
  );

  async dealProducts(tx: TenantTx, tenantId: string, contactIds: string[]): Promise<DealProductRecord[]> {
    const out: DealProductRecord[] = [];
    for (let i = 0; i < contactIds.length; i += 5000) {
      const rows = await this.linesOf.run(tx, { tenantId, contactIds: contactIds.slice(i, i + 5000) });
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
   * The deals that hold the product (every status), newest sale first: each deal once, by its
   * newest line of the product (a deal's lines are written anew whenever its products are saved,
   * with time-ordered ids). The page walks the product's lines newest first and stops at the page
   * (index-only: contact_deal_products_product_newest_idx, and the "no newer line of this deal" probe
   * on contact_deal_products_product_idx); reading every buyer and sorting them by the contact's
   * last change cost 35 ms for a product of 3,000 deals. The total is exact up to the bound.
   */
  async buyers(tx: TenantTx, tenantId: string, productId: string, offset: number, limit: number): Promise<{ rows: BuyerRow[] } & BoundedTotal> {
    const ofProduct = (t: { tenantId: SQLWrapper; productId: SQLWrapper }) => and(eq(t.tenantId, tenantId), eq(t.productId, productId));
    const newer = alias(contactDealProducts, 'newer');
    const newest = tx
      .select({ contactId: contactDealProducts.contactId, lineId: contactDealProducts.id })
      .from(contactDealProducts)
      .where(
        and(
          ofProduct(contactDealProducts),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(newer)
              .where(and(ofProduct(newer), eq(newer.contactId, contactDealProducts.contactId), gt(newer.id, contactDealProducts.id))),
          ),
        ),
      )
      .orderBy(newestFirst(contactDealProducts.id))
      .limit(limit)
      .offset(offset)
      .as('newest');
    const qty = sql<number>`(select coalesce(sum(q.qty), 0)::int from ${contactDealProducts} q where q.tenant_id = ${tenantId} and q.product_id = ${productId} and q.contact_id = ${contacts.id})`;
    const rows = await tx
      .select({ contactId: contacts.id, name: contacts.name, phone: contacts.phone, amount: contacts.dealAmount, pipelineStatus: contacts.pipelineStatus, qty })
      .from(newest)
      .innerJoin(contacts, and(eq(contacts.tenantId, tenantId), eq(contacts.id, newest.contactId)))
      .orderBy(newestFirst(newest.lineId));
    // a page that is not full tells the total without counting
    if (rows.length < limit && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length };
    const cap = countCap(offset, limit);
    const buyers = tx.selectDistinct({ contactId: contactDealProducts.contactId }).from(contactDealProducts).where(ofProduct(contactDealProducts)).limit(cap).as('buyers');
    const [{ n }] = await tx.select({ n: count() }).from(buyers);
    return { rows, ...boundedTotal(n, cap) };
  }
}
