import { Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { users } from '../users/users.table.js';
import { followUpTemplates, type FollowUpTemplateRow } from './follow-ups.table.js';

export type TemplateRecord = FollowUpTemplateRow & { creatorName: string | null };

/** SQL of the follow-up templates, with their creator's name. */
@Injectable()
export class FollowUpTemplatesRepository {
  listTemplates(tx: TenantTx, tenantId: string): Promise<TemplateRecord[]> {
    return this.templateQuery(tx).where(eq(followUpTemplates.tenantId, tenantId)).orderBy(asc(followUpTemplates.name), asc(followUpTemplates.id));
  }

  async findTemplate(tx: TenantTx, tenantId: string, id: string): Promise<TemplateRecord | undefined> {
    const [row] = await this.templateQuery(tx)
      .where(and(eq(followUpTemplates.tenantId, tenantId), eq(followUpTemplates.id, id)))
      .limit(1);
    return row;
  }

  async insertTemplate(tx: TenantTx, row: typeof followUpTemplates.$inferInsert): Promise<FollowUpTemplateRow> {
    const [created] = await tx.insert(followUpTemplates).values(row).returning();
    return created;
  }

  /** Batch insert of prepared templates (demo data). */
  async insertTemplates(tx: TenantTx | PlatformTx, rows: (typeof followUpTemplates.$inferInsert)[]): Promise<FollowUpTemplateRow[]> {
    return rows.length ? tx.insert(followUpTemplates).values(rows).returning() : [];
  }

  async updateTemplate(tx: TenantTx, tenantId: string, id: string, patch: Pick<FollowUpTemplateRow, 'name' | 'steps' | 'whatsappTemplate'>): Promise<void> {
    await tx
      .update(followUpTemplates)
      .set(patch)
      .where(and(eq(followUpTemplates.tenantId, tenantId), eq(followUpTemplates.id, id)));
  }

  async deleteTemplate(tx: TenantTx, tenantId: string, id: string): Promise<void> {
    await tx.delete(followUpTemplates).where(and(eq(followUpTemplates.tenantId, tenantId), eq(followUpTemplates.id, id)));
  }

  private templateQuery(tx: TenantTx) {
    return tx
      .select({
        id: followUpTemplates.id,
        tenantId: followUpTemplates.tenantId,
        name: followUpTemplates.name,
        steps: followUpTemplates.steps,
        createdBy: followUpTemplates.createdBy,
        createdByRole: followUpTemplates.createdByRole,
        whatsappTemplate: followUpTemplates.whatsappTemplate,
        createdAt: followUpTemplates.createdAt,
        updatedAt: followUpTemplates.updatedAt,
        creatorName: users.name,
      })
      .from(followUpTemplates)
      .leftJoin(users, eq(users.id, followUpTemplates.createdBy));
  }
}
