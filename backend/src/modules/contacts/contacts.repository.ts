import { anyOf } from '../../platform/db/any-of.js';
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, gte, inArray, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { WON_STATUS, type ContactSortField, type ContactStage, type Language, type PipelineStatus } from '@crm/common';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { products } from '../products/products.table.js';
import { shippingCompanies } from '../shipping/shipping.table.js';
import { users } from '../users/users.table.js';
import { UNASSIGNED_KEY, contactCounts, contactDealProducts, contactStageHistory, contacts, type ContactRow, type NewContactRow } from './contacts.table.js';
import { newestFirst } from '../../platform/db/order.js';
import { containsPattern } from '../../platform/db/contains-pattern.js';

/** Whose contacts a query may touch: the tenant's, and for a sales user only those assigned to them. */
export type ContactScope = { tenantId: string; onlyAssignedTo?: string };

export type ContactListFilter = {
  stage?: ContactStage;
  q?: string;
  /** the digits a phone search looks for (see phoneSearchDigits) */
  phoneDigits?: string;
  createdFrom?: Date;
  createdBefore?: Date;
  assignedTo?: string;
  isArchived?: boolean;
  pipelineStatus?: PipelineStatus;
  productId?: string;
};

export type ContactSort = { by: ContactSortField; order: 'asc' | 'desc' };

export type ContactRecord = ContactRow & { assignedName: string | null; shippingCompanyName: string | null };
/** What the export writes of a contact. */
export type ContactExportRecord = Pick<
  ContactRecord,
  | 'id' | 'name' | 'phone' | 'email' | 'address' | 'stage' | 'pipelineStatus' | 'dealAmount' | 'probability' | 'shippingTrackingNumber'
  | 'shippingStatus' | 'shippingCost' | 'shippingGovernorate' | 'shippingCity' | 'shippingStreet' | 'notes' | 'createdAt' | 'assignedName' | 'shippingCompanyName'
>;
export type DealProductRecord = {
  contactId: string;
  qty: number;
  price: number;
  product: { id: string; name: string; sku: string; price: number } | null;
};
export type StageHistoryRecord = {
  id: string;
  fromStage: string | null;
  toStage: string;
  changedAt: Date;
  changedBy: string | null;
  changedByName: string | null;
};
export type DealLineRow = { productId: string; qty: number; price: number };
export type ContactPatch = Partial<Omit<NewContactRow, 'id' | 'tenantId' | 'createdAt'>>;
export type FillBlanksRow = { id: string; name?: string; email?: string; address?: string; notes?: string };

/** A contact as the messenger knows it: who it is on WhatsApp and whose it is. */
export type WhatsAppContact = Pick<ContactRow, 'id' | 'name' | 'phone' | 'waId' | 'waLid' | 'assignedTo'>;
/** A new contact and the user its first stage-history row names (null: created by an inbound message). */
export type NewContact = NewContactRow & { id: string; createdBy: string | null; createdAt: Date };

/**
 * Rows per statement of the bulk methods (imports of up to 10,000 rows), with a turn of the event
 * loop between statements: on the embedded PGlite a statement runs on this thread and its promises
 * resolve as microtasks, so without the turn a 10,000-row import would hold the loop for its
 * whole length. 50 rows keep one statement to a few milliseconds there.
 */
const BATCH = 50;

@Injectable()
export class ContactsRepository {
  /** The WHERE of every list, count, total and export: one definition, so they always agree. */
  private where(scope: ContactScope, f: ContactListFilter): SQL {
    const conditions: (SQL | undefined)[] = [
      eq(contacts.tenantId, scope.tenantId),
      scope.onlyAssignedTo ? eq(contacts.assignedTo, scope.onlyAssignedTo) : undefined,
      f.assignedTo === 'unassigned' ? isNull(contacts.assignedTo) : f.assignedTo ? eq(contacts.assignedTo, f.assignedTo) : undefined,
      f.stage ? eq(contacts.stage, f.stage) : undefined,
      f.isArchived !== undefined ? eq(contacts.isArchived, f.isArchived) : undefined,
      f.createdFrom ? gte(contacts.createdAt, f.createdFrom) : undefined,
      f.createdBefore ? lt(contacts.createdAt, f.createdBefore) : undefined,
      f.pipelineStatus === 'new'
        ? or(eq(contacts.pipelineStatus, 'new'), isNull(contacts.pipelineStatus))
        : f.pipelineStatus
          ? eq(contacts.pipelineStatus, f.pipelineStatus)
          : undefined,
      f.productId
        ? inArray(
            contacts.id,
            sql`(select ${contactDealProducts.contactId} from ${contactDealProducts} where ${contactDealProducts.tenantId} = ${scope.tenantId} and ${contactDealProducts.productId} = ${f.productId})`,
          )
        : undefined,
    ];
    if (f.q) {
      // name/email contain q, or the phone contains its digits: through contacts_matching()
      // (migration 0007), which can use the trigram indexes under row-level security
      const phonePattern = f.phoneDigits ? containsPattern(f.phoneDigits) : null;
      conditions.push(inArray(contacts.id, sql`(select m.id from contacts_matching(${containsPattern(f.q)}, ${phonePattern}::text) m)`));
    }
    return and(...conditions)!;
  }

  /** Whether the running totals can answer for this filter (no search, dates or product). */
  private countable(f: ContactListFilter): boolean {
    return !f.q && !f.createdFrom && !f.createdBefore && !f.productId;
  }

  private countsWhere(scope: ContactScope, f: ContactListFilter): SQL {
    const assignee = scope.onlyAssignedTo ?? (f.assignedTo === 'unassigned' ? UNASSIGNED_KEY : f.assignedTo);
    return and(
      eq(contactCounts.tenantId, scope.tenantId),
      assignee ? eq(contactCounts.assignedKey, assignee) : undefined,
      scope.onlyAssignedTo && f.assignedTo && f.assignedTo !== scope.onlyAssignedTo ? sql`false` : undefined,
      f.stage ? eq(contactCounts.stage, f.stage) : undefined,
      f.isArchived !== undefined ? eq(contactCounts.isArchived, f.isArchived) : undefined,
      f.pipelineStatus === 'new' ? inArray(contactCounts.statusKey, ['new', '']) : f.pipelineStatus ? eq(contactCounts.statusKey, f.pipelineStatus) : undefined,
    )!;
  }

  /**
   * The list indexes are `created_at DESC NULLS LAST, id DESC NULLS LAST` (drizzle-kit's DESC), so
   * the ORDER BY names the same NULLS placement (NULLS FIRST when ascending, the backward scan):
   * a plain `DESC` means NULLS FIRST and would make PostgreSQL sort instead of walking the index.
   */
  private orderBy(sort: ContactSort): SQL[] {
    const dir = (column: SQLWrapper) => (sort.order === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`);
    switch (sort.by) {
      case 'name':
        // by the label the lists show (the phone when there is no name), case-insensitively and
        // the same on every server collation; matches contacts_stage_label_idx (forward or backward)
        return sort.order === 'asc'
          ? [sql`lower(coalesce(${contacts.name}, ${contacts.phone})) asc`, sql`${contacts.id} asc`]
          : [sql`lower(coalesce(${contacts.name}, ${contacts.phone})) desc`, sql`${contacts.id} desc`]; // index order checked: the backward scan of the ascending label indexes
      case 'amount':
        return [sort.order === 'asc' ? sql`${contacts.dealAmount} asc nulls last` : sql`${contacts.dealAmount} desc nulls last`, dir(contacts.id)];
      case 'updatedAt':
        return [dir(contacts.updatedAt), dir(contacts.id)];
      default:
        return [dir(contacts.createdAt), dir(contacts.id)];
    }
  }

  /**
   * The ids of one page. Only ids are read while skipping `offset` rows, so a deep page walks the
   * list index alone (index-only scan) and fetches full rows for the page's ids afterwards.
   */
  async pageIds(tx: TenantTx, scope: ContactScope, filter: ContactListFilter, sort: ContactSort, offset: number, limit: number): Promise<string[]> {
    const rows = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(this.where(scope, filter))
      .orderBy(...this.orderBy(sort))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => r.id);
  }

  /**
   * A search page and its total in one pass: the matches of contacts_matching() (already this
   * tenant's only) are filtered, counted (window) and sorted without reading contacts again.
   * Undefined when the page is past the end (the caller counts then).
   */
  async searchPage(
    tx: TenantTx,
    scope: ContactScope,
    filter: ContactListFilter & { q: string },
    sort: ContactSort,
    offset: number,
    limit: number,
  ): Promise<{ ids: string[]; total: number } | undefined> {
    const phonePattern = filter.phoneDigits ? containsPattern(filter.phoneDigits) : null;
    const source = sql`contacts_matching(${containsPattern(filter.q)}, ${phonePattern}::text) as ${contacts}`;
    const result = await tx.execute(
      sql`select ${contacts.id} as id, count(*) over () as total from ${source}
          where ${this.where(scope, { ...filter, q: undefined })}
          order by ${sql.join(this.orderBy(sort), sql`, `)} limit ${limit} offset ${offset}`,
    );
    const rows = (result as unknown as { rows: { id: string; total: number | string }[] }).rows;
    if (!rows.length) return undefined;
    return { ids: rows.map((r) => r.id), total: Number(rows[0].total) };
  }

  async count(tx: TenantTx, scope: ContactScope, filter: ContactListFilter): Promise<number> {
    if (this.countable(filter)) {
      const [{ total }] = await tx
        .select({ total: sql<number>`coalesce(sum(${contactCounts.contacts}), 0)`.mapWith(Number) })
        .from(contactCounts)
        .where(this.countsWhere(scope, filter));
      return total;
    }
    const [{ total }] = await tx.select({ total: count() }).from(contacts).where(this.where(scope, filter));
    return total;
  }

  /** Count and amount per pipeline status over the whole filtered set (no status counts as `new`). */
  async pipelineTotals(tx: TenantTx, scope: ContactScope, filter: ContactListFilter): Promise<{ status: string; count: number; amount: number }[]> {
    if (this.countable(filter)) {
      const key = sql<string>`coalesce(nullif(${contactCounts.statusKey}, ''), 'new')`;
      return tx
        .select({
          status: key,
          count: sql<number>`sum(${contactCounts.contacts})`.mapWith(Number),
          amount: sql<number>`sum(${contactCounts.dealAmount})`.mapWith(Number),
        })
        .from(contactCounts)
        .where(this.countsWhere(scope, filter))
        .groupBy(key);
    }
    const status = sql<string>`coalesce(${contacts.pipelineStatus}, 'new')`;
    return tx
      .select({
        status,
        count: count(),
        amount: sql<number>`coalesce(sum(${contacts.dealAmount}), 0)`.mapWith(Number),
      })
      .from(contacts)
      .where(this.where(scope, filter))
      .groupBy(status);
  }

  /** Count per stage, and the number and amount of the won deals (kpis.ts), for contacts created in the range. */
  async stats(
    tx: TenantTx,
    scope: ContactScope,
    range: { createdFrom?: Date; createdBefore?: Date },
  ): Promise<{ stage: string; count: number; won: number; wonAmount: number }[]> {
    if (this.countable(range)) {
      return tx
        .select({
          stage: contactCounts.stage,
          count: sql<number>`sum(${contactCounts.contacts})`.mapWith(Number),
          won: sql<number>`coalesce(sum(${contactCounts.contacts}) filter (where ${contactCounts.statusKey} = ${WON_STATUS}), 0)`.mapWith(Number),
          wonAmount: sql<number>`coalesce(sum(${contactCounts.dealAmount}) filter (where ${contactCounts.statusKey} = ${WON_STATUS}), 0)`.mapWith(Number),
        })
        .from(contactCounts)
        .where(this.countsWhere(scope, {}))
        .groupBy(contactCounts.stage);
    }
    return tx
      .select({
        stage: contacts.stage,
        count: count(),
        won: sql<number>`count(*) filter (where ${contacts.pipelineStatus} = ${WON_STATUS})`.mapWith(Number),
        wonAmount: sql<number>`coalesce(sum(${contacts.dealAmount}) filter (where ${contacts.pipelineStatus} = ${WON_STATUS}), 0)`.mapWith(Number),
      })
      .from(contacts)
      .where(this.where(scope, range))
      .groupBy(contacts.stage);
  }

  private selectRecords(tx: TenantTx | PlatformTx) {
    return tx
      .select({ contact: contacts, assignedName: users.name, shippingCompanyName: shippingCompanies.name })
      .from(contacts)
      .leftJoin(users, eq(users.id, contacts.assignedTo))
      .leftJoin(shippingCompanies, eq(shippingCompanies.id, contacts.shippingCompanyId));
  }

  /**
   * The export's columns of these contacts, in the order of the ids. Only what the workbook shows:
   * reading and mapping whole rows was most of a 10,000-row export's time (issue 17).
   */
  async exportRecords(tx: TenantTx, tenantId: string, ids: string[]): Promise<ContactExportRecord[]> {
    if (!ids.length) return [];
    const rows = await tx
      .select({
        id: contacts.id,
        name: contacts.name,
        phone: contacts.phone,
        email: contacts.email,
        address: contacts.address,
        stage: contacts.stage,
        pipelineStatus: contacts.pipelineStatus,
        dealAmount: contacts.dealAmount,
        probability: contacts.probability,
        shippingTrackingNumber: contacts.shippingTrackingNumber,
        shippingStatus: contacts.shippingStatus,
        shippingCost: contacts.shippingCost,
        shippingGovernorate: contacts.shippingGovernorate,
        shippingCity: contacts.shippingCity,
        shippingStreet: contacts.shippingStreet,
        notes: contacts.notes,
        createdAt: contacts.createdAt,
        assignedName: users.name,
        shippingCompanyName: shippingCompanies.name,
      })
      .from(contacts)
      .leftJoin(users, eq(users.id, contacts.assignedTo))
      .leftJoin(shippingCompanies, eq(shippingCompanies.id, contacts.shippingCompanyId))
      .where(and(eq(contacts.tenantId, tenantId), anyOf(contacts.id, ids)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is ContactExportRecord => !!r);
  }

  /** Full rows for these ids, in the order of the ids. */
  async findManyByIds(tx: TenantTx, tenantId: string, ids: string[]): Promise<ContactRecord[]> {
    if (!ids.length) return [];
    const rows = await this.selectRecords(tx).where(and(eq(contacts.tenantId, tenantId), anyOf(contacts.id, ids)));
    const byId = new Map(rows.map((r) => [r.contact.id, { ...r.contact, assignedName: r.assignedName, shippingCompanyName: r.shippingCompanyName }]));
    return ids.map((id) => byId.get(id)).filter((r): r is ContactRecord => !!r);
  }

  /** Every row the filter selects, in list order, up to `limit` (exports). */
  async findAll(tx: TenantTx, scope: ContactScope, filter: ContactListFilter, sort: ContactSort, limit: number): Promise<ContactRecord[]> {
    const rows = await this.selectRecords(tx)
      .where(this.where(scope, filter))
      .orderBy(...this.orderBy(sort))
      .limit(limit);
    return rows.map((r) => ({ ...r.contact, assignedName: r.assignedName, shippingCompanyName: r.shippingCompanyName }));
  }

  async findById(tx: TenantTx, tenantId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<ContactRecord | undefined> {
    const query = this.selectRecords(tx).where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id))).limit(1);
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
      found.push(...(await tx.select().from(contacts).where(and(eq(contacts.tenantId, tenantId), inArray(contacts.phone, chunk)))));
    }
    return found;
  }

  /** Batch insert of prepared rows (demo data); new contacts of users go through insertWithHistory. */
  async insertMany(tx: TenantTx | PlatformTx, rows: NewContactRow[]): Promise<{ id: string; phone: string }[]> {
    const inserted: { id: string; phone: string }[] = [];
    for (let i = 0; i < rows.length; i += BATCH) {
      if (i) await yieldToOtherRequests();
      inserted.push(...(await tx.insert(contacts).values(rows.slice(i, i + BATCH)).returning({ id: contacts.id, phone: contacts.phone })));
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
      await tx.insert(contactStageHistory).values(
        chunk
          .filter((c) => ids.has(c.id))
          .map((c) => ({ tenantId: c.tenantId, contactId: c.id, fromStage: null, toStage: c.stage ?? 'lead', changedBy: c.createdBy, changedAt: c.createdAt })),
      );
      for (const id of ids) created.add(id);
    }
    return created;
  }

  /** Contacts known under any of these phones or linked WhatsApp ids: one query for a whole batch. */
  async findWhatsAppContacts(tx: TenantTx, tenantId: string, phones: string[], lids: string[]): Promise<WhatsAppContact[]> {
    if (!phones.length && !lids.length) return [];
    return tx
      .select({ id: contacts.id, name: contacts.name, phone: contacts.phone, waId: contacts.waId, waLid: contacts.waLid, assignedTo: contacts.assignedTo })
      .from(contacts)
      .where(
        and(
          eq(contacts.tenantId, tenantId),
          // one array parameter each, not one per number: an inbound batch names hundreds (issue 17)
          or(
            phones.length ? anyOf(contacts.phone, phones) : undefined,
            lids.length ? anyOf(contacts.waLid, lids) : undefined,
          ),
        ),
      );
  }

  async setWhatsAppIds(tx: TenantTx, tenantId: string, contactId: string, patch: { waId?: string | null; waLid?: string | null; phone?: string }): Promise<void> {
    await tx.update(contacts).set(patch).where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
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
        rows
          .slice(i, i + BATCH)
          .map((r) => sql`(${r.id}::uuid, ${r.name ?? null}::text, ${r.email ?? null}::text, ${r.address ?? null}::text, ${r.notes ?? null}::text)`),
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

  async delete(tx: TenantTx, tenantId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)))
      .returning({ id: contacts.id });
    return rows.length > 0;
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

  async dealProducts(tx: TenantTx, tenantId: string, contactIds: string[]): Promise<DealProductRecord[]> {
    const out: DealProductRecord[] = [];
    for (let i = 0; i < contactIds.length; i += 5000) {
      const rows = await tx
        .select({
          contactId: contactDealProducts.contactId,
          qty: contactDealProducts.qty,
          price: contactDealProducts.price,
          productId: products.id,
          productName: products.name,
          productSku: products.sku,
          productPrice: products.price,
        })
        .from(contactDealProducts)
        .leftJoin(products, eq(products.id, contactDealProducts.productId))
        .where(and(eq(contactDealProducts.tenantId, tenantId), anyOf(contactDealProducts.contactId, contactIds.slice(i, i + 5000))))
        .orderBy(asc(contactDealProducts.contactId), asc(contactDealProducts.position));
      for (const r of rows) {
        out.push({
          contactId: r.contactId,
          qty: r.qty,
          price: r.price,
          product: r.productId ? { id: r.productId, name: r.productName!, sku: r.productSku!, price: r.productPrice! } : null,
        });
      }
    }
    return out;
  }

  async replaceDealProducts(tx: TenantTx, tenantId: string, contactId: string, lines: DealLineRow[]): Promise<void> {
    await tx.delete(contactDealProducts).where(and(eq(contactDealProducts.tenantId, tenantId), eq(contactDealProducts.contactId, contactId)));
    if (lines.length) {
      await tx.insert(contactDealProducts).values(lines.map((l, position) => ({ tenantId, contactId, productId: l.productId, qty: l.qty, price: l.price, position })));
    }
  }

  async insertDealProducts(tx: TenantTx | PlatformTx, rows: (typeof contactDealProducts.$inferInsert)[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(contactDealProducts).values(rows.slice(i, i + 1000));
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

  /** The user's language ('en' | 'ar'): an export's column heads follow it. */
  async userLanguage(tx: TenantTx, userId: string): Promise<Language> {
    const [row] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId));
    return row?.language === 'ar' ? 'ar' : 'en';
  }
}
