import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/database.types.js';
import { newestFirst } from '../../platform/db/order.js';
import { users } from '../users/users.table.js';
import { shippingStatusChanges } from './shipping-history.table.js';

export type ShippingChange = typeof shippingStatusChanges.$inferInsert;
export type ShippingChangeRecord = typeof shippingStatusChanges.$inferSelect & { changedByName: string | null };

/** A deal's shipping status changes: written with the change itself, read by the profile. */
@Injectable()
export class ShippingHistoryRepository {
  async record(tx: TenantTx, change: ShippingChange): Promise<void> {
    await tx.insert(shippingStatusChanges).values(change);
  }

  /** A contact's latest changes, newest first, with who made them (shipping_status_changes_contact_idx). */
  async history(tx: TenantTx, tenantId: string, contactId: string, limit: number): Promise<ShippingChangeRecord[]> {
    const rows = await tx
      .select({ change: shippingStatusChanges, changedByName: users.name })
      .from(shippingStatusChanges)
      .leftJoin(users, eq(users.id, shippingStatusChanges.changedBy))
      .where(and(eq(shippingStatusChanges.tenantId, tenantId), eq(shippingStatusChanges.contactId, contactId)))
      .orderBy(newestFirst(shippingStatusChanges.changedAt), newestFirst(shippingStatusChanges.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.change, changedByName: r.changedByName }));
  }
}
