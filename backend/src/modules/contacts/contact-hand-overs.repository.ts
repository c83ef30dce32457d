import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TenantTx } from '../../platform/db/database.types.js';
import { newestFirst } from '../../platform/db/order.js';
import { users } from '../users/users.table.js';
import { contactHandOvers, type ContactHandOverRow } from './contact-hand-overs.table.js';

export type NewContactHandOver = typeof contactHandOvers.$inferInsert;
/** One hand-over with the names of the users in it. */
export type ContactHandOverRecord = ContactHandOverRow & { fromName: string | null; toName: string | null; handedByName: string | null };

/** The SQL of the contact's hand-over history. */
@Injectable()
export class ContactHandOversRepository {
  async record(tx: TenantTx, row: NewContactHandOver): Promise<ContactHandOverRow> {
    const [created] = await tx.insert(contactHandOvers).values(row).returning();
    return created;
  }

  /** A contact's latest hand-overs, newest first (contact_hand_overs_contact_idx). */
  async history(tx: TenantTx, tenantId: string, contactId: string, limit: number): Promise<ContactHandOverRecord[]> {
    const from = alias(users, 'from_user');
    const to = alias(users, 'to_user');
    const by = alias(users, 'handed_by_user');
    const rows = await tx
      .select({ handOver: contactHandOvers, fromName: from.name, toName: to.name, handedByName: by.name })
      .from(contactHandOvers)
      .leftJoin(from, eq(from.id, contactHandOvers.fromUserId))
      .leftJoin(to, eq(to.id, contactHandOvers.toUserId))
      .leftJoin(by, eq(by.id, contactHandOvers.handedBy))
      .where(and(eq(contactHandOvers.tenantId, tenantId), eq(contactHandOvers.contactId, contactId)))
      .orderBy(newestFirst(contactHandOvers.handedAt), newestFirst(contactHandOvers.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.handOver, fromName: r.fromName, toName: r.toName, handedByName: r.handedByName }));
  }
}
