import { Injectable } from '@nestjs/common';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/database.types.js';
import { newId } from '../../platform/db/columns.js';
import { contactOptOuts } from './contact-opt-outs.table.js';
import { contacts } from './contacts.table.js';

export type OptOutState = { contactId: string; assignedTo: string | null; optedOutAt: Date | null; optOutKeyword: string | null };

/** SQL of a contact's opt-out: the mark on the contact and its history. */
@Injectable()
export class ContactOptOutsRepository {
  async state(tx: TenantTx, tenantId: string, contactId: string): Promise<OptOutState | undefined> {
    const [row] = await tx
      .select({ contactId: contacts.id, assignedTo: contacts.assignedTo, optedOutAt: contacts.optedOutAt, optOutKeyword: contacts.optOutKeyword })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
    return row;
  }

  /** Marks the contact opted out unless it already is; true when this call marked it. */
  async optOut(tx: TenantTx, tenantId: string, contactId: string, at: Date, by: { keyword: string | null; messageId: string | null; userId: string | null }): Promise<boolean> {
    const marked = await tx
      .update(contacts)
      .set({ optedOutAt: at, optOutKeyword: by.keyword })
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId), isNull(contacts.optedOutAt)))
      .returning({ id: contacts.id });
    if (!marked.length) return false;
    await tx.insert(contactOptOuts).values({ id: newId(), tenantId, contactId, action: 'opted_out', keyword: by.keyword, messageId: by.messageId, byUser: by.userId, createdAt: at });
    return true;
  }

  /** Undoes the opt-out; true when the contact was opted out. */
  async optIn(tx: TenantTx, tenantId: string, contactId: string, at: Date, userId: string): Promise<boolean> {
    const cleared = await tx
      .update(contacts)
      .set({ optedOutAt: null, optOutKeyword: null })
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId), isNotNull(contacts.optedOutAt)))
      .returning({ id: contacts.id });
    if (!cleared.length) return false;
    await tx.insert(contactOptOuts).values({ id: newId(), tenantId, contactId, action: 'opted_in', byUser: userId, createdAt: at });
    return true;
  }
}
