import { Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import { anyOf } from '../../platform/db/any-of.js';
import { BuiltOnce } from '../../platform/db/built-once.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { contactLabels, labels, type LabelRow } from './labels.table.js';

/** The labels and which contacts carry them. Whether the actor may touch a contact is the caller's rule. */
@Injectable()
export class LabelsRepository {
  list(tx: TenantTx, tenantId: string): Promise<LabelRow[]> {
    return tx
      .select()
      .from(labels)
      .where(eq(labels.tenantId, tenantId))
      .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
  }

  async find(tx: TenantTx, tenantId: string, id: string): Promise<LabelRow | undefined> {
    const [row] = await tx
      .select()
      .from(labels)
      .where(and(eq(labels.tenantId, tenantId), eq(labels.id, id)))
      .limit(1);
    return row;
  }

  /** Of these ids, those that are labels of the company. */
  async existingIds(tx: TenantTx, tenantId: string, ids: readonly string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await tx
      .select({ id: labels.id })
      .from(labels)
      .where(and(eq(labels.tenantId, tenantId), anyOf(labels.id, ids)));
    return rows.map((r) => r.id);
  }

  async insert(tx: TenantTx, row: typeof labels.$inferInsert): Promise<LabelRow> {
    const [created] = await tx.insert(labels).values(row).returning();
    return created;
  }

  async update(tx: TenantTx, tenantId: string, id: string, patch: { name?: string; colour?: string; updatedAt: Date }): Promise<LabelRow | undefined> {
    const [row] = await tx
      .update(labels)
      .set(patch)
      .where(and(eq(labels.tenantId, tenantId), eq(labels.id, id)))
      .returning();
    return row;
  }

  /** Deletes the label and, by the cascade, takes it off every contact; answers the contacts that had it. */
  async delete(tx: TenantTx, tenantId: string, id: string): Promise<string[] | undefined> {
    const had = await tx
      .select({ contactId: contactLabels.contactId })
      .from(contactLabels)
      .where(and(eq(contactLabels.tenantId, tenantId), eq(contactLabels.labelId, id)));
    const rows = await tx
      .delete(labels)
      .where(and(eq(labels.tenantId, tenantId), eq(labels.id, id)))
      .returning({ id: labels.id });
    return rows.length ? had.map((r) => r.contactId) : undefined;
  }

  /** The labels of these contacts, as (contact, label) pairs. */
  labelsOf(tx: TenantTx, tenantId: string, contactIds: readonly string[]): Promise<{ contactId: string; labelId: string }[]> {
    if (!contactIds.length) return Promise.resolve([]);
    return this.pairsOf.run(tx, { tenantId, contactIds });
  }

  /** The statement of every list page's labels, built once. */
  private readonly pairsOf = new BuiltOnce((tx) =>
    tx
      .select({ contactId: contactLabels.contactId, labelId: contactLabels.labelId })
      .from(contactLabels)
      .where(and(eq(contactLabels.tenantId, sql.placeholder('tenantId')), anyOf(contactLabels.contactId, sql.placeholder('contactIds')))),
  );

  /** Each contact's label ids (the chips of a page of a list or of the board). */
  async labelIdsByContact(tx: TenantTx, tenantId: string, contactIds: readonly string[]): Promise<Map<string, string[]>> {
    const byContact = new Map<string, string[]>();
    for (const { contactId, labelId } of await this.labelsOf(tx, tenantId, contactIds)) byContact.set(contactId, [...(byContact.get(contactId) ?? []), labelId]);
    return byContact;
  }

  /** Puts each label on each contact (those already there stay as they are). */
  async add(tx: TenantTx, tenantId: string, contactIds: readonly string[], labelIds: readonly string[]): Promise<void> {
    const rows = contactIds.flatMap((contactId) => labelIds.map((labelId) => ({ tenantId, contactId, labelId })));
    if (rows.length) await tx.insert(contactLabels).values(rows).onConflictDoNothing();
  }

  /** Takes each label off each contact. */
  async remove(tx: TenantTx, tenantId: string, contactIds: readonly string[], labelIds: readonly string[]): Promise<void> {
    if (!contactIds.length || !labelIds.length) return;
    await tx.delete(contactLabels).where(and(eq(contactLabels.tenantId, tenantId), anyOf(contactLabels.contactId, contactIds), anyOf(contactLabels.labelId, labelIds)));
  }

  /** Makes the contact's labels exactly these. */
  async replace(tx: TenantTx, tenantId: string, contactId: string, labelIds: readonly string[]): Promise<void> {
    await tx
      .delete(contactLabels)
      .where(and(eq(contactLabels.tenantId, tenantId), eq(contactLabels.contactId, contactId), labelIds.length ? sql`not (${anyOf(contactLabels.labelId, labelIds)})` : undefined));
    await this.add(tx, tenantId, [contactId], labelIds);
  }
}
