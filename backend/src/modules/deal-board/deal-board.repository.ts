import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { PipelineStatus } from '@crm/common';
import type { TenantTx } from '../../platform/db/database.types.js';
import { dealBoardSettings } from './deal-board.table.js';

/** What a deal's card on the board shows, as read in one query. */
export type DealCardRecord = {
  id: string;
  name: string | null;
  phone: string;
  stage: string;
  pipelineStatus: string | null;
  dealAmount: number | null;
  assignedTo: string | null;
  assignedName: string | null;
  createdAt: Date;
  enteredAt: Date;
  products: { name: string; qty: number }[];
};

export type BoardSettingsRow = { staleDays: Partial<Record<PipelineStatus, number>>; lostReasons: string[] };
/** The board's own table (a company's stale thresholds and lost reasons), and the one read of its cards. */
@Injectable()
export class DealBoardRepository {
  async settings(tx: TenantTx, tenantId: string): Promise<BoardSettingsRow> {
    const [row] = await tx.select({ staleDays: dealBoardSettings.staleDays, lostReasons: dealBoardSettings.lostReasons }).from(dealBoardSettings).where(eq(dealBoardSettings.tenantId, tenantId));
    return row ?? { staleDays: {}, lostReasons: [] };
  }

  async saveSettings(tx: TenantTx, tenantId: string, settings: BoardSettingsRow, now: Date): Promise<void> {
    await tx
      .insert(dealBoardSettings)
      .values({ tenantId, ...settings, updatedAt: now })
      .onConflictDoUpdate({ target: dealBoardSettings.tenantId, set: { ...settings, updatedAt: now } });
  }

  /**
   * The board's cards, in one query: each deal's own columns, its assignee's name, its products
   * (name × qty, in their order) and when it entered its status — its latest recorded change when
   * that change is to the status it has now; deals changed before changes were recorded everywhere
   * may disagree: then the contact's last update is the best time known; a deal never moved entered
   * its first status when it became a deal (its last stage-history row into sales), else when
   * created. One index probe per card in each lateral: pages are small.
   */
  async dealCards(tx: TenantTx, tenantId: string, ids: string[]): Promise<DealCardRecord[]> {
    if (!ids.length) return [];
    const result = await tx.execute(sql`
      select c.id, c.name, c.phone, c.stage, c.pipeline_status as "pipelineStatus", c.deal_amount::float8 as "dealAmount",
        c.assigned_to as "assignedTo", u.name as "assignedName", c.created_at as "createdAt",
        coalesce(
          case when d.to_status = coalesce(c.pipeline_status, 'new') then d.changed_at when d.to_status is not null then c.updated_at end,
          h.changed_at,
          c.created_at
        ) as "enteredAt",
        coalesce(l.products, '[]') as products
      from contacts c
      left join users u on u.id = c.assigned_to
      left join lateral (
        select d.to_status, d.changed_at from pipeline_status_changes d
        where d.tenant_id = c.tenant_id and d.contact_id = c.id
        order by d.changed_at desc nulls last, d.id desc nulls last limit 1
      ) d on true
      left join lateral (
        select h.changed_at from contact_stage_history h
        where h.contact_id = c.id and h.tenant_id = c.tenant_id and h.to_stage = 'sales'
        order by h.changed_at desc nulls last limit 1
      ) h on true
      left join lateral (
        select json_agg(json_build_object('name', p.name, 'qty', x.qty) order by x.position) as products
        from contact_deal_products x join products p on p.id = x.product_id
        where x.tenant_id = c.tenant_id and x.contact_id = c.id
      ) l on true
      where c.tenant_id = ${tenantId} and c.id = any(${sql.param(ids)}::uuid[])`);
    return (result as unknown as { rows: DealCardRecord[] }).rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt), enteredAt: new Date(r.enteredAt) }));
  }
}
