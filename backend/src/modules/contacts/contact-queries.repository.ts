import { Injectable } from '@nestjs/common';
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { WON_STATUS, boundedTotal, countCap, type BoundedTotal, type ContactSortField, type ContactStage, type Language, type PipelineStatus } from '@crm/common';
import { anyOf } from '../../platform/db/any-of.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { contactHasLabels, type LabelFilter } from '../labels/label-filter.js';
import { shippingCompanies } from '../shipping/shipping.table.js';
import { users } from '../users/users.table.js';
import type { ContactRecord } from './contacts.repository.js';
import { contactSearchCondition, contactsSearchView } from './contact-search.js';
import { ContactWordSearchRepository, wordsAnswer } from './contact-word-search.repository.js';
import { UNASSIGNED_KEY, contactCounts, contactDealProducts, contacts } from './contacts.table.js';

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
  /** the deal's shipping governorate (a code) */
  governorate?: string;
  /** contacts with any of / all of these labels */
  labels?: LabelFilter;
};

export type ContactSort = { by: ContactSortField; order: 'asc' | 'desc' };

/** From this offset on, a page is read from the nearer end of the list (listPage). */
const DEEP_PAGE = 1_000;

/** Deals per shipping company and shipping status, with the COD still to collect. */
export type ShipmentStatsRow = { companyId: string; status: string | null; count: number; codOutstanding: number };

/**
 * The SQL that reads contacts many at a time: the lists' pages, searches, counts and pipeline
 * totals (one WHERE for all of them, so they always agree), the dashboard's stats, the export's
 * rows and the shipments per courier. Full rows by id and every write are ContactsRepository's.
 */
@Injectable()
export class ContactQueriesRepository {
  constructor(private readonly words: ContactWordSearchRepository) {}

  /** The WHERE of every list, count, total and export: one definition, so they always agree. */
  private where(scope: ContactScope, f: ContactListFilter, search: 'row' | 'walk' | 'ids' = 'ids'): SQL {
    const conditions: (SQL | undefined)[] = [
      eq(contacts.tenantId, scope.tenantId),
      scope.onlyAssignedTo ? eq(contacts.assignedTo, scope.onlyAssignedTo) : undefined,
      f.assignedTo === 'unassigned' ? isNull(contacts.assignedTo) : f.assignedTo ? eq(contacts.assignedTo, f.assignedTo) : undefined,
      f.stage ? eq(contacts.stage, f.stage) : undefined,
      f.isArchived !== undefined ? eq(contacts.isArchived, f.isArchived) : undefined,
      f.createdFrom ? gte(contacts.createdAt, f.createdFrom) : undefined,
      f.createdBefore ? lt(contacts.createdAt, f.createdBefore) : undefined,
      f.pipelineStatus === 'new' ? or(eq(contacts.pipelineStatus, 'new'), isNull(contacts.pipelineStatus)) : f.pipelineStatus ? eq(contacts.pipelineStatus, f.pipelineStatus) : undefined,
      f.productId
        ? inArray(
            contacts.id,
            sql`(select ${contactDealProducts.contactId} from ${contactDealProducts} where ${contactDealProducts.tenantId} = ${scope.tenantId} and ${contactDealProducts.productId} = ${f.productId})`,
          )
        : undefined,
      f.governorate ? eq(contacts.shippingGovernorate, f.governorate) : undefined,
      f.labels ? contactHasLabels(scope.tenantId, contacts.id, f.labels) : undefined,
    ];
    if (f.q) {
      const matches = contactSearchCondition(f.q, f.phoneDigits, search === 'walk');
      // 'row': the source itself is searched (contacts_search); 'walk': the table, walked in order;
      // otherwise the ids come from contacts_search, which can use the company's trigram index
      conditions.push(search !== 'ids' ? matches : inArray(contacts.id, sql`(select ${contacts.id} from ${contactsSearchView} where ${matches})`));
    }
    return and(...conditions)!;
  }

  /** The same WHERE for a campaign's audience: counted, sampled and copied into its recipients with the lists' own conditions. */
  matching(scope: ContactScope, f: ContactListFilter): SQL {
    return this.where(scope, f);
  }

  /** Whether the running totals can answer for this filter (no search, dates, product or labels). */
  runningTotalsAnswer(f: ContactListFilter): boolean {
    return this.countable(f);
  }

  private countable(f: ContactListFilter): boolean {
    return !f.q && !f.createdFrom && !f.createdBefore && !f.productId && !f.governorate && !f.labels?.labelIds.length;
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
   * One page of each of several pipeline statuses (the board's columns) in one round trip. Each
   * branch is the query pageIds makes for its status alone, so each walks the list index the same
   * way; row_number (over the index's own order, so no sort) keeps each page's order in the result.
   */
  async statusPageIds(
    tx: TenantTx,
    scope: ContactScope,
    filter: ContactListFilter,
    sort: ContactSort,
    pages: { status: PipelineStatus; offset: number }[],
    limit: number,
  ): Promise<Map<PipelineStatus, string[]>> {
    const found = new Map<PipelineStatus, string[]>(pages.map((p) => [p.status, []]));
    if (!pages.length) return found;
    const order = sql.join(this.orderBy(sort), sql`, `);
    const branches = pages.map(
      (p, n) =>
        sql`(select ${n}::int as n, ${contacts.id} as id, row_number() over (order by ${order}) as k from ${contacts}
             where ${this.where(scope, { ...filter, pipelineStatus: p.status })} order by ${order} limit ${limit} offset ${p.offset})`,
    );
    const result = await tx.execute(sql`select n, id from (${sql.join(branches, sql` union all `)}) pages order by n, k`);
    for (const row of (result as unknown as { rows: { n: number; id: string }[] }).rows) found.get(pages[row.n].status)!.push(row.id);
    return found;
  }

  /**
   * A list's page without a search. A deep page of a list the running totals can count is read
   * from the nearer end: the index walked backwards skips the rows after the page instead of those
   * before it (leads page 1000 of 1,200 skipped 49,950 index entries, now 10,000). The total comes
   * with it then. Not for the amount order, whose reverse would put the deals without an amount first.
   */
  async listPage(tx: TenantTx, scope: ContactScope, filter: ContactListFilter, sort: ContactSort, offset: number, limit: number): Promise<{ ids: string[]; total?: number }> {
    if (offset < DEEP_PAGE || sort.by === 'amount' || !this.countable(filter)) return { ids: await this.pageIds(tx, scope, filter, sort, offset, limit) };
    const total = await this.count(tx, scope, filter);
    const after = total - offset - limit;
    if (offset <= after) return { ids: await this.pageIds(tx, scope, filter, sort, offset, limit), total };
    if (offset >= total) return { ids: [], total };
    const reversed: ContactSort = { ...sort, order: sort.order === 'asc' ? 'desc' : 'asc' };
    return { ids: (await this.pageIds(tx, scope, filter, reversed, Math.max(0, after), Math.min(limit, total - offset))).reverse(), total };
  }

  /**
   * A search's page and its total, exact up to the bound (common's boundedTotal): from the words
   * (ContactWordSearchRepository) when the query is one fragment of a word, else, or when the
   * fragment is in too many of the company's words, from the folded text (foldedSearchPage).
   */
  async searchPage(tx: TenantTx, scope: ContactScope, filter: ContactListFilter & { q: string }, sort: ContactSort, offset: number, limit: number): Promise<{ ids: string[] } & BoundedTotal> {
    const byWords = wordsAnswer(filter, sort) ? await this.words.page(tx, { ...filter, ...scope }, sort.order, offset, limit) : undefined;
    return byWords ?? this.foldedSearchPage(tx, scope, filter, sort, offset, limit);
  }

  /**
   * First, up to `cap` matches through the company's trigram index (contacts_search): counted, and
   * when there are fewer than `cap` the page is sorted among them (a rare word: all its matches
   * read once). At `cap` the word is common: the page comes from the list's index walked in order,
   * through the table (where LIKE cannot use the trigram index), which meets the page's matches
   * soon and stops there; the total says "at least". The walk is an InitPlan of the CASE's other
   * branch, run only when that branch is taken (a second round trip cost more than the walk).
   */
  private async foldedSearchPage(
    tx: TenantTx,
    scope: ContactScope,
    filter: ContactListFilter & { q: string },
    sort: ContactSort,
    offset: number,
    limit: number,
  ): Promise<{ ids: string[] } & BoundedTotal> {
    const cap = countCap(offset, limit);
    const order = sql.join(this.orderBy(sort), sql`, `);
    const result = await tx.execute(
      sql`with m as materialized (
            select ${sql.join(this.sortColumns(sort), sql`, `)} from ${contactsSearchView} where ${this.where(scope, filter, 'row')} limit ${cap}),
          counted as (select count(*)::int as n from m)
          select n, case when n < ${cap}
                   then array(select ${contacts.id} from m as ${contacts} order by ${order} limit ${limit} offset ${offset})
                   else array(select ${contacts.id} from ${contacts} where ${this.where(scope, filter, 'walk')} order by ${order} limit ${limit} offset ${offset})
                 end as ids
          from counted`,
    );
    const [{ n, ids }] = (result as unknown as { rows: { n: number | string; ids: string[] }[] }).rows;
    return { ids, ...boundedTotal(Number(n), cap) };
  }

  /**
   * The columns a page of matches is sorted on, with the id: only these are kept while the
   * matches are read, so a filter its list index covers (the won pipeline and a product) reads
   * that index alone, with no row fetched for the name or dates another order would need.
   */
  private sortColumns(sort: ContactSort): SQLWrapper[] {
    switch (sort.by) {
      case 'name':
        return [contacts.id, contacts.name, contacts.phone];
      case 'amount':
        return [contacts.id, contacts.dealAmount];
      case 'updatedAt':
        return [contacts.id, contacts.updatedAt];
      default:
        return [contacts.id, contacts.createdAt];
    }
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

  /**
   * For a filter the running totals cannot answer (a search, dates, a product, labels): the matching
   * rows read once, grouped into the pipeline's totals and sorted for the page. Two statements did
   * the same join twice (pipeline won + product: the won deals joined with the product's lines).
   * Only the sort's columns and the totals' are read: the won deals' index holds them all
   * (contacts_won_created_idx), so won + product is two index-only scans, not 10,000 row fetches.
   */
  async pageWithTotals(
    tx: TenantTx,
    scope: ContactScope,
    filter: ContactListFilter,
    sort: ContactSort,
    offset: number,
    limit: number,
  ): Promise<{ ids: string[]; totals: { status: string; count: number; amount: number }[] }> {
    const result = await tx.execute(
      sql`with m as materialized (
            select ${sql.join([...this.sortColumns(sort).filter((c) => c !== contacts.dealAmount), contacts.pipelineStatus, contacts.dealAmount], sql`, `)}
            from ${filter.q ? contactsSearchView : contacts} where ${this.where(scope, filter, filter.q ? 'row' : 'ids')})
          select array(select ${contacts.id} from m as ${contacts} order by ${sql.join(this.orderBy(sort), sql`, `)} limit ${limit} offset ${offset}) as ids,
                 (select coalesce(json_agg(t), '[]') from (
                    select coalesce(pipeline_status, 'new') as status, count(*)::int as count, coalesce(sum(deal_amount), 0)::float8 as amount from m group by 1) t) as totals`,
    );
    const [row] = (result as unknown as { rows: { ids: string[]; totals: { status: string; count: number; amount: number }[] | string }[] }).rows;
    return { ids: row.ids, totals: typeof row.totals === 'string' ? JSON.parse(row.totals) : row.totals };
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
    return (
      tx
        .select({
          status,
          count: count(),
          amount: sql<number>`coalesce(sum(${contacts.dealAmount}), 0)`.mapWith(Number),
        })
        // a search's totals in one read of its matches, through the company's trigram index
        .from(filter.q ? contactsSearchView : contacts)
        .where(this.where(scope, filter, filter.q ? 'row' : 'ids'))
        .groupBy(status)
    );
  }

  /** Count per stage, and the number and amount of the won deals (kpis.ts), for contacts created in the range. */
  async stats(tx: TenantTx, scope: ContactScope, range: { createdFrom?: Date; createdBefore?: Date }): Promise<{ stage: string; count: number; won: number; wonAmount: number }[]> {
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

  /** Deals per shipping company and shipping status, with the COD still to collect: over all deals. */
  async shipmentStats(tx: TenantTx, tenantId: string): Promise<ShipmentStatsRow[]> {
    return tx
      .select({
        companyId: sql<string>`${contacts.shippingCompanyId}`,
        status: contacts.shippingStatus,
        count: sql<number>`count(*)::int`,
        codOutstanding: sql<number>`coalesce(sum(${contacts.codAmount}) filter (where not ${contacts.codCollected} and coalesce(${contacts.shippingStatus}, '') not in ('returned', 'cancelled')), 0)::float8`,
      })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), isNotNull(contacts.shippingCompanyId)))
      .groupBy(contacts.shippingCompanyId, contacts.shippingStatus);
  }

  /** The user's language ('en' | 'ar'): an export's column heads follow it. */
  async userLanguage(tx: TenantTx, userId: string): Promise<Language> {
    const [row] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId));
    return row?.language === 'ar' ? 'ar' : 'en';
  }
}
