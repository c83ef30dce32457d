import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { anyOf } from '../../platform/db/any-of.js';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { scheduledMessages, type ScheduledMessageRow } from './scheduled-messages.table.js';

export type DueScheduledMessage = { id: string; tenantId: string };
export type ScheduledFinish = { status: 'sent' | 'failed' | 'sending'; reason?: string | null; messageId?: string | null; sentAt?: Date | null; at: Date };

/** The scheduled messages' SQL. Whether the actor may see the contact is the caller's rule. */
@Injectable()
export class ScheduledMessagesRepository {
  /** A contact merged into another (one person, one contact): what this module keeps of it follows. */
  async moveToContact(tx: TenantTx, tenantId: string, fromId: string, intoId: string): Promise<void> {
    await tx
      .update(scheduledMessages)
      .set({ contactId: intoId })
      .where(and(eq(scheduledMessages.tenantId, tenantId), eq(scheduledMessages.contactId, fromId)));
  }

  async insert(tx: TenantTx, row: typeof scheduledMessages.$inferInsert): Promise<ScheduledMessageRow> {
    const [created] = await tx.insert(scheduledMessages).values(row).returning();
    return created;
  }

  async find(tx: TenantTx, tenantId: string, id: string): Promise<ScheduledMessageRow | undefined> {
    const [row] = await tx
      .select()
      .from(scheduledMessages)
      .where(and(eq(scheduledMessages.tenantId, tenantId), eq(scheduledMessages.id, id)))
      .limit(1);
    return row;
  }

  /** A contact's scheduled messages, soonest first (the chat's list), one page. */
  async listForContact(tx: TenantTx, tenantId: string, contactId: string, page: { limit: number; offset: number }): Promise<{ items: ScheduledMessageRow[]; total: number }> {
    const where = and(eq(scheduledMessages.tenantId, tenantId), eq(scheduledMessages.contactId, contactId));
    const items = await tx.select().from(scheduledMessages).where(where).orderBy(asc(scheduledMessages.sendAt), asc(scheduledMessages.id)).limit(page.limit).offset(page.offset);
    const [{ total }] = await tx.select({ total: count() }).from(scheduledMessages).where(where);
    return { items, total };
  }

  /** Changes a message only while it is still `scheduled`; undefined when it is not (any more). */
  async updateScheduled(tx: TenantTx, tenantId: string, id: string, patch: Partial<Pick<ScheduledMessageRow, 'body' | 'sendAt' | 'status'>> & { updatedAt: Date }) {
    const [row] = await tx
      .update(scheduledMessages)
      .set(patch)
      .where(and(eq(scheduledMessages.tenantId, tenantId), eq(scheduledMessages.id, id), eq(scheduledMessages.status, 'scheduled')))
      .returning();
    return row;
  }

  /**
   * The claim: `scheduled` (due) → `sending`, or a `sending` one whose sender died (claimed before
   * the lease). `late` records whether it left more than a few minutes after its time. A racing instance waits for the row lock, re-checks the condition and gets nothing.
   */
  async claim(tx: TenantTx, tenantId: string, id: string, now: Date, staleBefore: Date, lateBefore: Date): Promise<ScheduledMessageRow | undefined> {
    const [row] = await tx
      .update(scheduledMessages)
      .set({ status: 'sending', claimedAt: now, updatedAt: now, late: sql`${scheduledMessages.sendAt} < ${lateBefore.toISOString()}::timestamptz` })
      .where(
        and(
          eq(scheduledMessages.tenantId, tenantId),
          eq(scheduledMessages.id, id),
          lte(scheduledMessages.sendAt, now),
          or(eq(scheduledMessages.status, 'scheduled'), and(eq(scheduledMessages.status, 'sending'), isNotNull(scheduledMessages.claimedAt), lt(scheduledMessages.claimedAt, staleBefore))),
        ),
      )
      .returning();
    return row;
  }

  /** Records what became of a claimed message; undefined when it was no longer `sending`. */
  async finish(tx: TenantTx, tenantId: string, id: string, patch: ScheduledFinish): Promise<ScheduledMessageRow | undefined> {
    const [done] = await tx
      .update(scheduledMessages)
      .set({
        status: patch.status,
        reason: patch.reason ?? null,
        messageId: patch.messageId ?? null,
        sentAt: patch.sentAt ?? null,
        updatedAt: patch.at,
      })
      .where(and(eq(scheduledMessages.tenantId, tenantId), eq(scheduledMessages.id, id), eq(scheduledMessages.status, 'sending')))
      .returning();
    return done;
  }

  /** A delivery report for a message still `sending` (its sender stopped before recording it). */
  async finishByMessage(tx: TenantTx, tenantId: string, id: string, messageId: string, patch: ScheduledFinish): Promise<ScheduledMessageRow | undefined> {
    const [done] = await tx
      .update(scheduledMessages)
      .set({ status: patch.status, reason: patch.reason ?? null, messageId, sentAt: patch.sentAt ?? null, updatedAt: patch.at })
      .where(and(eq(scheduledMessages.tenantId, tenantId), eq(scheduledMessages.id, id), eq(scheduledMessages.status, 'sending')))
      .returning();
    return done;
  }

  /** Due messages (or abandoned claims) of these tenants, oldest time first (crosses tenants: the sweep). */
  due(tx: PlatformTx, filter: { now: Date; staleBefore: Date; tenantIds: string[]; limit: number }): Promise<DueScheduledMessage[]> {
    if (!filter.tenantIds.length) return Promise.resolve([]);
    return tx
      .select({ id: scheduledMessages.id, tenantId: scheduledMessages.tenantId })
      .from(scheduledMessages)
      .where(
        and(
          anyOf(scheduledMessages.tenantId, filter.tenantIds),
          or(
            and(eq(scheduledMessages.status, 'scheduled'), lte(scheduledMessages.sendAt, filter.now)),
            and(eq(scheduledMessages.status, 'sending'), lt(scheduledMessages.claimedAt, filter.staleBefore)),
          ),
        ),
      )
      .orderBy(asc(scheduledMessages.sendAt))
      .limit(filter.limit);
  }
}
