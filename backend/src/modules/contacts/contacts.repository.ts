import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SystemEvent } from '@crm/common';
import { anyOf } from '../../platform/db/any-of.js';
import { BuiltOnce } from '../../platform/db/built-once.js';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { newestFirst } from '../../platform/db/order.js';
import { shippingCompanies } from '../shipping/shipping.table.js';
import { users } from '../users/users.table.js';
import { contactStageHistory, contacts, type ContactRow, type NewContactRow } from './contacts.table.js';

export type ContactRecord = ContactRow & { assignedName: string | null; shippingCompanyName: string | null };
export type StageHistoryRecord = {
  id: string;
  fromStage: string | null;
  toStage: string;
  changedAt: Date;
  changedBy: string | null;
  changedByName: string | null;
};
export type ContactPatch = Partial<Omit<NewContactRow, 'id' | 'tenantId' | 'createdAt'>>;
export type FillBlanksRow = { id: string; name?: string; email?: string; address?: string; notes?: string };

/** A contact as the messenger knows it: who it is on WhatsApp and whose it is. */
export type WhatsAppContact = Pick<ContactRow, 'id' | 'name' | 'phone' | 'waId' | 'waLid' | 'assignedTo'>;
/**
 * A conversation's summary after a new message, kept on the contact row for the chat list;
 * `systemEvent`: the last message is a line WhatsApp wrote (null for anything else).
 */
export type SummaryUpdate = { contactId: string; at: Date; preview: string; systemEvent: SystemEvent | null; direction: 'in' | 'out'; unreadDelta: number; resetUnread: boolean };
/** A new contact and the user its first stage-history row names (null: created by an inbound message). */
export type NewContact = NewContactRow & { id: string; createdBy: string | null; createdAt: Date };

/**
 * Rows per statement of the bulk methods (imports of up to 10,000 rows), with a turn of the event
 * loop between statements: on the embedded PGlite a statement runs on this thread and its promises
 * resolve as microtasks, so without the turn a 10,000-row import would hold the loop for its
 * whole length. 50 rows keep one statement to a few milliseconds there.
 */
const BATCH = 50;

/**
 * One contact's SQL and every write to the contacts, their stage history and the conversation
 * summary kept on the contact row. Lists, counts, stats and exports: ContactQueriesRepository;
 * deal lines: DealLinesRepository.
 */
@Injectable()
export class ContactsRepository {
  private selectRecords(tx: TenantTx | PlatformTx) {
    return tx
      .select({ contact: contacts, assignedName: users.name, shippingCompanyName: shippingCompanies.name })
      .from(contacts)
      .leftJoin(users, eq(users.id, contacts.assignedTo))
      .leftJoin(shippingCompanies, eq(shippingCompanies.id, contacts.shippingCompanyId));
  }

  /** A list page's full rows: the statement of every list call, built once. */
  private readonly recordsByIds = new BuiltOnce((tx) => this.selectRecords(tx).where(and(eq(contacts.tenantId, sql.placeholder('tenantId')), anyOf(contacts.id, sql.placeholder('ids')))));

  /** Full rows for these ids, in the order of the ids. */
  async findManyByIds(tx: TenantTx, tenantId: string, ids: string[]): Promise<ContactRecord[]> {
    if (!ids.length) return [];
    const rows = await this.recordsByIds.run(tx, { tenantId, ids });
    // each row's contact is a fresh object: completed in place rather than copied (50 rows of 40 fields per list call)
    const byId = new Map<string, ContactRecord>();
    for (const r of rows) byId.set(r.contact.id, Object.assign(r.contact, { assignedName: r.assignedName, shippingCompanyName: r.shippingCompanyName }));
    return ids.map((id) => byId.get(id)).filter((r): r is ContactRecord => !!r);
  }

  async findById(tx: TenantTx, tenantId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<ContactRecord | undefined> {
    const query = this.selectRecords(tx)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)))
      .limit(1);
    const [row] = options.forUpdate ? await query.for('update', { of: contacts }) : await query;
    return row && { ...row.contact, assignedName: row.assignedName, shippingCompanyName: row.shippingCompanyName };
  }

  async findByPhone(tx: TenantTx, tenantId: string, phone: string): Promise<ContactRecord | undefined> {
    const [row] = await this.selectRecords(tx)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.phone, phone)))
      .limit(1);
    return row && { ...row.contact, assignedName: row.assignedName, shippingCompanyName: row.shippingCompanyName };
  }

  async findByPhones(tx: TenantTx, tenantId: string, phones: string[]): Promise<ContactRow[]> {
    const found: ContactRow[] = [];
    for (let i = 0; i < phones.length; i += BATCH) {
      if (i) await yieldToOtherRequests();
      const chunk = phones.slice(i, i + BATCH);
      found.push(
        ...(await tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.phone, chunk)))),
      );
    }
    return found;
  }

  /** Batch insert of prepared rows (demo data); new contacts of users go through insertWithHistory. */
  async insertMany(tx: TenantTx | PlatformTx, rows: NewContactRow[]): Promise<{ id: string; phone: string }[]> {
    const inserted: { id: string; phone: string }[] = [];
    for (let i = 0; i < rows.length; i += BATCH) {
      if (i) await yieldToOtherRequests();
      inserted.push(
        ...(await tx
          .insert(contacts)
          .values(rows.slice(i, i + BATCH))
          .returning({ id: contacts.id, phone: contacts.phone })),
      );
    }
    return inserted;
  }

  /**
   * New contacts with their first stage-history row ("created as lead", from nothing, by whom),
   * BATCH rows per statement, or all in one (`oneStatement`: a caller that must keep a fixed number
   * of statements and bounds the rows itself). With `skipExisting`, a row whose phone or linked
   * WhatsApp id another writer stored first is left out (not returned, no history row); without
   * it the unique violation is thrown. Returns the ids created.
   */
  async insertWithHistory(tx: TenantTx, rows: NewContact[], options: { skipExisting: boolean; oneStatement?: boolean }): Promise<Set<string>> {
    const created = new Set<string>();
    const size = options.oneStatement ? Math.max(rows.length, 1) : BATCH;
    for (let i = 0; i < rows.length; i += size) {
      if (i) await yieldToOtherRequests();
      const chunk = rows.slice(i, i + size);
      const query = tx.insert(contacts).values(chunk);
      const returned = await (options.skipExisting ? query.onConflictDoNothing() : query).returning({ id: contacts.id });
      if (!returned.length) continue;
      const ids = new Set(returned.map((r) => r.id));
      await tx
        .insert(contactStageHistory)
        .values(
          chunk.filter((c) => ids.has(c.id)).map((c) => ({ tenantId: c.tenantId, contactId: c.id, fromStage: null, toStage: c.stage ?? 'lead', changedBy: c.createdBy, changedAt: c.createdAt })),
        );
      for (const id of ids) created.add(id);
    }
    return created;
  }

  /** Contacts known under any of these phones or linked WhatsApp ids: one query for a whole batch. */
  async findWhatsAppContacts(tx: TenantTx, tenantId: string, phones: string[], lids: string[], userIds: string[] = []): Promise<(WhatsAppContact & Pick<ContactRow, 'waUserId'>)[]> {
    if (!phones.length && !lids.length && !userIds.length) return [];
    return tx
      .select({ id: contacts.id, name: contacts.name, phone: contacts.phone, waId: contacts.waId, waLid: contacts.waLid, waUserId: contacts.waUserId, assignedTo: contacts.assignedTo })
      .from(contacts)
      .where(
        and(
          eq(contacts.tenantId, tenantId),
          // one array parameter each, not one per number: an inbound batch names hundreds
          or(phones.length ? anyOf(contacts.phone, phones) : undefined, lids.length ? anyOf(contacts.waLid, lids) : undefined, userIds.length ? anyOf(contacts.waUserId, userIds) : undefined),
        ),
      );
  }

  async setWhatsAppIds(tx: TenantTx, tenantId: string, contactId: string, patch: { waId?: string | null; waLid?: string | null; waUserId?: string | null; phone?: string }): Promise<void> {
    await tx
      .update(contacts)
      .set(patch)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  }

  /**
   * Folds a contact known only by its linked id into the phone's contact: the unread count and
   * last message time add up, then the first is deleted. Rows of other domains that point at it
   * must be moved first (the caller does: its messages would go with it).
   */
  async foldInto(tx: TenantTx, tenantId: string, fromId: string, intoId: string): Promise<void> {
    await tx.execute(sql`
      update contacts t set unread_count = t.unread_count + f.unread_count,
        last_message_at = greatest(t.last_message_at, f.last_message_at)
      from contacts f where f.id = ${fromId} and t.id = ${intoId} and t.tenant_id = ${tenantId}`);
    await tx.delete(contacts).where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, fromId)));
  }

  async update(tx: TenantTx, tenantId: string, id: string, patch: ContactPatch): Promise<void> {
    await tx
      .update(contacts)
      .set(patch)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)));
  }

  /**
   * Fills only the empty fields of existing contacts (imports never overwrite what users typed):
   * one UPDATE … FROM (VALUES …) per BATCH contacts, `coalesce` keeping any value already there.
   */
  async fillBlanks(tx: TenantTx, tenantId: string, rows: FillBlanksRow[], now: Date): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH) {
      if (i) await yieldToOtherRequests();
      const values = sql.join(
        rows.slice(i, i + BATCH).map((r) => sql`(${r.id}::uuid, ${r.name ?? null}::text, ${r.email ?? null}::text, ${r.address ?? null}::text, ${r.notes ?? null}::text)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${contacts} set
          name = coalesce(${contacts.name}, v.name),
          email = coalesce(${contacts.email}, v.email),
          address = coalesce(${contacts.address}, v.address),
          notes = coalesce(${contacts.notes}, v.notes),
          updated_at = ${now}
        from (values ${values}) as v(id, name, email, address, notes)
        where ${contacts.tenantId} = ${tenantId} and ${contacts.id} = v.id`);
    }
  }

  /** Deletes the contact; answers what a deal board needs to drop it, or null when there was none. */
  async delete(tx: TenantTx, tenantId: string, id: string) {
    const [row] = await tx
      .delete(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)))
      .returning({ id: contacts.id, stage: contacts.stage, pipelineStatus: contacts.pipelineStatus, dealAmount: contacts.dealAmount, assignedTo: contacts.assignedTo });
    return row ?? null;
  }

  /** Assigns the contacts to the user; returns how many of the ids were the tenant's contacts. */
  /** Gives the contacts to the user; answers each contact's previous assignee. */
  async assign(tx: TenantTx, tenantId: string, ids: string[], userId: string, now: Date): Promise<Map<string, string | null>> {
    const before = await tx
      .select({ id: contacts.id, assignedTo: contacts.assignedTo })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, ids)))
      .for('update');
    await tx
      .update(contacts)
      .set({ assignedTo: userId, updatedAt: now })
      .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, ids)));
    return new Map(before.map((row) => [row.id, row.assignedTo]));
  }

  /** Opening a conversation clears its unread count. */
  async markConversationRead(tx: TenantTx, tenantId: string, contactId: string): Promise<void> {
    await tx.execute(sql`update contacts set unread_count = 0 where tenant_id = ${tenantId} and id = ${contactId} and unread_count <> 0`);
  }

  /**
   * The conversation summaries after new messages, for many contacts in one statement. Answers the
   * updated contacts as the caller reads them: `view` is the select list and joins over the updated
   * rows, named `c` (the chat list's columns), so the write and that read stay one statement.
   */
  async applyConversationSummaries<T>(tx: TenantTx, tenantId: string, updates: SummaryUpdate[], view: { columns: SQL; joins: SQL }): Promise<T[]> {
    if (!updates.length) return [];
    // one array parameter per column, not six per contact: an inbound batch updates hundreds
    const column = <V>(pick: (u: SummaryUpdate) => V, type: string) => sql`${sql.param(updates.map(pick))}::${sql.raw(type)}[]`;
    const result = await tx.execute(sql`
      with v(id, at, preview, system_event, direction, delta, reset) as (
        select * from unnest(${column((u) => u.contactId, 'uuid')}, ${column((u) => u.at.toISOString(), 'timestamptz')}, ${column((u) => u.preview, 'text')},
          ${column((u) => (u.systemEvent ? JSON.stringify(u.systemEvent) : null), 'jsonb')},
          ${column((u) => u.direction, 'text')}, ${column((u) => u.unreadDelta, 'int')}, ${column((u) => u.resetUnread, 'boolean')})
      ),
      c as (
        update contacts c set
          last_message_at = v.at, last_message_preview = v.preview, last_message_system_event = v.system_event, last_message_direction = v.direction,
          unread_count = case when v.reset then 0 else c.unread_count + v.delta end
        from v where c.id = v.id and c.tenant_id = ${tenantId}
        returning c.*
      )
      select ${view.columns} from c ${view.joins}`);
    return (result as unknown as { rows: T[] }).rows;
  }

  /**
   * contacts.has_active_follow_up (the contact's hasActiveFollowUp): set by the follow-up domain in
   * the transaction that starts or ends a run, and by nothing else. Plain SQL on purpose: it is not
   * an edit of the contact (updated_at stays).
   */
  async setHasActiveFollowUp(tx: TenantTx, tenantId: string, contactId: string, active: boolean): Promise<void> {
    await tx.execute(sql`update contacts set has_active_follow_up = ${active} where tenant_id = ${tenantId} and id = ${contactId}`);
  }

  async stageHistory(tx: TenantTx, tenantId: string, contactId: string, limit: number): Promise<StageHistoryRecord[]> {
    return tx
      .select({
        id: contactStageHistory.id,
        fromStage: contactStageHistory.fromStage,
        toStage: contactStageHistory.toStage,
        changedAt: contactStageHistory.changedAt,
        changedBy: contactStageHistory.changedBy,
        changedByName: users.name,
      })
      .from(contactStageHistory)
      .leftJoin(users, eq(users.id, contactStageHistory.changedBy))
      .where(and(eq(contactStageHistory.tenantId, tenantId), eq(contactStageHistory.contactId, contactId)))
      .orderBy(newestFirst(contactStageHistory.changedAt), newestFirst(contactStageHistory.id))
      .limit(limit);
  }

  async insertStageHistory(tx: TenantTx | PlatformTx, rows: (typeof contactStageHistory.$inferInsert)[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(contactStageHistory).values(rows.slice(i, i + 1000));
  }
}
