import { Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { cannedResponses, type CannedResponseRow } from './canned-responses.table.js';

@Injectable()
export class CannedResponsesRepository {
  list(tx: TenantTx, tenantId: string): Promise<CannedResponseRow[]> {
    return tx.select().from(cannedResponses).where(eq(cannedResponses.tenantId, tenantId)).orderBy(asc(cannedResponses.title), asc(cannedResponses.id));
  }

  async find(tx: TenantTx, tenantId: string, id: string): Promise<CannedResponseRow | undefined> {
    const [row] = await tx
      .select()
      .from(cannedResponses)
      .where(and(eq(cannedResponses.tenantId, tenantId), eq(cannedResponses.id, id)))
      .limit(1);
    return row;
  }

  async insert(tx: TenantTx, row: typeof cannedResponses.$inferInsert): Promise<CannedResponseRow> {
    const [created] = await tx.insert(cannedResponses).values(row).returning();
    return created;
  }

  /** Batch insert of prepared rows (demo data). */
  async insertMany(tx: TenantTx | PlatformTx, rows: (typeof cannedResponses.$inferInsert)[]): Promise<CannedResponseRow[]> {
    return rows.length ? tx.insert(cannedResponses).values(rows).returning() : [];
  }

  async update(tx: TenantTx, tenantId: string, id: string, patch: { title?: string; text?: string }): Promise<CannedResponseRow | undefined> {
    const [row] = await tx
      .update(cannedResponses)
      .set(patch)
      .where(and(eq(cannedResponses.tenantId, tenantId), eq(cannedResponses.id, id)))
      .returning();
    return row;
  }

  async delete(tx: TenantTx, tenantId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(cannedResponses)
      .where(and(eq(cannedResponses.tenantId, tenantId), eq(cannedResponses.id, id)))
      .returning({ id: cannedResponses.id });
    return rows.length > 0;
  }
}
