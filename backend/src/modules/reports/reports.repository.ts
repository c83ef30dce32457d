import { Injectable } from '@nestjs/common';
import { WON_STATUS, type Role } from '@crm/common';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/database.types.js';
import { contactCounts, contacts } from '../contacts/contacts.table.js';
import { expenses } from '../expenses/expenses.table.js';
import { contactLabels, labels } from '../labels/labels.table.js';
import { users } from '../users/users.table.js';

/** Which contacts a report reads: the company's, created in [from, before), of one assignee. */
export type ReportScope = { tenantId: string; createdFrom?: Date; createdBefore?: Date; assignedTo?: string };

export type StageStatusRow = { stage: string; status: string; count: number; amount: number };

/**
 * The report's SQL. It only reads (contacts, their running totals, expenses, users); every sum is
 * done by PostgreSQL, over the running totals when there is no date range and over index-only
 * scans otherwise (contacts_stage_created_idx, contacts_assignee_created_idx and the won deals'
 * partial index contacts_won_created_idx) — rows are never loaded into Node to be added up.
 */
@Injectable()
export class ReportsRepository {
  private dated(scope: ReportScope): boolean {
    return !!(scope.createdFrom || scope.createdBefore);
  }

  private contactsWhere(scope: ReportScope, extra?: SQL): SQL {
    return and(
      eq(contacts.tenantId, scope.tenantId),
      scope.assignedTo ? eq(contacts.assignedTo, scope.assignedTo) : undefined,
      scope.createdFrom ? gte(contacts.createdAt, scope.createdFrom) : undefined,
      scope.createdBefore ? lt(contacts.createdAt, scope.createdBefore) : undefined,
      extra,
    )!;
  }

  /** Contacts per stage and pipeline status (no status = ''), with the sum of their deal amounts. */
  async byStageAndStatus(tx: TenantTx, scope: ReportScope): Promise<StageStatusRow[]> {
    if (!this.dated(scope)) {
      return tx
        .select({
          stage: contactCounts.stage,
          status: contactCounts.statusKey,
          count: sql<number>`sum(${contactCounts.contacts})`.mapWith(Number),
          amount: sql<number>`sum(${contactCounts.dealAmount})`.mapWith(Number),
        })
        .from(contactCounts)
        .where(and(eq(contactCounts.tenantId, scope.tenantId), scope.assignedTo ? eq(contactCounts.assignedKey, scope.assignedTo) : undefined))
        .groupBy(contactCounts.stage, contactCounts.statusKey);
    }
    // contacts of the period (any stage), then the deals by status: two index-only scans
    const [{ all }] = await tx.select({ all: count() }).from(contacts).where(this.contactsWhere(scope));
    const status = sql<string>`coalesce(${contacts.pipelineStatus}, '')`;
    const deals = await tx
      .select({
        status,
        count: count(),
        amount: sql<number>`coalesce(sum(${contacts.dealAmount}), 0)`.mapWith(Number),
      })
      .from(contacts)
      .where(this.contactsWhere(scope, eq(contacts.stage, 'sales')))
      .groupBy(status);
    const dealCount = deals.reduce((n, d) => n + d.count, 0);
    // the stage of the non-deal contacts is not needed by the report: one row stands for them
    return [...deals.map((d) => ({ stage: 'sales', ...d })), { stage: 'other', status: '', count: all - dealCount, amount: 0 }];
  }

  /** Won deals per month of `timeZone` (their creation month), oldest first. */
  async monthlyRevenue(tx: TenantTx, scope: ReportScope, timeZone: string): Promise<{ year: number; month: number; revenue: number; deals: number }[]> {
    const local = sql`(${contacts.createdAt} at time zone ${timeZone})`;
    const year = sql<number>`extract(year from ${local})::int`.mapWith(Number);
    const month = sql<number>`extract(month from ${local})::int`.mapWith(Number);
    return (
      tx
        .select({
          year,
          month,
          revenue: sql<number>`coalesce(sum(${contacts.dealAmount}), 0)`.mapWith(Number),
          deals: count(),
        })
        .from(contacts)
        // the predicate of the partial index contacts_won_created_idx, written the same way
        .where(this.contactsWhere(scope, sql`${contacts.stage} = 'sales' and ${contacts.pipelineStatus} = ${sql.raw(`'${WON_STATUS}'`)}`))
        .groupBy(sql`1`, sql`2`)
        .orderBy(sql`1`, sql`2`)
    );
  }

  /** Expenses dated from..to (calendar days, inclusive): total per category, largest first. */
  async expensesByCategory(tx: TenantTx, tenantId: string, range: { from?: string; to?: string }): Promise<{ category: string | null; totalAmount: number }[]> {
    const total = sql<number>`coalesce(sum(${expenses.amount}), 0)`.mapWith(Number);
    return tx
      .select({ category: expenses.category, totalAmount: total })
      .from(expenses)
      .where(and(eq(expenses.tenantId, tenantId), range.from ? gte(expenses.date, range.from) : undefined, range.to ? lte(expenses.date, range.to) : undefined))
      .groupBy(expenses.category)
      .orderBy(desc(total), asc(expenses.category)); // index order checked: an aggregate, sorted in memory
  }

  /** The users of these roles (the sales team), by name. */
  async team(tx: TenantTx, tenantId: string, roles: readonly Role[]): Promise<{ id: string; name: string }[]> {
    return tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.role, [...roles])))
      .orderBy(asc(users.name), asc(users.id));
  }

  async findUser(tx: TenantTx, tenantId: string, id: string): Promise<{ id: string; role: string } | undefined> {
    const [row] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
      .limit(1);
    return row;
  }

  /** The language the user reads the app in (users.language), for the export's heads. */
  async userLanguage(tx: TenantTx, tenantId: string, id: string): Promise<string | undefined> {
    const [row] = await tx
      .select({ language: users.language })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
      .limit(1);
    return row?.language;
  }

  /** Per label: the contacts of the scope carrying it, and those that are won deals with their amounts. */
  byLabel(tx: TenantTx, scope: ReportScope): Promise<{ labelId: string; name: string; colour: string; leads: number; won: number; wonAmount: number }[]> {
    const isWon = sql`${contacts.stage} = 'sales' and ${contacts.pipelineStatus} = ${sql.raw(`'${WON_STATUS}'`)}`;
    return tx
      .select({
        labelId: labels.id,
        name: labels.name,
        colour: labels.colour,
        leads: count(),
        won: sql<number>`count(*) filter (where ${isWon})`.mapWith(Number),
        wonAmount: sql<number>`coalesce(sum(${contacts.dealAmount}) filter (where ${isWon}), 0)`.mapWith(Number),
      })
      .from(contactLabels)
      .innerJoin(labels, and(eq(labels.tenantId, contactLabels.tenantId), eq(labels.id, contactLabels.labelId)))
      .innerJoin(contacts, and(eq(contacts.tenantId, contactLabels.tenantId), eq(contacts.id, contactLabels.contactId)))
      .where(and(eq(contactLabels.tenantId, scope.tenantId), this.contactsWhere(scope)))
      .groupBy(labels.id, labels.name, labels.colour)
      .orderBy(sql`count(*) desc nulls last`, asc(labels.name));
  }
}
