import { Injectable } from '@nestjs/common';
import { count, eq } from 'drizzle-orm';
import type { PlatformTx } from '../../platform/db/database.types.js';
import { superAuditLog, type SuperAuditRow } from './super-audit.table.js';
import { newestFirst } from '../../platform/db/order.js';

export type NewAuditEntry = Omit<SuperAuditRow, 'id' | 'createdAt'>;

@Injectable()
export class SuperAuditRepository {
  async insert(tx: PlatformTx, entry: NewAuditEntry): Promise<void> {
    await tx.insert(superAuditLog).values(entry);
  }

  async pageForTenant(tx: PlatformTx, tenantId: string, limit: number, offset: number) {
    const rows = await tx
      .select()
      .from(superAuditLog)
      .where(eq(superAuditLog.tenantId, tenantId))
      .orderBy(newestFirst(superAuditLog.createdAt), newestFirst(superAuditLog.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = await tx.select({ total: count() }).from(superAuditLog).where(eq(superAuditLog.tenantId, tenantId));
    return { rows, total };
  }
}
