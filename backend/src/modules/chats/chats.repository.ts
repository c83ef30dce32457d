import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/database.types.js';
import { newId } from '../../platform/db/columns.js';
import { contacts, contactStageHistory, type ContactRow } from '../contacts/contacts.table.js';
import { tenantSettings } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';
import type { ChatCursor, ChatRow } from './chat.mapper.js';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

const CHAT_COLUMNS = sql`c.id, c.name, c.phone, c.stage, c.assigned_to, u.name as assigned_name, c.has_active_follow_up,
  c.last_message_at, c.last_message_preview, c.last_message_direction, c.unread_count`;

export type SenderContact = Pick<ContactRow, 'id' | 'name' | 'phone' | 'waId' | 'waLid' | 'assignedTo'>;
export type NewLead = { id: string; phone: string; waId: string | null; waLid: string | null; name: string | null; assignedTo: string | null };
export type SummaryUpdate = { contactId: string; at: Date; preview: string; direction: 'in' | 'out'; unreadDelta: number; resetUnread: boolean };

/**
 * SQL of the messenger's conversations. Reads and writes the contacts table only for what a
 * conversation needs: the chat list, the summary (last message, unread count), resolving a
 * WhatsApp sender to its contact and creating the lead of an unknown number. The rest of the
 * contacts domain belongs to modules/contacts.
 */
@Injectable()
export class ChatsRepository {
  async list(tx: TenantTx, tenantId: string, filter: { assignedTo?: string; q?: string; digits?: string; cursor?: ChatCursor; limit: number }) {
    const where = this.filters(tenantId, filter);
    if (filter.cursor) {
      const { at, id } = filter.cursor;
      where.push(
        at === null
          ? sql`(c.last_message_at is null and c.id < ${id})`
          : sql`(c.last_message_at < ${at}::timestamptz or (c.last_message_at = ${at}::timestamptz and c.id < ${id}) or c.last_message_at is null)`,
      );
    }
    return rows<ChatRow>(
      await tx.execute(sql`
        select ${CHAT_COLUMNS} from contacts c left join users u on u.id = c.assigned_to
        where ${sql.join(where, sql` and `)}
        order by c.last_message_at desc nulls last, c.id desc
        limit ${filter.limit}`),
    );
  }

  async count(tx: TenantTx, tenantId: string, filter: { assignedTo?: string; q?: string; digits?: string }): Promise<number> {
    const [row] = rows<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from contacts c where ${sql.join(this.filters(tenantId, filter), sql` and `)}`),
    );
    return Number(row?.n ?? 0);
  }

  private filters(tenantId: string, filter: { assignedTo?: string; q?: string; digits?: string }): SQL[] {
    const where: SQL[] = [sql`c.tenant_id = ${tenantId}`];
    if (filter.assignedTo) where.push(sql`c.assigned_to = ${filter.assignedTo}`);
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      where.push(filter.digits ? sql`(c.name ilike ${like} or c.phone like ${`%${filter.digits}%`})` : sql`c.name ilike ${like}`);
    }
    return where;
  }

  async findChat(tx: TenantTx, tenantId: string, contactId: string): Promise<ChatRow | undefined> {
    const [row] = rows<ChatRow>(
      await tx.execute(sql`select ${CHAT_COLUMNS} from contacts c left join users u on u.id = c.assigned_to
        where c.tenant_id = ${tenantId} and c.id = ${contactId}`),
    );
    return row;
  }

  async findChats(tx: TenantTx, tenantId: string, contactIds: string[]): Promise<ChatRow[]> {
    if (!contactIds.length) return [];
    return rows<ChatRow>(
      await tx.execute(sql`select ${CHAT_COLUMNS} from contacts c left join users u on u.id = c.assigned_to
        where c.tenant_id = ${tenantId} and c.id in (${sql.join(contactIds.map((id) => sql`${id}::uuid`), sql`, `)})`),
    );
  }

  async findContact(tx: TenantTx, tenantId: string, contactId: string): Promise<SenderContact | undefined> {
    const [row] = await tx
      .select({ id: contacts.id, name: contacts.name, phone: contacts.phone, waId: contacts.waId, waLid: contacts.waLid, assignedTo: contacts.assignedTo })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)))
      .limit(1);
    return row;
  }

  async markRead(tx: TenantTx, tenantId: string, contactId: string): Promise<ChatRow | undefined> {
    await tx.execute(sql`update contacts set unread_count = 0 where tenant_id = ${tenantId} and id = ${contactId} and unread_count <> 0`);
    return this.findChat(tx, tenantId, contactId);
  }

  /** Contacts known under any of these phones or linked ids: one query for a whole batch. */
  async findSenders(tx: TenantTx, tenantId: string, phones: string[], lids: string[]): Promise<SenderContact[]> {
    if (!phones.length && !lids.length) return [];
    return tx
      .select({ id: contacts.id, name: contacts.name, phone: contacts.phone, waId: contacts.waId, waLid: contacts.waLid, assignedTo: contacts.assignedTo })
      .from(contacts)
      .where(
        and(
          eq(contacts.tenantId, tenantId),
          or(phones.length ? inArray(contacts.phone, phones) : undefined, lids.length ? inArray(contacts.waLid, lids) : undefined),
        ),
      );
  }

  async setWhatsAppIds(tx: TenantTx, tenantId: string, contactId: string, patch: { waId?: string | null; waLid?: string | null; phone?: string }) {
    await tx.update(contacts).set(patch).where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  }

  /** Folds a contact that was known only by its linked id into the phone's contact (one person, one contact). */
  async mergeInto(tx: TenantTx, tenantId: string, fromId: string, intoId: string) {
    await tx.execute(sql`update messages set contact_id = ${intoId} where tenant_id = ${tenantId} and contact_id = ${fromId}`);
    await tx.execute(sql`
      update contacts t set unread_count = t.unread_count + f.unread_count,
        last_message_at = greatest(t.last_message_at, f.last_message_at)
      from contacts f where f.id = ${fromId} and t.id = ${intoId} and t.tenant_id = ${tenantId}`);
    await tx.delete(contacts).where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, fromId)));
  }

  /** Locks the tenant's lead-distribution settings for this transaction: lead creation is serialised per tenant. */
  async lockDistribution(tx: TenantTx, tenantId: string) {
    const [row] = await tx
      .select({ strategy: tenantSettings.leadDistributionStrategy, lastUserId: tenantSettings.roundRobinLastUserId })
      .from(tenantSettings)
      .where(eq(tenantSettings.tenantId, tenantId))
      .for('update');
    return row ?? { strategy: 'round-robin', lastUserId: null };
  }

  async activeSalesUserIds(tx: TenantTx, tenantId: string): Promise<string[]> {
    const list = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.role, 'sales'), eq(users.isActive, true)))
      .orderBy(asc(users.createdAt), asc(users.id));
    return list.map((u) => u.id);
  }

  async saveRoundRobinCursor(tx: TenantTx, tenantId: string, userId: string) {
    await tx.update(tenantSettings).set({ roundRobinLastUserId: userId }).where(eq(tenantSettings.tenantId, tenantId));
  }

  /** New leads from WhatsApp; those that another writer created first are skipped (returned rows only). */
  async insertLeads(tx: TenantTx, tenantId: string, leads: NewLead[], at: Date): Promise<NewLead[]> {
    if (!leads.length) return [];
    const created = await tx
      .insert(contacts)
      .values(leads.map((l) => ({ ...l, tenantId, stage: 'lead', source: 'whatsapp', createdAt: at, updatedAt: at })))
      .onConflictDoNothing()
      .returning({ id: contacts.id, phone: contacts.phone, waId: contacts.waId, waLid: contacts.waLid, name: contacts.name, assignedTo: contacts.assignedTo });
    if (created.length) {
      await tx
        .insert(contactStageHistory)
        .values(created.map((c) => ({ id: newId(), tenantId, contactId: c.id, fromStage: null, toStage: 'lead', changedBy: null, changedAt: at })));
    }
    return created;
  }

  /** The conversation summaries after new messages, for many contacts in one statement; returns the chats. */
  async applySummaries(tx: TenantTx, tenantId: string, updates: SummaryUpdate[]): Promise<ChatRow[]> {
    if (!updates.length) return [];
    const values = sql.join(
      updates.map(
        (u) => sql`(${u.contactId}::uuid, ${u.at.toISOString()}::timestamptz, ${u.preview}, ${u.direction}, ${u.unreadDelta}::int, ${u.resetUnread}::boolean)`,
      ),
      sql`, `,
    );
    return rows<ChatRow>(
      await tx.execute(sql`
        with v(id, at, preview, direction, delta, reset) as (values ${values}),
        c as (
          update contacts c set
            last_message_at = v.at, last_message_preview = v.preview, last_message_direction = v.direction,
            unread_count = case when v.reset then 0 else c.unread_count + v.delta end
          from v where c.id = v.id and c.tenant_id = ${tenantId}
          returning c.*
        )
        select ${CHAT_COLUMNS} from c left join users u on u.id = c.assigned_to`),
    );
  }
}
