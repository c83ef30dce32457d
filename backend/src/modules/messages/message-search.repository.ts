import { Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/database.types.js';
import { containsPattern } from '../../platform/db/contains-pattern.js';
import { contacts } from '../contacts/contacts.table.js';
import { messages } from './messages.table.js';
import type { MessageCursor } from './message.mapper.js';

/** One message found: what a result shows, without the chat's name. */
export type MessageMatch = {
  id: string;
  contactId: string;
  createdAt: Date;
  direction: string;
  type: string;
  body: string | null;
  mediaFileName: string | null;
};

type MatchRow = {
  id: string;
  contact_id: string;
  created_at: Date | string;
  direction: string;
  type: string;
  body: string | null;
  media_file_name: string | null;
};

@Injectable()
export class MessageSearchRepository {
  /**
   * The company's messages whose folded text holds every term, newest first, older than the
   * cursor; `assignedTo`: only chats of contacts assigned to that user. Through messages_matching()
   * (a SECURITY DEFINER function for the transaction's tenant only): LIKE is not leakproof, so under
   * row-level security PostgreSQL would use no index for it and read every message.
   */
  async find(tx: TenantTx, filter: { terms: string[]; assignedTo?: string; before?: MessageCursor; limit: number }): Promise<MessageMatch[]> {
    const patterns = filter.terms.map(containsPattern);
    const result = await tx.execute(
      sql`select * from messages_matching(${sql.param(patterns)}::text[], ${filter.assignedTo ?? null}::uuid, ${filter.before?.at.toISOString() ?? null}::timestamptz, ${filter.before?.id ?? null}::uuid, ${filter.limit}::int)`,
    );
    return (result as unknown as { rows: MatchRow[] }).rows.map((r) => ({
      id: r.id,
      contactId: r.contact_id,
      createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
      direction: r.direction,
      type: r.type,
      body: r.body,
      mediaFileName: r.media_file_name,
    }));
  }

  /** The chats the results are in: name and phone by contact id. */
  async chatNames(tx: TenantTx, contactIds: string[]): Promise<Map<string, { name: string | null; phone: string }>> {
    if (!contactIds.length) return new Map();
    const rows = await tx.select({ id: contacts.id, name: contacts.name, phone: contacts.phone }).from(contacts).where(inArray(contacts.id, contactIds));
    return new Map(rows.map((r) => [r.id, { name: r.name, phone: r.phone }]));
  }

  /** Which of the found messages are team notes (by primary key: a page's worth). */
  async noteIds(tx: TenantTx, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(inArray(messages.id, ids), eq(messages.kind, 'note')));
    return new Set(rows.map((r) => r.id));
  }
}
