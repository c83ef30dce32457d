import { Injectable } from '@nestjs/common';
import type { OrderConfirmationSettings, OrderConfirmationStatus } from '@crm/common';
import { and, asc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { TenantTx, Tx } from '../../platform/db/database.types.js';
import { newestFirst } from '../../platform/db/order.js';
import { contactDealProducts, contacts } from '../contacts/contacts.table.js';
import { products } from '../products/products.table.js';
import { orderConfirmationSettings, orderConfirmations, type OrderConfirmationRow } from './order-confirmations.table.js';

const OPEN: OrderConfirmationStatus[] = ['scheduled', 'open'];

/** The deal as the confirmation message shows it (read from the contacts module's tables). */
export type OrderDeal = {
  name: string | null;
  phone: string;
  assignedTo: string | null;
  pipelineStatus: string | null;
  amount: number | null;
  shippingCost: number | null;
  address: string;
  lines: { name: string; qty: number; price: number }[];
};

/** SQL of the cash-on-delivery confirmations and their settings. */
@Injectable()
export class OrderConfirmationsRepository {
  /** A contact merged into another (one person, one contact): what this module keeps of it follows. */
  async moveToContact(tx: TenantTx, tenantId: string, fromId: string, intoId: string): Promise<void> {
    // one confirmation waiting or open per contact: the merged contact's stays behind when the other has one
    await tx.execute(sql`
      update order_confirmations o set contact_id = ${intoId}
      where o.tenant_id = ${tenantId} and o.contact_id = ${fromId}
        and (o.status not in ('scheduled', 'open')
             or not exists (select 1 from order_confirmations r where r.tenant_id = ${tenantId} and r.contact_id = ${intoId} and r.status in ('scheduled', 'open')))`);
  }

  async settings(tx: TenantTx, tenantId: string): Promise<OrderConfirmationSettings | undefined> {
    const [row] = await tx.select({ settings: orderConfirmationSettings.settings }).from(orderConfirmationSettings).where(eq(orderConfirmationSettings.tenantId, tenantId));
    return row?.settings;
  }

  async saveSettings(tx: TenantTx, tenantId: string, settings: OrderConfirmationSettings, at: Date): Promise<void> {
    await tx
      .insert(orderConfirmationSettings)
      .values({ tenantId, settings, updatedAt: at })
      .onConflictDoUpdate({ target: orderConfirmationSettings.tenantId, set: { settings, updatedAt: at } });
  }

  /** Opens one for the contact unless one is already waiting or open (then null). */
  async open(tx: TenantTx, tenantId: string, contactId: string, sendAt: Date, now: Date): Promise<OrderConfirmationRow | null> {
    const [row] = await tx.insert(orderConfirmations).values({ tenantId, contactId, status: 'scheduled', sendAt, nextAt: sendAt, createdAt: now, updatedAt: now }).onConflictDoNothing().returning();
    return row ?? null;
  }

  async find(tx: TenantTx, tenantId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<OrderConfirmationRow | undefined> {
    const query = tx
      .select()
      .from(orderConfirmations)
      .where(and(eq(orderConfirmations.tenantId, tenantId), eq(orderConfirmations.id, id)));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  }

  async latestOf(tx: TenantTx, tenantId: string, contactId: string): Promise<OrderConfirmationRow | undefined> {
    const [row] = await tx
      .select()
      .from(orderConfirmations)
      .where(and(eq(orderConfirmations.tenantId, tenantId), eq(orderConfirmations.contactId, contactId)))
      .orderBy(newestFirst(orderConfirmations.createdAt))
      .limit(1);
    return row;
  }

  /** The contact's open confirmation whose message went out (waiting for an answer), locked. */
  async openOf(tx: TenantTx, tenantId: string, contactId: string): Promise<OrderConfirmationRow | undefined> {
    const [row] = await tx
      .select()
      .from(orderConfirmations)
      .where(and(eq(orderConfirmations.tenantId, tenantId), eq(orderConfirmations.contactId, contactId), eq(orderConfirmations.status, 'open'), isNotNull(orderConfirmations.sentAt)))
      .for('update');
    return row;
  }

  /** Of these contacts, those whose confirmation went out and waits for an answer (by the one-open-per-contact index). */
  async waitingForAnswer(tx: TenantTx, tenantId: string, contactIds: string[]): Promise<Set<string>> {
    if (!contactIds.length) return new Set();
    const rows = await tx
      .select({ contactId: orderConfirmations.contactId })
      .from(orderConfirmations)
      .where(and(eq(orderConfirmations.tenantId, tenantId), inArray(orderConfirmations.contactId, contactIds), inArray(orderConfirmations.status, OPEN), isNotNull(orderConfirmations.sentAt)));
    return new Set(rows.map((r) => r.contactId));
  }

  /**
   * Moves a confirmation on only if it is still in `from` (one conditional UPDATE: two instances
   * racing for the same step get one winner). True when this call moved it.
   */
  async move(tx: TenantTx, tenantId: string, id: string, from: OrderConfirmationStatus, patch: Partial<OrderConfirmationRow>): Promise<boolean> {
    const rows = await tx
      .update(orderConfirmations)
      .set(patch)
      .where(and(eq(orderConfirmations.tenantId, tenantId), eq(orderConfirmations.id, id), eq(orderConfirmations.status, from)))
      .returning({ id: orderConfirmations.id });
    return rows.length > 0;
  }

  /**
   * Confirmations due to be looked at: the sweep's list. Sends and reminders only of `sendable`
   * companies (the others wait for their WhatsApp and must not fill the list); expiries of any.
   */
  async due(tx: Tx, now: Date, sendable: string[], limit: number): Promise<{ id: string; tenantId: string }[]> {
    const expiring = and(eq(orderConfirmations.status, 'open'), isNotNull(orderConfirmations.sentAt), isNotNull(orderConfirmations.remindedAt));
    return tx
      .select({ id: orderConfirmations.id, tenantId: orderConfirmations.tenantId })
      .from(orderConfirmations)
      .where(and(inArray(orderConfirmations.status, OPEN), lte(orderConfirmations.nextAt, now), sendable.length ? or(inArray(orderConfirmations.tenantId, sendable), expiring) : expiring))
      .orderBy(asc(orderConfirmations.nextAt))
      .limit(limit);
  }

  async deal(tx: TenantTx, tenantId: string, contactId: string): Promise<OrderDeal | undefined> {
    const [c] = await tx
      .select({
        name: contacts.name,
        phone: contacts.phone,
        assignedTo: contacts.assignedTo,
        pipelineStatus: contacts.pipelineStatus,
        amount: contacts.dealAmount,
        shippingCost: contacts.shippingCost,
        street: contacts.shippingStreet,
        city: contacts.shippingCity,
        governorate: contacts.shippingGovernorate,
        address: contacts.address,
      })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
    if (!c) return undefined;
    const lines = await tx
      .select({ name: sql<string>`coalesce(${products.name}, '')`, qty: contactDealProducts.qty, price: contactDealProducts.price })
      .from(contactDealProducts)
      .leftJoin(products, eq(products.id, contactDealProducts.productId))
      .where(and(eq(contactDealProducts.tenantId, tenantId), eq(contactDealProducts.contactId, contactId)))
      .orderBy(asc(contactDealProducts.position));
    const shipTo = [c.street, c.city, c.governorate].filter((p): p is string => !!p?.trim()).join(', ');
    return {
      name: c.name,
      phone: c.phone,
      assignedTo: c.assignedTo,
      pipelineStatus: c.pipelineStatus,
      amount: c.amount,
      shippingCost: c.shippingCost,
      address: shipTo || c.address?.trim() || '',
      lines,
    };
  }
}
