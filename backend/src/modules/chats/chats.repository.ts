import { Injectable } from '@nestjs/common';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/database.types.js';
import { contactHasLabels, type LabelFilter } from '../labels/label-filter.js';
import { contactLabels } from '../labels/labels.table.js';
import { ContactsRepository, type SummaryUpdate, type WhatsAppContact } from '../contacts/contacts.repository.js';
import { contacts } from '../contacts/contacts.table.js';
import { realPhone } from '../contacts/contact-search.js';
import type { ChatCursor, ChatRow } from './chat.mapper.js';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What the chat list may be narrowed to: a sales user's own contacts, a name or phone, labels. */
export type ChatListFilter = { assignedTo?: string; q?: string; digits?: string; labels?: LabelFilter };

const CHAT_COLUMNS = sql`c.id, c.name, c.phone, c.stage, c.assigned_to, u.name as assigned_name, c.has_active_follow_up,
  c.last_message_at, c.last_message_preview, c.last_message_system_event, c.last_message_direction, c.unread_count,
  lm.sent_by as last_sent_by, lu.name as last_sent_by_name,
  array(select ${contactLabels.labelId} from ${contactLabels} where ${contactLabels.tenantId} = c.tenant_id and ${contactLabels.contactId} = c.id) as label_ids`;
/**
 * The assignee's name, and the author of the last message when it is outgoing (the list
 * says who wrote it). One index lookup per listed row (messages_contact_idx).
 */
const CHAT_JOINS = sql`left join users u on u.id = c.assigned_to
  left join lateral (
    select m.sent_by from messages m
    where c.last_message_direction = 'out' and m.tenant_id = c.tenant_id and m.contact_id = c.id and m.hidden_for_tenant = false and m.kind = 'message'
    order by m.created_at desc nulls last, m.id desc nulls last limit 1
  ) lm on true
  left join users lu on lu.id = lm.sent_by`;

export type SenderContact = WhatsAppContact;
export type { SummaryUpdate };

/**
 * SQL of the messenger's conversations. Reads the contacts table for the chat list; the
 * conversation summary kept on the contact row (last message, unread count) is written by the
 * contacts module's repository. Resolving a WhatsApp sender to its contact and creating the lead of
 * an unknown number belong to modules/contacts too (ContactResolver, ContactCreationService).
 */
@Injectable()
export class ChatsRepository {
  constructor(private readonly contacts: ContactsRepository) {}

  /**
   * One page, newest conversation first. The ORDER BY spells `nulls last` on both keys exactly as
   * contacts_chat_list_idx is built: a bare `id desc` (nulls first) made PostgreSQL sort every
   * contact without messages on each call (150 ms at 20,000 contacts) instead of reading 50 index entries.
   */
  async list(tx: TenantTx, tenantId: string, filter: ChatListFilter & { cursor?: ChatCursor; limit: number }) {
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
        select ${CHAT_COLUMNS} from contacts c ${CHAT_JOINS}
        where ${sql.join(where, sql` and `)}
        order by c.last_message_at desc nulls last, c.id desc nulls last
        limit ${filter.limit}`),
    );
  }

  /**
   * The list's total. Every contact is a conversation, so without a search the running totals of
   * contact_counts (kept by triggers, migration 0006) answer in a few rows instead of a count over
   * the company's contacts on every page.
   */
  async count(tx: TenantTx, tenantId: string, filter: ChatListFilter): Promise<number> {
    if (!filter.q && !filter.labels) {
      const [totals] = rows<{ n: number | string }>(
        await tx.execute(sql`select coalesce(sum(cc.contacts), 0)::int as n from contact_counts cc
          where cc.tenant_id = ${tenantId}${filter.assignedTo ? sql` and cc.assigned_key = ${filter.assignedTo}` : sql``}`),
      );
      return Number(totals?.n ?? 0);
    }
    const [row] = rows<{ n: number }>(await tx.execute(sql`select count(*)::int as n from contacts c where ${sql.join(this.filters(tenantId, filter), sql` and `)}`));
    return Number(row?.n ?? 0);
  }

  private filters(tenantId: string, filter: ChatListFilter): SQL[] {
    const where: SQL[] = [sql`c.tenant_id = ${tenantId}`];
    if (filter.assignedTo) where.push(sql`c.assigned_to = ${filter.assignedTo}`);
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      // a placeholder phone (`lid:…`, `user:…`) is no number: its WhatsApp id's digits find nothing
      where.push(filter.digits ? sql`(c.name ilike ${like} or (c.phone like ${`%${filter.digits}%`} and ${realPhone(sql`c.phone`)}))` : sql`c.name ilike ${like}`);
    }
    const labelled = filter.labels && contactHasLabels(tenantId, sql`c.id`, filter.labels);
    if (labelled) where.push(labelled);
    return where;
  }

  async findChat(tx: TenantTx, tenantId: string, contactId: string): Promise<ChatRow | undefined> {
    const [row] = rows<ChatRow>(
      await tx.execute(sql`select ${CHAT_COLUMNS} from contacts c ${CHAT_JOINS}
        where c.tenant_id = ${tenantId} and c.id = ${contactId}`),
    );
    return row;
  }

  async findChats(tx: TenantTx, tenantId: string, contactIds: string[]): Promise<ChatRow[]> {
    if (!contactIds.length) return [];
    return rows<ChatRow>(
      await tx.execute(sql`select ${CHAT_COLUMNS} from contacts c ${CHAT_JOINS}
        where c.tenant_id = ${tenantId} and c.id in (${sql.join(
          contactIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
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
    await this.contacts.markConversationRead(tx, tenantId, contactId);
    return this.findChat(tx, tenantId, contactId);
  }

  /** The conversation summaries after new messages, for many contacts in one statement; returns the chats. */
  async applySummaries(tx: TenantTx, tenantId: string, updates: SummaryUpdate[]): Promise<ChatRow[]> {
    return this.contacts.applyConversationSummaries<ChatRow>(tx, tenantId, updates, { columns: CHAT_COLUMNS, joins: CHAT_JOINS });
  }
}
