import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { whatsappCloudConnections, whatsappCloudTemplates, type WhatsappCloudTemplateRow } from './whatsapp-cloud.table.js';

export type TemplateValues = Pick<WhatsappCloudTemplateRow, 'metaId' | 'name' | 'language' | 'category' | 'status' | 'body' | 'bodyParamCount' | 'header' | 'buttons'>;

@Injectable()
export class WhatsAppTemplatesRepository {
  /** Every company connected through the Cloud API (the periodic sync's round; platform path). */
  async cloudTenants(tx: PlatformTx): Promise<string[]> {
    const rows = await tx.select({ tenantId: whatsappCloudConnections.tenantId }).from(whatsappCloudConnections);
    return rows.map((r) => r.tenantId);
  }

  async all(tx: TenantTx, tenantId: string): Promise<WhatsappCloudTemplateRow[]> {
    return tx.select().from(whatsappCloudTemplates).where(eq(whatsappCloudTemplates.tenantId, tenantId));
  }

  /** Writes what Meta listed (new ones added, known ones brought up to date) and removes what it no longer lists. */
  async replaceAll(tx: TenantTx, tenantId: string, values: TemplateValues[], syncedAt: Date): Promise<number> {
    const kept: string[] = [];
    for (const v of values) {
      const [row] = await tx
        .insert(whatsappCloudTemplates)
        .values({ tenantId, ...v, syncedAt })
        .onConflictDoUpdate({
          target: [whatsappCloudTemplates.tenantId, whatsappCloudTemplates.name, whatsappCloudTemplates.language],
          set: { ...v, syncedAt, updatedAt: sql`now()` },
        })
        .returning({ id: whatsappCloudTemplates.id });
      kept.push(row.id);
    }
    const gone = await tx
      .delete(whatsappCloudTemplates)
      .where(and(eq(whatsappCloudTemplates.tenantId, tenantId), ...(kept.length ? [notInArray(whatsappCloudTemplates.id, kept)] : [])))
      .returning({ id: whatsappCloudTemplates.id });
    return gone.length;
  }

  async page(tx: TenantTx, tenantId: string, filter: { status: string | null; offset: number; limit: number }): Promise<{ rows: WhatsappCloudTemplateRow[]; total: number }> {
    const where = and(eq(whatsappCloudTemplates.tenantId, tenantId), filter.status ? eq(whatsappCloudTemplates.status, filter.status) : undefined);
    const rows = await tx.select().from(whatsappCloudTemplates).where(where).orderBy(asc(whatsappCloudTemplates.name), asc(whatsappCloudTemplates.language)).limit(filter.limit).offset(filter.offset);
    const [{ total }] = await tx.select({ total: count() }).from(whatsappCloudTemplates).where(where);
    return { rows, total };
  }

  async find(tx: TenantTx, tenantId: string, name: string, language: string): Promise<WhatsappCloudTemplateRow | undefined> {
    const [row] = await tx
      .select()
      .from(whatsappCloudTemplates)
      .where(and(eq(whatsappCloudTemplates.tenantId, tenantId), eq(whatsappCloudTemplates.name, name), eq(whatsappCloudTemplates.language, language)))
      .limit(1);
    return row;
  }
}
