import { Injectable } from '@nestjs/common';
import type { PipelineStatus } from '@crm/common';
import { and, eq, sql } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/database.types.js';
import { contactHandOvers } from './contact-hand-overs.table.js';
import { contactOptOuts } from './contact-opt-outs.table.js';
import { contactDealProducts, contactStageHistory } from './contacts.table.js';
import { pipelineStatusChanges } from './pipeline-history.table.js';
import { shippingStatusChanges } from './shipping-history.table.js';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What a merge changed where boards and chat lists show the two contacts (announced after the commit). */
export type ContactMerged = {
  fromId: string;
  intoId: string;
  /** The merged contact's deal, when it was one in the pipeline (its card leaves the boards). */
  fromDeal: { status: PipelineStatus; amount: number | null } | null;
  /** The phone's contact took that deal (it had none). */
  tookDeal: boolean;
  fromAssignedTo: string | null;
  /** The phone's contact's assignee before; after, it is this or else the merged contact's. */
  intoAssignedBefore: string | null;
};

/** The tables of a contact's deal, and those of its history kept whatever deal stays. */
const DEAL_TABLES = [contactDealProducts, pipelineStatusChanges, shippingStatusChanges, contactStageHistory];
const HISTORY_TABLES = [contactHandOvers, contactOptOuts];

/**
 * What showed two contacts are one person: `wa_user_id` a message named the user id with the
 * phone; `number_changed` / `user_id_changed` WhatsApp reported a new number or user id that
 * another contact already had (the contact whose ids changed stays: it holds the history).
 */
export type ContactMergeReason = 'wa_user_id' | 'number_changed' | 'user_id_changed';

/**
 * Merging one contact into another of the same person, in the caller's transaction (the
 * company's, so row-level security holds). The caller says which stays (ContactResolver).
 *
 * For a user id seen with a phone, the phone's contact stays: the phone is what the rest of the CRM knows a person by (imports,
 * search, campaigns, order confirmations, the QR drivers), Meta recommends writing to the phone
 * when it is known, and the other contact only ever had a placeholder for a phone. What the user
 * id's contact gathered is kept: its messages (the caller moves them), its deal when the phone's
 * contact has none (stage, pipeline, amounts, shipping, products and their histories), the fields
 * the phone's contact leaves empty, its notes after the other's, an opt-out, the unread count and
 * the latest message; ContactMergeHooks move labels, follow-ups, scheduled messages and the rest.
 */
@Injectable()
export class ContactMergesRepository {
  /**
   * Locks both contacts (in id order, as every merger does: no deadlock) and tells whether the
   * merge is still to do: false when another transaction merged them first.
   */
  async lock(tx: TenantTx, tenantId: string, fromId: string, intoId: string): Promise<boolean> {
    const locked = rows<{ id: string }>(await tx.execute(sql`select id from contacts where tenant_id = ${tenantId} and id in (${fromId}, ${intoId}) order by id for update`));
    return locked.length === 2;
  }

  /** Merges `fromId` into `intoId` (both locked by `lock`), writes the history entry, then deletes `fromId`. */
  async merge(tx: TenantTx, tenantId: string, fromId: string, intoId: string, reason: ContactMergeReason): Promise<ContactMerged> {
    type Before = { takes_deal: boolean; from_stage: string | null; from_status: string | null; from_amount: number | null; from_assigned: string | null; into_assigned: string | null };
    const [taken] = rows<Before>(
      await tx.execute(sql`
        select (t.pipeline_status is null and t.deal_amount is null and t.stage = 'lead'
                and not exists (select 1 from contact_deal_products p where p.tenant_id = ${tenantId} and p.contact_id = t.id))
               and (f.pipeline_status is not null or f.deal_amount is not null or f.stage <> 'lead'
                    or exists (select 1 from contact_deal_products p where p.tenant_id = ${tenantId} and p.contact_id = f.id)) as takes_deal,
               f.stage as from_stage, f.pipeline_status as from_status, f.deal_amount::float8 as from_amount,
               f.assigned_to as from_assigned, t.assigned_to as into_assigned
        from contacts t, contacts f where t.id = ${intoId} and f.id = ${fromId} and t.tenant_id = ${tenantId} and f.tenant_id = ${tenantId}`),
    );
    const takesDeal = Boolean(taken?.takes_deal);
    if (takesDeal) {
      await tx.execute(sql`
        update contacts t set stage = f.stage, pipeline_status = f.pipeline_status, deal_amount = f.deal_amount,
          deal_amount_manual = f.deal_amount_manual, probability = f.probability, shipping_company_id = f.shipping_company_id,
          shipping_tracking_number = f.shipping_tracking_number, shipping_cost = f.shipping_cost, shipping_status = f.shipping_status,
          shipping_governorate = f.shipping_governorate, shipping_city = f.shipping_city, shipping_street = f.shipping_street,
          cod_amount = f.cod_amount, cod_collected = f.cod_collected
        from contacts f where f.id = ${fromId} and t.id = ${intoId} and t.tenant_id = ${tenantId}`);
      for (const table of DEAL_TABLES) await this.move(tx, table, tenantId, fromId, intoId);
    }
    // the team's history of the person follows it whatever deal is kept
    for (const table of HISTORY_TABLES) await this.move(tx, table, tenantId, fromId, intoId);
    await tx.execute(sql`
      update contacts t set name = coalesce(t.name, f.name), email = coalesce(t.email, f.email), address = coalesce(t.address, f.address),
        notes = case when t.notes is null or t.notes = '' then f.notes when f.notes is null or f.notes = '' or f.notes = t.notes then t.notes
          else t.notes || E'\n\n' || f.notes end, assigned_to = coalesce(t.assigned_to, f.assigned_to),
        opted_out_at = coalesce(t.opted_out_at, f.opted_out_at), opt_out_keyword = coalesce(t.opt_out_keyword, f.opt_out_keyword),
        has_active_follow_up = t.has_active_follow_up or f.has_active_follow_up,
        unread_count = t.unread_count + f.unread_count,
        last_message_at = greatest(t.last_message_at, f.last_message_at),
        last_message_preview = case when f.last_message_at > t.last_message_at or t.last_message_at is null then f.last_message_preview else t.last_message_preview end,
        last_message_system_event = case when f.last_message_at > t.last_message_at or t.last_message_at is null then f.last_message_system_event else t.last_message_system_event end,
        last_message_direction = case when f.last_message_at > t.last_message_at or t.last_message_at is null then f.last_message_direction else t.last_message_direction end
      from contacts f where f.id = ${fromId} and t.id = ${intoId} and t.tenant_id = ${tenantId}`);
    await tx.execute(sql`
      insert into contact_merges (id, tenant_id, contact_id, merged_contact_id, merged_name, merged_wa_user_id, reason, merged_at)
      select gen_random_uuid(), ${tenantId}, ${intoId}, f.id, f.name, f.wa_user_id, ${reason}, now()
      from contacts f where f.id = ${fromId} and f.tenant_id = ${tenantId}
      on conflict (tenant_id, merged_contact_id) do nothing`);
    // the user id moves once its first holder is gone (it is unique per company)
    const [moved] = rows<{ wa_user_id: string | null }>(await tx.execute(sql`delete from contacts where tenant_id = ${tenantId} and id = ${fromId} returning wa_user_id`));
    if (moved?.wa_user_id) await tx.execute(sql`update contacts set wa_user_id = ${moved.wa_user_id} where tenant_id = ${tenantId} and id = ${intoId}`);
    return {
      fromId,
      intoId,
      fromDeal: taken?.from_stage === 'sales' ? { status: (taken.from_status ?? 'new') as PipelineStatus, amount: taken.from_amount == null ? null : Number(taken.from_amount) } : null,
      tookDeal: takesDeal,
      fromAssignedTo: taken?.from_assigned ?? null,
      intoAssignedBefore: taken?.into_assigned ?? null,
    };
  }

  private async move(tx: TenantTx, table: (typeof DEAL_TABLES | typeof HISTORY_TABLES)[number], tenantId: string, fromId: string, intoId: string) {
    await tx
      .update(table)
      .set({ contactId: intoId })
      .where(and(eq(table.tenantId, tenantId), eq(table.contactId, fromId)));
  }
}
