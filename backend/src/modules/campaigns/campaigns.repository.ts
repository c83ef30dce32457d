import { Injectable } from '@nestjs/common';
import type { CampaignCounts, RecipientStatus } from '@crm/common';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { newestFirst } from '../../platform/db/order.js';
import { contacts } from '../contacts/contacts.table.js';
import { users } from '../users/users.table.js';
import { campaignRecipients, campaigns, type CampaignRow } from './campaigns.table.js';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type CampaignRecord = CampaignRow & { creatorName: string | null };
/** A claimed recipient with what its message needs. */
export type ClaimedRecipient = { id: string; campaignId: string; contactId: string; name: string | null; agent: string | null; optedOut: boolean; messageId: string | null };
export type RecipientRecord = { id: string; contactId: string; name: string | null; phone: string; status: string; reason: string | null; sentAt: Date | null; updatedAt: Date };

const EMPTY_COUNTS: CampaignCounts = { total: 0, pending: 0, sent: 0, delivered: 0, read: 0, replied: 0, failed: 0, skipped: 0 };

/** The campaigns' SQL: the campaigns, their recipients (materialised in one statement) and what became of each. */
@Injectable()
export class CampaignsRepository {
  /** A contact merged into another (one person, one contact): what this module keeps of it follows. */
  async moveToContact(tx: TenantTx, tenantId: string, fromId: string, intoId: string): Promise<void> {
    // a campaign that reached both keeps the other's row (one per campaign and contact)
    await tx.execute(sql`
      update campaign_recipients c set contact_id = ${intoId}
      where c.tenant_id = ${tenantId} and c.contact_id = ${fromId}
        and not exists (select 1 from campaign_recipients r where r.campaign_id = c.campaign_id and r.contact_id = ${intoId})`);
  }

  async insert(tx: TenantTx, row: typeof campaigns.$inferInsert): Promise<CampaignRow> {
    const [created] = await tx.insert(campaigns).values(row).returning();
    return created;
  }

  async find(tx: TenantTx, tenantId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<CampaignRecord | undefined> {
    const query = tx
      .select({ campaign: campaigns, creatorName: users.name })
      .from(campaigns)
      .leftJoin(users, eq(users.id, campaigns.createdBy))
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)));
    const [row] = options.forUpdate ? await query.for('update', { of: campaigns }) : await query;
    return row ? { ...row.campaign, creatorName: row.creatorName } : undefined;
  }

  async page(tx: TenantTx, tenantId: string, offset: number, limit: number): Promise<{ items: CampaignRecord[]; total: number }> {
    const found = await tx
      .select({ campaign: campaigns, creatorName: users.name })
      .from(campaigns)
      .leftJoin(users, eq(users.id, campaigns.createdBy))
      .where(eq(campaigns.tenantId, tenantId))
      .orderBy(newestFirst(campaigns.createdAt), newestFirst(campaigns.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = await tx.select({ total: count() }).from(campaigns).where(eq(campaigns.tenantId, tenantId));
    return { items: found.map((r) => ({ ...r.campaign, creatorName: r.creatorName })), total };
  }

  async update(tx: TenantTx, tenantId: string, id: string, patch: Partial<typeof campaigns.$inferInsert>, onlyIn?: string[]): Promise<CampaignRow | undefined> {
    const [row] = await tx
      .update(campaigns)
      .set(patch)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id), onlyIn ? inArray(campaigns.status, onlyIn) : undefined))
      .returning();
    return row;
  }

  async delete(tx: TenantTx, tenantId: string, id: string): Promise<boolean> {
    const gone = await tx
      .delete(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id), eq(campaigns.status, 'draft')))
      .returning({ id: campaigns.id });
    return gone.length > 0;
  }

  /** Which of these companies have a campaign running or scheduled (the sender's first question, across companies). */
  async tenantsWithActive(tx: PlatformTx, tenantIds: string[]): Promise<string[]> {
    if (!tenantIds.length) return [];
    const found = await tx
      .selectDistinct({ tenantId: campaigns.tenantId })
      .from(campaigns)
      .where(and(inArray(campaigns.status, ['scheduled', 'running']), inArray(campaigns.tenantId, tenantIds)));
    return found.map((r) => r.tenantId);
  }

  /** Running campaigns of these statuses, for the sender and for pausing on a disconnection. */
  async withStatus(tx: TenantTx, tenantId: string, statuses: string[]): Promise<CampaignRow[]> {
    return tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), inArray(campaigns.status, statuses)))
      .orderBy(asc(campaigns.startedAt), asc(campaigns.id));
  }

  /** Scheduled campaigns whose time has come. */
  async dueScheduled(tx: TenantTx, tenantId: string, now: Date): Promise<CampaignRow[]> {
    return tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.status, 'scheduled'), sql`${campaigns.scheduledAt} <= ${now.toISOString()}::timestamptz`));
  }

  /**
   * The audience becomes the recipients in one INSERT … SELECT over the lists' WHERE. A number
   * reached through several contacts goes once (the oldest contact), an opted-out contact is
   * skipped, each with its reason; a contact already in the campaign stays as it is.
   */
  async materialise(tx: TenantTx, tenantId: string, campaignId: string, audience: SQL, now: Date): Promise<number> {
    const at = now.toISOString();
    const result = await tx.execute(sql`
      with audience as (
        select ${contacts.id} as contact_id, ${contacts.optedOutAt} as opted_out_at,
               row_number() over (partition by regexp_replace(${contacts.phone}, '[^0-9]', '', 'g') order by ${contacts.createdAt}, ${contacts.id}) as nth_of_number,
               row_number() over (order by ${contacts.createdAt}, ${contacts.id}) as position
        from ${contacts} where ${audience}
      )
      insert into campaign_recipients (id, tenant_id, campaign_id, contact_id, position, status, reason, finished_at, created_at, updated_at)
      select gen_random_uuid(), ${tenantId}::uuid, ${campaignId}::uuid, contact_id, position,
             case when opted_out_at is not null or nth_of_number > 1 then 'skipped' else 'pending' end,
             case when opted_out_at is not null then 'opted_out' when nth_of_number > 1 then 'duplicate_number' end,
             case when opted_out_at is not null or nth_of_number > 1 then ${at}::timestamptz end,
             ${at}::timestamptz, ${at}::timestamptz
      from audience
      on conflict (campaign_id, contact_id) do nothing`);
    return (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as unknown as { affectedRows?: number }).affectedRows ?? 0;
  }

  /**
   * Claims the campaign's next recipient: the first pending one, or one `sending` whose claim is
   * older than `staleBefore` (its sender died). Committed before the send; a second claimer skips
   * the locked row or finds it no longer claimable.
   */
  async claimNext(tx: TenantTx, tenantId: string, campaignId: string, now: Date, staleBefore: Date): Promise<ClaimedRecipient | undefined> {
    const result = await tx.execute(sql`
      with next as (
        select r.id from campaign_recipients r
        where r.tenant_id = ${tenantId} and r.campaign_id = ${campaignId}
          and (r.status = 'pending' or (r.status = 'sending' and r.claimed_at < ${staleBefore.toISOString()}::timestamptz))
        order by r.status = 'pending', r.position
        limit 1
        for update skip locked
      ), claimed as (
        update campaign_recipients r set status = 'sending', claimed_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
        from next where r.id = next.id
        returning r.id, r.campaign_id, r.contact_id, r.message_id
      )
      select claimed.id, claimed.campaign_id as "campaignId", claimed.contact_id as "contactId", claimed.message_id as "messageId",
             c.name, u.name as agent, c.opted_out_at is not null as "optedOut"
      from claimed join contacts c on c.id = claimed.contact_id left join users u on u.id = c.assigned_to`);
    return rows<ClaimedRecipient>(result)[0];
  }

  /** Records what became of a claimed recipient; false when it was no longer `sending` (someone else decided). */
  async finish(tx: TenantTx, tenantId: string, id: string, patch: { status: RecipientStatus; reason?: string | null; messageId?: string | null; sentAt?: Date | null; at: Date }): Promise<boolean> {
    const done = await tx
      .update(campaignRecipients)
      .set({
        status: patch.status,
        reason: patch.reason ?? null,
        ...(patch.messageId !== undefined ? { messageId: patch.messageId } : {}),
        ...(patch.sentAt !== undefined ? { sentAt: patch.sentAt } : {}),
        finishedAt: patch.status === 'sending' ? null : patch.at,
        updatedAt: patch.at,
      })
      .where(and(eq(campaignRecipients.tenantId, tenantId), eq(campaignRecipients.id, id), eq(campaignRecipients.status, 'sending')))
      .returning({ id: campaignRecipients.id });
    return done.length > 0;
  }

  /** A delivery or read report moves a sent recipient forward (never back, never past a reply). */
  async applyAck(tx: TenantTx, tenantId: string, id: string, ack: number, at: Date): Promise<string | undefined> {
    const status = ack >= 3 ? 'read' : 'delivered';
    const from = ack >= 3 ? ['sent', 'delivered'] : ['sent'];
    const [row] = await tx
      .update(campaignRecipients)
      .set({ status, updatedAt: at })
      .where(and(eq(campaignRecipients.tenantId, tenantId), eq(campaignRecipients.id, id), inArray(campaignRecipients.status, from)))
      .returning({ campaignId: campaignRecipients.campaignId });
    return row?.campaignId;
  }

  /** These contacts replied: their reached recipients become `replied`. Returns the campaigns touched. */
  async markReplied(tx: TenantTx, tenantId: string, contactIds: string[], at: Date): Promise<string[]> {
    if (!contactIds.length) return [];
    const touched = await tx
      .update(campaignRecipients)
      .set({ status: 'replied', updatedAt: at })
      .where(and(eq(campaignRecipients.tenantId, tenantId), inArray(campaignRecipients.contactId, contactIds), inArray(campaignRecipients.status, ['sent', 'delivered', 'read'])))
      .returning({ campaignId: campaignRecipients.campaignId });
    return [...new Set(touched.map((t) => t.campaignId))];
  }

  /** The contact opted out: what has not gone to them yet in any campaign is skipped. */
  async skipPendingOf(tx: TenantTx, tenantId: string, contactId: string, reason: string, at: Date): Promise<string[]> {
    const touched = await tx
      .update(campaignRecipients)
      .set({ status: 'skipped', reason, finishedAt: at, updatedAt: at })
      .where(and(eq(campaignRecipients.tenantId, tenantId), eq(campaignRecipients.contactId, contactId), eq(campaignRecipients.status, 'pending')))
      .returning({ campaignId: campaignRecipients.campaignId });
    return [...new Set(touched.map((t) => t.campaignId))];
  }

  /** A cancelled campaign's recipients not yet sent are skipped as cancelled. */
  async skipAllPending(tx: TenantTx, tenantId: string, campaignId: string, at: Date): Promise<void> {
    await tx
      .update(campaignRecipients)
      .set({ status: 'skipped', reason: 'cancelled', finishedAt: at, updatedAt: at })
      .where(and(eq(campaignRecipients.tenantId, tenantId), eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'pending')));
  }

  /** Failures among the campaign's newest `window` outcomes (sent or failed; skipped ones do not count). */
  async recentFailures(tx: TenantTx, campaignId: string, window: number): Promise<number> {
    const result = await tx.execute(sql`
      select count(*) filter (where status = 'failed')::int as failed from (
        select status from campaign_recipients
        where campaign_id = ${campaignId} and finished_at is not null and status <> 'skipped'
        order by finished_at desc nulls last limit ${window}
      ) recent`);
    return rows<{ failed: number }>(result)[0]?.failed ?? 0;
  }

  async hasOpen(tx: TenantTx, tenantId: string, campaignId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: campaignRecipients.id })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.tenantId, tenantId), eq(campaignRecipients.campaignId, campaignId), inArray(campaignRecipients.status, ['pending', 'sending'])))
      .limit(1);
    return !!row;
  }

  async recipientOfMessage(tx: TenantTx, tenantId: string, id: string): Promise<{ campaignId: string; status: string } | undefined> {
    const [row] = await tx
      .select({ campaignId: campaignRecipients.campaignId, status: campaignRecipients.status })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.tenantId, tenantId), eq(campaignRecipients.id, id)));
    return row;
  }

  /** Recipients per status, for each campaign. */
  async counts(tx: TenantTx, tenantId: string, campaignIds: string[]): Promise<Map<string, CampaignCounts>> {
    const byCampaign = new Map<string, CampaignCounts>(campaignIds.map((id) => [id, { ...EMPTY_COUNTS }]));
    if (!campaignIds.length) return byCampaign;
    const found = await tx
      .select({ campaignId: campaignRecipients.campaignId, status: campaignRecipients.status, n: count() })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.tenantId, tenantId), inArray(campaignRecipients.campaignId, campaignIds)))
      .groupBy(campaignRecipients.campaignId, campaignRecipients.status);
    for (const r of found) {
      const c = byCampaign.get(r.campaignId)!;
      // a recipient being sent right now is still to go
      const key = (r.status === 'sending' ? 'pending' : r.status) as keyof CampaignCounts;
      c[key] += r.n;
      c.total += r.n;
    }
    return byCampaign;
  }

  async recipients(tx: TenantTx, tenantId: string, campaignId: string, filter: { status?: string; offset: number; limit: number }): Promise<{ items: RecipientRecord[]; total: number }> {
    const where = and(
      eq(campaignRecipients.tenantId, tenantId),
      eq(campaignRecipients.campaignId, campaignId),
      filter.status ? (filter.status === 'pending' ? inArray(campaignRecipients.status, ['pending', 'sending']) : eq(campaignRecipients.status, filter.status)) : undefined,
    );
    const items = await tx
      .select({
        id: campaignRecipients.id,
        contactId: campaignRecipients.contactId,
        name: contacts.name,
        phone: contacts.phone,
        status: campaignRecipients.status,
        reason: campaignRecipients.reason,
        sentAt: campaignRecipients.sentAt,
        updatedAt: campaignRecipients.updatedAt,
      })
      .from(campaignRecipients)
      .innerJoin(contacts, eq(contacts.id, campaignRecipients.contactId))
      .where(where)
      .orderBy(asc(campaignRecipients.position))
      .limit(filter.limit)
      .offset(filter.offset);
    const [{ total }] = await tx.select({ total: count() }).from(campaignRecipients).where(where);
    return { items, total };
  }
}
