import { Injectable } from '@nestjs/common';
import { messageSearchText, type MessageErrorCode } from '@crm/common';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, or, sql, notInArray } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { contacts } from '../contacts/contacts.table.js';
import { users } from '../users/users.table.js';
import { messages, type MessageRow } from './messages.table.js';
import { newestFirst } from '../../platform/db/order.js';
import { insertWithUnnest } from '../../platform/db/unnest-insert.js';

/** What a failed or unknown message stores: the English for API users, the code for the user's language. */
export type MessageFailure = { error: string; errorCode: MessageErrorCode };

export type NewMessage = typeof messages.$inferInsert;

/** Messages written before (at, id): the conversation's order, time then id. */
const writtenBefore = (at: Date, id: string) => or(lt(messages.createdAt, at), and(eq(messages.createdAt, at), lt(messages.id, id)));
const writtenAfter = (at: Date, id: string) => or(gt(messages.createdAt, at), and(eq(messages.createdAt, at), gt(messages.id, id)));
/** Every stored message carries what search finds it by (messages.search_text). */
const withSearchText = (row: NewMessage): NewMessage => ({ ...row, searchText: messageSearchText(row) });
export type MessageWithAssignee = { message: MessageRow; assignedTo: string | null };

@Injectable()
export class MessagesRepository {
  async insert(tx: TenantTx, row: NewMessage): Promise<MessageRow> {
    const [created] = await tx.insert(messages).values(withSearchText(row)).returning();
    return created;
  }

  /** Inbound messages, once each: a WhatsApp id already stored for the tenant is skipped (not returned). */
  async insertInbound(tx: TenantTx, rows: NewMessage[]): Promise<MessageRow[]> {
    if (!rows.length) return [];
    // one array parameter per column (platform/db/unnest-insert.ts): the batch is up to hundreds of rows
    return insertWithUnnest(tx, messages, rows.map(withSearchText), sql`on conflict (tenant_id, wa_message_id) where wa_message_id is not null do nothing`);
  }

  /** A contact folded into another (one person, one contact): its conversation follows it. */
  async moveToContact(tx: TenantTx, tenantId: string, fromContactId: string, intoContactId: string): Promise<void> {
    await tx
      .update(messages)
      .set({ contactId: intoContactId })
      .where(and(eq(messages.tenantId, tenantId), eq(messages.contactId, fromContactId)));
  }

  async findByWaIds(tx: TenantTx, tenantId: string, waIds: string[]): Promise<MessageRow[]> {
    if (!waIds.length) return [];
    return tx
      .select()
      .from(messages)
      .where(and(eq(messages.tenantId, tenantId), inArray(messages.waMessageId, waIds)));
  }

  async findById(tx: TenantTx, tenantId: string, id: string): Promise<MessageWithAssignee | undefined> {
    const [row] = await tx
      .select({ message: messages, assignedTo: contacts.assignedTo })
      .from(messages)
      .innerJoin(contacts, eq(contacts.id, messages.contactId))
      .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id)))
      .limit(1);
    return row;
  }

  async findByClientId(tx: TenantTx, tenantId: string, clientId: string): Promise<MessageRow | undefined> {
    const [row] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.tenantId, tenantId), eq(messages.clientId, clientId)))
      .limit(1);
    return row;
  }

  /** Newest first, before the cursor; the caller reverses the page (newest last). Hidden ("deleted for me") ones are left out. */
  async page(tx: TenantTx, tenantId: string, contactId: string, before: { at: Date; id: string } | undefined, limit: number): Promise<MessageRow[]> {
    return tx
      .select()
      .from(messages)
      .where(and(eq(messages.tenantId, tenantId), eq(messages.contactId, contactId), eq(messages.hiddenForTenant, false), before ? writtenBefore(before.at, before.id) : undefined))
      .orderBy(newestFirst(messages.createdAt), newestFirst(messages.id))
      .limit(limit);
  }

  /** Oldest first, after the cursor: the newer side of a page opened around a message. Hidden ones are left out. */
  async pageAfter(tx: TenantTx, tenantId: string, contactId: string, after: { at: Date; id: string }, limit: number): Promise<MessageRow[]> {
    return tx
      .select()
      .from(messages)
      .where(and(eq(messages.tenantId, tenantId), eq(messages.contactId, contactId), eq(messages.hiddenForTenant, false), writtenAfter(after.at, after.id)))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(limit);
  }

  /** One visible message of the chat (a search result to open the chat at). */
  async findInChat(tx: TenantTx, tenantId: string, contactId: string, id: string): Promise<MessageRow | undefined> {
    const [row] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.tenantId, tenantId), eq(messages.contactId, contactId), eq(messages.id, id), eq(messages.hiddenForTenant, false)))
      .limit(1);
    return row;
  }

  /** The names of the users who sent messages (a chat says who wrote an outgoing message). */
  async authorNames(tx: TenantTx, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async countVisible(tx: TenantTx, tenantId: string, contactId: string): Promise<number> {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.tenantId, tenantId), eq(messages.contactId, contactId), eq(messages.hiddenForTenant, false)));
    return n;
  }

  async update(tx: TenantTx, tenantId: string, id: string, patch: Partial<NewMessage>): Promise<MessageRow | undefined> {
    const [row] = await tx
      .update(messages)
      .set(patch)
      .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id)))
      .returning();
    return row;
  }

  /** Acks only go up (a late ack 2 never undoes a 3). */
  async applyAck(tx: TenantTx, tenantId: string, waMessageId: string, ack: number): Promise<MessageRow | undefined> {
    const [row] = await tx
      .update(messages)
      .set({ ack: sql`greatest(${messages.ack}, ${ack})` })
      .where(and(eq(messages.tenantId, tenantId), eq(messages.waMessageId, waMessageId), eq(messages.direction, 'out'), lt(messages.ack, ack)))
      .returning();
    return row;
  }

  /** A revoke reported by WhatsApp: the contact's (incoming) message stays readable, marked as deleted by them. */
  /** When the contact last wrote to the company (its newest inbound message), or null. */
  /** When the contact last wrote: a line WhatsApp wrote (a changed number…) is not the contact writing, so it opens no window. */
  async lastInboundAt(tx: TenantTx, tenantId: string, contactId: string): Promise<Date | null> {
    const [row] = await tx
      .select({ at: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.tenantId, tenantId), eq(messages.contactId, contactId), eq(messages.direction, 'in'), isNull(messages.systemEvent)))
      .orderBy(newestFirst(messages.createdAt))
      .limit(1);
    return row?.at ?? null;
  }

  /** WhatsApp gave up on one of our sent messages: failed with its reason, once (a redelivered report changes nothing). */
  async markFailedAfterSend(tx: TenantTx, tenantId: string, waMessageId: string, patch: Pick<NewMessage, 'error' | 'errorCode' | 'errorParams' | 'errorRetryable'>): Promise<MessageRow | undefined> {
    const [row] = await tx
      .update(messages)
      .set({ status: 'failed', ...patch })
      .where(and(eq(messages.tenantId, tenantId), eq(messages.waMessageId, waMessageId), eq(messages.direction, 'out'), sql`${messages.status} <> 'failed'`))
      .returning();
    return row;
  }

  /** An inbound message's file that arrived after it (once: a message that has one keeps it). */
  async attachInboundMedia(tx: TenantTx, tenantId: string, waMessageId: string, media: Pick<NewMessage, 'mediaPath' | 'mediaMime' | 'mediaFileName' | 'mediaSize'>): Promise<MessageRow | undefined> {
    const [row] = await tx
      .update(messages)
      .set(media)
      .where(and(eq(messages.tenantId, tenantId), eq(messages.waMessageId, waMessageId), eq(messages.direction, 'in'), isNull(messages.mediaPath)))
      .returning();
    return row;
  }

  /** An inbound message whose file will never come: marked once (a second run finds it marked). */
  async markInboundMediaUnavailable(tx: TenantTx, tenantId: string, waMessageId: string, error: string): Promise<MessageRow | undefined> {
    const [row] = await tx
      .update(messages)
      .set({ error, errorCode: 'media_unavailable', errorParams: null, errorRetryable: false })
      .where(and(eq(messages.tenantId, tenantId), eq(messages.waMessageId, waMessageId), eq(messages.direction, 'in'), isNull(messages.mediaPath), isNull(messages.errorCode)))
      .returning();
    return row;
  }

  async markRevoked(tx: TenantTx, tenantId: string, waMessageId: string): Promise<MessageRow | undefined> {
    const [row] = await tx
      .update(messages)
      .set({ deletedForEveryone: true, deletedBy: sql`case when ${messages.direction} = 'in' then 'contact' else coalesce(${messages.deletedBy}, 'staff') end` })
      .where(and(eq(messages.tenantId, tenantId), eq(messages.waMessageId, waMessageId), eq(messages.deletedForEveryone, false)))
      .returning();
    return row;
  }

  /** Who a chat is assigned to, and its contact's name and phone. */
  async chatContactOf(tx: TenantTx, tenantId: string, contactId: string): Promise<{ assignedTo: string | null; name: string | null; phone: string } | undefined> {
    const [row] = await tx
      .select({ assignedTo: contacts.assignedTo, name: contacts.name, phone: contacts.phone })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)))
      .limit(1);
    return row;
  }

  async assigneeOf(tx: TenantTx, tenantId: string, contactId: string): Promise<string | null> {
    const [row] = await tx
      .select({ assignedTo: contacts.assignedTo })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)))
      .limit(1);
    return row?.assignedTo ?? null;
  }

  /**
   * Claims a pending message for the driver: records, in its own committed transaction, that it is
   * being handed over. Only one caller (of any process) gets the row back; the others must not send.
   */
  async claimHandover(tx: TenantTx, tenantId: string, id: string, at: Date): Promise<MessageRow | undefined> {
    const [row] = await tx
      .update(messages)
      .set({ handedOverAt: at })
      .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id), eq(messages.status, 'pending'), isNull(messages.handedOverAt)))
      .returning();
    return row;
  }

  /**
   * The driver's answer to the handover made at `handedOverAt`: applies to the message still waiting
   * for it (pending, or `unknown` if a sweep gave up on it meanwhile: the late answer is the truth).
   */
  async recordOutcome(tx: TenantTx, tenantId: string, id: string, handedOverAt: Date, patch: Partial<NewMessage>): Promise<MessageRow | undefined> {
    const [row] = await tx
      .update(messages)
      .set(patch)
      .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id), inArray(messages.status, ['pending', 'unknown']), eq(messages.handedOverAt, handedOverAt)))
      .returning();
    return row;
  }

  /** A send that never reached the driver (not connected, file gone) fails, unless another process claimed it meanwhile. */
  async failUnclaimed(tx: TenantTx, tenantId: string, id: string, patch: Partial<NewMessage>): Promise<MessageRow | undefined> {
    const [row] = await tx
      .update(messages)
      .set(patch)
      .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id), eq(messages.status, 'pending'), isNull(messages.handedOverAt)))
      .returning();
    return row;
  }

  /**
   * Puts a failed (retryable) message, or an `unknown` one when `allowUnknown`, back to pending and
   * not handed over, in one conditional UPDATE: two retries at once send it once.
   */
  async reopenForRetry(tx: TenantTx, tenantId: string, id: string, allowUnknown: boolean): Promise<MessageRow | undefined> {
    const [row] = await tx
      .update(messages)
      .set({ status: 'pending', error: null, errorCode: null, errorParams: null, errorRetryable: false, handedOverAt: null })
      .where(
        and(
          eq(messages.tenantId, tenantId),
          eq(messages.id, id),
          eq(messages.direction, 'out'),
          or(and(eq(messages.status, 'failed'), eq(messages.errorRetryable, true)), allowUnknown ? eq(messages.status, 'unknown') : undefined),
        ),
      )
      .returning();
    return row;
  }

  /**
   * Pending messages handed to the driver (before `handedOverBefore`, or all) whose outcome was never
   * recorded become `unknown`: WhatsApp may have them, so they are never sent again on their own.
   */
  async markHandedOverUnknown(tx: PlatformTx, reason: MessageFailure, handedOverBefore?: Date): Promise<MessageRow[]> {
    return tx
      .update(messages)
      .set({ status: 'unknown', ...reason, errorParams: null, errorRetryable: false })
      .where(and(eq(messages.status, 'pending'), isNotNull(messages.handedOverAt), handedOverBefore ? lt(messages.handedOverAt, handedOverBefore) : undefined))
      .returning();
  }

  /** Pending messages never handed to the driver, oldest first (to be sent by whoever holds the tenant's WhatsApp). */
  async unclaimedPending(tx: PlatformTx, filter: { tenantId?: string; createdBefore?: Date; limit: number }): Promise<MessageRow[]> {
    return tx
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.status, 'pending'),
          isNull(messages.handedOverAt),
          filter.tenantId ? eq(messages.tenantId, filter.tenantId) : undefined,
          filter.createdBefore ? lt(messages.createdAt, filter.createdBefore) : undefined,
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(filter.limit);
  }

  /** The chat's typed messages created before `before` that still wait to be handed to WhatsApp, oldest first. */
  async unclaimedTypedOfChatBefore(tx: TenantTx, tenantId: string, contactId: string, before: Pick<MessageRow, 'createdAt' | 'id'>): Promise<MessageRow[]> {
    return tx
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.tenantId, tenantId),
          eq(messages.status, 'pending'),
          eq(messages.contactId, contactId),
          eq(messages.automated, false),
          isNull(messages.handedOverAt),
          writtenBefore(before.createdAt, before.id),
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(100);
  }

  /**
   * Pending messages never handed over, older than `olderThan` and not being sent by this process,
   * become retryable failures (nobody holding the tenant's WhatsApp took them over). One handed
   * over is left alone: it may be on WhatsApp (see markHandedOverUnknown).
   */
  async failStalePending(tx: PlatformTx, olderThan: Date, reason: MessageFailure, exceptIds: string[] = []): Promise<MessageRow[]> {
    return tx
      .update(messages)
      .set({ status: 'failed', ...reason, errorParams: null, errorRetryable: true })
      .where(and(eq(messages.status, 'pending'), isNull(messages.handedOverAt), lt(messages.createdAt, olderThan), exceptIds.length ? notInArray(messages.id, exceptIds) : undefined))
      .returning();
  }

  /** WhatsApp's id of the contact's latest message (a line WhatsApp wrote is not one the contact could see read). */
  async latestInboundWaId(tx: TenantTx, tenantId: string, contactId: string): Promise<string | undefined> {
    const [row] = await tx
      .select({ waMessageId: messages.waMessageId })
      .from(messages)
      .where(and(eq(messages.tenantId, tenantId), eq(messages.contactId, contactId), eq(messages.direction, 'in'), isNotNull(messages.waMessageId), isNull(messages.systemEvent)))
      .orderBy(newestFirst(messages.createdAt), newestFirst(messages.id))
      .limit(1);
    return row?.waMessageId ?? undefined;
  }
}
