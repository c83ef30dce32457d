import { Injectable } from '@nestjs/common';
import { and, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { expenses, type ExpenseRow } from './expenses.table.js';
import { newestFirst } from '../../platform/db/order.js';

export type NewExpense = Omit<typeof expenses.$inferInsert, 'id'> & { id?: string };
export type ExpenseFilter = { from?: string; to?: string; category?: string; offset: number; limit: number };

@Injectable()
export class ExpensesRepository {
  async list(tx: TenantTx, tenantId: string, filter: ExpenseFilter): Promise<{ rows: ExpenseRow[]; total: number; totalAmount: number }> {
    const where = and(
      eq(expenses.tenantId, tenantId),
      filter.from ? gte(expenses.date, filter.from) : undefined,
      filter.to ? lte(expenses.date, filter.to) : undefined,
      filter.category ? sql`lower(${expenses.category}) = lower(${filter.category})` : undefined,
    );
    const rows = await tx.select().from(expenses).where(where).orderBy(newestFirst(expenses.date), newestFirst(expenses.id)).limit(filter.limit).offset(filter.offset);
    const [agg] = await tx
      .select({ total: count(), totalAmount: sql<number>`coalesce(sum(${expenses.amount}), 0)`.mapWith(Number) })
      .from(expenses)
      .where(where);
    return { rows, total: agg.total, totalAmount: agg.totalAmount };
  }

  async insertMany(tx: TenantTx | PlatformTx, rows: NewExpense[]): Promise<ExpenseRow[]> {
    if (!rows.length) return [];
    return tx.insert(expenses).values(rows).returning();
  }

  async delete(tx: TenantTx, tenantId: string, id: string): Promise<boolean> {
    const deleted = await tx
      .delete(expenses)
      .where(and(eq(expenses.tenantId, tenantId), eq(expenses.id, id)))
      .returning({ id: expenses.id });
    return deleted.length > 0;
  }
}
