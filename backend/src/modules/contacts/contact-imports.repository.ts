import { Injectable } from '@nestjs/common';
import { and, count, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { ImportSkippedRow } from '@crm/common';
import type { TenantTx } from '../../platform/db/database.types.js';
import { contactImports } from './contact-imports.table.js';

export type ContactImportRow = typeof contactImports.$inferSelect;
/** An import without its rows (what a status needs). */
export type ContactImportSummary = Omit<ContactImportRow, 'rows'>;

const { rows: _rows, ...summaryColumns } = getTableColumns(contactImports);

const WAITING = ['queued', 'running'];

/** The SQL of contact_imports (the per-company import queue). */
@Injectable()
export class ContactImportsRepository {
  async insert(tx: TenantTx, values: typeof contactImports.$inferInsert): Promise<ContactImportSummary> {
    const [row] = await tx.insert(contactImports).values(values).returning(summaryColumns);
    return row;
  }

  async summary(tx: TenantTx, tenantId: string, id: string): Promise<ContactImportSummary | undefined> {
    const [row] = await tx
      .select(summaryColumns)
      .from(contactImports)
      .where(and(eq(contactImports.tenantId, tenantId), eq(contactImports.id, id)));
    return row;
  }

  /** The import with its rows, locked until the transaction ends (one writer at a time). */
  async lockWithRows(tx: TenantTx, tenantId: string, id: string): Promise<ContactImportRow | undefined> {
    const [row] = await tx
      .select()
      .from(contactImports)
      .where(and(eq(contactImports.tenantId, tenantId), eq(contactImports.id, id)))
      .for('update');
    return row;
  }

  /** The import's state, locked until the transaction ends. */
  async lock(tx: TenantTx, tenantId: string, id: string): Promise<ContactImportSummary | undefined> {
    const [row] = await tx
      .select(summaryColumns)
      .from(contactImports)
      .where(and(eq(contactImports.tenantId, tenantId), eq(contactImports.id, id)))
      .for('update');
    return row;
  }

  /** How many of the company's imports are queued or running before this one. */
  async ahead(tx: TenantTx, tenantId: string, seq: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(contactImports)
      .where(and(eq(contactImports.tenantId, tenantId), inArray(contactImports.status, WAITING), lt(contactImports.seq, seq)));
    return Number(row?.n ?? 0);
  }

  async start(tx: TenantTx, tenantId: string, id: string, now: Date): Promise<void> {
    await tx
      .update(contactImports)
      .set({ status: 'running', startedAt: sql`coalesce(${contactImports.startedAt}, ${now})` })
      .where(and(eq(contactImports.tenantId, tenantId), eq(contactImports.id, id)));
  }

  /** Records a written chunk: `processed` moves on, the counts grow, the skipped rows are added. */
  async recordChunk(tx: TenantTx, tenantId: string, id: string, chunk: { processed: number; created: number; updated: number; skippedRows: ImportSkippedRow[] }): Promise<void> {
    await tx
      .update(contactImports)
      .set({
        processed: chunk.processed,
        created: sql`${contactImports.created} + ${chunk.created}`,
        updated: sql`${contactImports.updated} + ${chunk.updated}`,
        skippedRows: chunk.skippedRows.length ? sql`${contactImports.skippedRows} || ${JSON.stringify(chunk.skippedRows)}::jsonb` : undefined,
      })
      .where(and(eq(contactImports.tenantId, tenantId), eq(contactImports.id, id)));
  }

  /** Ends the import; its rows are no longer needed. */
  async finish(tx: TenantTx, tenantId: string, id: string, outcome: { status: 'done' | 'failed'; error?: string; now: Date }): Promise<void> {
    await tx
      .update(contactImports)
      .set({ status: outcome.status, error: outcome.error ?? null, finishedAt: outcome.now, rows: [] })
      .where(and(eq(contactImports.tenantId, tenantId), eq(contactImports.id, id)));
  }
}
