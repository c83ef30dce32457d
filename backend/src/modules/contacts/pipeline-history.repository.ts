import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { PipelineStatus } from '@crm/common';
import type { TenantTx } from '../../platform/db/database.types.js';
import { newestFirst } from '../../platform/db/order.js';
import { users } from '../users/users.table.js';
import { pipelineStatusChanges } from './pipeline-history.table.js';

export type PipelineChange = {
  tenantId: string;
  contactId: string;
  fromStatus: PipelineStatus | null;
  toStatus: PipelineStatus;
  lostReason: string | null;
  changedBy: string | null;
  changedAt: Date;
};

export type PipelineChangeRecord = {
  id: string;
  fromStatus: string | null;
  toStatus: string;
  lostReason: string | null;
  changedAt: Date;
  changedBy: string | null;
  changedByName: string | null;
};

export type LostReasonRow = { reason: string; count: number; amount: number };
export type StageDaysRow = { status: string; averageDays: number; deals: number };

export type DealReportScope = { tenantId: string; createdFrom?: Date; createdBefore?: Date; assignedTo?: string };

type Rows<T> = { rows: T[] };

/** The report's filter on the contacts (alias c). */
const scopeSql = (scope: DealReportScope) =>
  sql.join(
    [
      scope.assignedTo ? sql`and c.assigned_to = ${scope.assignedTo}` : sql``,
      scope.createdFrom ? sql`and c.created_at >= ${scope.createdFrom}` : sql``,
      scope.createdBefore ? sql`and c.created_at < ${scope.createdBefore}` : sql``,
    ],
    sql` `,
  );

/** A deal's pipeline status changes: written with the change itself, read by the board and the reports. */
@Injectable()
export class PipelineHistoryRepository {
  async record(tx: TenantTx, change: PipelineChange): Promise<void> {
    await tx.insert(pipelineStatusChanges).values(change);
  }

  /** A contact's latest changes, newest first, with who made them. */
  async history(tx: TenantTx, tenantId: string, contactId: string, limit: number): Promise<PipelineChangeRecord[]> {
    return tx
      .select({
        id: pipelineStatusChanges.id,
        fromStatus: pipelineStatusChanges.fromStatus,
        toStatus: pipelineStatusChanges.toStatus,
        lostReason: pipelineStatusChanges.lostReason,
        changedAt: pipelineStatusChanges.changedAt,
        changedBy: pipelineStatusChanges.changedBy,
        changedByName: users.name,
      })
      .from(pipelineStatusChanges)
      .leftJoin(users, eq(users.id, pipelineStatusChanges.changedBy))
      .where(and(eq(pipelineStatusChanges.tenantId, tenantId), eq(pipelineStatusChanges.contactId, contactId)))
      .orderBy(newestFirst(pipelineStatusChanges.changedAt), newestFirst(pipelineStatusChanges.id))
      .limit(limit);
  }

  /**
   * The deals lost now (a sales deal in `lost`), grouped by the reason of the change that lost them,
   * with their amounts. As every report figure, a deal counts on its contact's creation day:
   * created in [createdFrom, createdBefore); `assignedTo` keeps one person's deals.
   */
  async lostReasons(tx: TenantTx, scope: DealReportScope): Promise<LostReasonRow[]> {
    const { tenantId } = scope;
    const result = await tx.execute(sql`
      select coalesce(nullif(d.lost_reason, ''), '') as reason, count(*)::int as count, coalesce(sum(c.deal_amount), 0)::float8 as amount
      from contacts c
      join lateral (
        select d.lost_reason, d.changed_at from pipeline_status_changes d
        where d.tenant_id = c.tenant_id and d.contact_id = c.id and d.to_status = 'lost'
        order by d.changed_at desc nulls last, d.id desc nulls last limit 1
      ) d on true
      where c.tenant_id = ${tenantId} and c.stage = 'sales' and c.pipeline_status = 'lost'
        ${scopeSql(scope)}
      group by 1 order by count desc nulls last, amount desc nulls last, reason`);
    return (result as unknown as Rows<LostReasonRow>).rows.map((r) => ({ reason: r.reason, count: Number(r.count), amount: Number(r.amount) }));
  }

  /**
   * The average days a deal stays in each status, from the recorded changes: each stay runs from
   * the change into the status to the deal's next change; a stay still open counts up to `now`.
   * The deals of the scope as in lostReasons.
   */
  async averageDaysPerStatus(tx: TenantTx, scope: DealReportScope, now: Date): Promise<StageDaysRow[]> {
    const { tenantId } = scope;
    const result = await tx.execute(sql`
      select s.to_status as status, avg(extract(epoch from (s.left_at - s.changed_at)) / 86400)::float8 as "averageDays", count(distinct s.contact_id)::int as deals
      from (
        select d.contact_id, d.to_status, d.changed_at,
          coalesce(lead(d.changed_at) over (partition by d.contact_id order by d.changed_at, d.id), ${now}::timestamptz) as left_at
        from pipeline_status_changes d
        join contacts c on c.id = d.contact_id and c.tenant_id = d.tenant_id
        where d.tenant_id = ${tenantId} ${scopeSql(scope)}
      ) s
      group by s.to_status`);
    return (result as unknown as Rows<StageDaysRow>).rows.map((r) => ({ status: r.status, averageDays: Number(r.averageDays), deals: Number(r.deals) }));
  }
}
