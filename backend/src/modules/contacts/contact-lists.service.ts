import { Injectable } from '@nestjs/common';
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import {
  CONTACT_EXPORT_MAX_ROWS,
  PIPELINE_STATUSES,
  averageDealSize,
  conversionRate,
  dayIn,
  dayRange,
  phoneSearchDigits,
  roundMoney,
  winRate,
  type BoundedTotal,
  type ContactFilters,
  type ContactList,
  type ContactStats,
  type ContactStatsQuery,
  type ContactsExportQuery,
  type ContactsQuery,
  type PipelineTotals,
} from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { visibleAssigneeFor } from './contact-access.js';
import { byContact, toContactDto } from './contact.mapper.js';
import { LabelsRepository } from '../labels/labels.repository.js';
import { ContactExportRepository } from './contact-export.repository.js';
import { ContactQueriesRepository, type ContactListFilter, type ContactScope, type ContactSort } from './contact-queries.repository.js';
import { contactsTable } from './contacts-export.js';
import { contactListFilter } from './contact-list-filter.js';
import { lastQueries } from '../../platform/db/last-queries.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactsWorkerPool } from './contacts-worker.pool.js';
import { DealLinesRepository } from './deal-lines.repository.js';

/** Rows read per turn of the event loop while exporting. */
const EXPORT_CHUNK = 1_000;

/**
 * The contacts many at a time: the lists (paged, searched, with the pipeline's totals), the
 * dashboard's cards and the export. Visibility as everywhere: a sales user reads only their own.
 */
@Injectable()
export class ContactListsService {
  constructor(
    private readonly db: Database,
    private readonly queries: ContactQueriesRepository,
    private readonly exports: ContactExportRepository,
    private readonly contacts: ContactsRepository,
    private readonly deals: DealLinesRepository,
    private readonly clock: Clock,
    private readonly workers: ContactsWorkerPool,
    private readonly labels: LabelsRepository,
  ) {}

  async list(actor: TenantActor, query: ContactsQuery): Promise<ContactList> {
    const scope = this.scope(actor);
    const filter = this.filter(query);
    const sort = { by: query.sortBy, order: query.order };
    const offset = (query.page - 1) * query.limit;
    return this.db.tenant(actor.tenantId, async (tx) => {
      const { ids, counted, totals, countLater } = await this.page(tx, scope, filter, sort, offset, query.limit, query.withTotals === true);
      // the page's rows, deal lines, labels and (when needed) count in one round trip, with the commit behind them
      const [rows, dealLines, labels, total] = await lastQueries(tx, () =>
        Promise.all([this.contacts.findManyByIds(tx, actor.tenantId, ids), this.deals.dealProducts(tx, actor.tenantId, ids), this.labels.labelIdsByContact(tx, actor.tenantId, ids), countLater?.()]),
      );
      if (total !== undefined) counted.total = total;
      const lines = byContact(dealLines);
      const items = rows.map((r) => {
        const item = toContactDto(r, lines.get(r.id) ?? []);
        item.labelIds = labels.get(r.id) ?? [];
        return item;
      });
      const result: ContactList = { items, ...counted };
      if (totals) result.totals = totals;
      return result;
    });
  }

  /** A list's page of ids, its total and, when asked, the pipeline's totals over the whole filtered set. */
  private async page(
    tx: TenantTx,
    scope: ContactScope,
    filter: ContactListFilter,
    sort: ContactSort,
    offset: number,
    limit: number,
    withTotals: boolean,
  ): Promise<{ ids: string[]; counted: BoundedTotal; totals?: PipelineTotals; countLater?: () => Promise<number> }> {
    if (withTotals && !this.queries.runningTotalsAnswer(filter)) {
      // the filtered set read once, for its totals (every match: they are sums) and for the page
      const both = await this.queries.pageWithTotals(tx, scope, filter, sort, offset, limit);
      const totals = toTotals(both.totals);
      return { ids: both.ids, counted: { total: totals.count }, totals };
    }
    // the totals count the same set, so they also give the total
    const totals = withTotals ? toTotals(await this.queries.pipelineTotals(tx, scope, filter)) : undefined;
    if (filter.q) {
      // a search counts up to the bound
      const { ids, ...counted } = await this.queries.searchPage(tx, scope, { ...filter, q: filter.q }, sort, offset, limit);
      return { ids, counted };
    }
    const page = await this.queries.listPage(tx, scope, filter, sort, offset, limit);
    const ids = page.ids;
    // a page that is not full tells the total without counting; a count goes with the page's rows
    const total = totals?.count ?? page.total ?? (ids.length > 0 && ids.length < limit ? offset + ids.length : offset === 0 && ids.length === 0 ? 0 : undefined);
    if (total !== undefined) return { ids, counted: { total }, totals };
    return { ids, counted: { total: 0 }, totals, countLater: () => this.queries.count(tx, scope, filter) };
  }

  /**
   * The dashboard's cards over the contacts created in the period (each in its current stage):
   * leads, customers and deals; salesAmount = sales revenue (the won deals' amounts) and
   * conversionRate = won deals ÷ all contacts of the period — the definitions of
   * `common/rules/kpis.ts`, the same the pipeline's Won tile and the reports use.
   * A sales user gets the figures of their own contacts.
   */
  async stats(actor: TenantActor, query: ContactStatsQuery): Promise<ContactStats> {
    const { createdFrom, createdBefore } = this.filter({ ...query });
    const rows = await this.db.tenant(actor.tenantId, (tx) => this.queries.stats(tx, this.scope(actor), { createdFrom, createdBefore }));
    const of = (stage: string) => rows.find((r) => r.stage === stage);
    const sales = of('sales');
    const all = rows.reduce((n, r) => n + r.count, 0);
    return {
      leads: of('lead')?.count ?? 0,
      customers: of('customer')?.count ?? 0,
      sales: sales?.count ?? 0,
      salesAmount: roundMoney(sales?.wonAmount ?? 0),
      conversionRate: conversionRate(sales?.won ?? 0, all),
    };
  }

  /**
   * The rows the filter selects, as an .xlsx workbook; refused (never cut) above the export limit.
   * The ids come first (one index-only read), then the rows in chunks with a turn of the event loop
   * between them, so a 10,000-row export never holds up other users' requests for long;
   * the workbook itself is written in the worker pool.
   */
  async export(actor: TenantActor, query: ContactsExportQuery): Promise<{ filename: string; content: Buffer; rows: number }> {
    const scope = this.scope(actor);
    const filter = this.filter(query);
    const sort = { by: query.sortBy, order: query.order };
    const table = await this.db.tenant(actor.tenantId, async (tx) => {
      const ids = await this.queries.pageIds(tx, scope, filter, sort, 0, CONTACT_EXPORT_MAX_ROWS + 1);
      if (ids.length > CONTACT_EXPORT_MAX_ROWS) {
        throw ApiError.badRequest(
          `An export is limited to ${CONTACT_EXPORT_MAX_ROWS.toLocaleString('en-US')} contacts and this filter selects more. Narrow the filters (dates, stage, assignee) and export in parts.`,
        ).withCode('contact.export_too_large', { max: CONTACT_EXPORT_MAX_ROWS });
      }
      // column heads in the exporting user's language
      const language = await this.queries.userLanguage(tx, actor.userId);
      const whole = contactsTable([], new Map(), query.tz, language);
      for (let i = 0; i < ids.length; i += EXPORT_CHUNK) {
        if (i) await yieldToOtherRequests();
        const chunk = ids.slice(i, i + EXPORT_CHUNK);
        const rows = await this.exports.exportRecords(tx, actor.tenantId, chunk);
        const part = contactsTable(rows, byContact(await this.deals.dealProducts(tx, actor.tenantId, chunk)), query.tz, language);
        whole.rows.push(...part.rows);
        whole.created.push(...part.created);
      }
      return whole;
    });
    const now = this.clock.now();
    const content = await this.workers.writeExport(table);
    return { filename: `leads_${dayIn(now, query.tz)}.xlsx`, content, rows: table.rows.length };
  }

  private scope(actor: TenantActor): ContactScope {
    return { tenantId: actor.tenantId, onlyAssignedTo: visibleAssigneeFor(actor) };
  }

  private filter(q: Partial<ContactFilters>): ContactListFilter {
    return contactListFilter(q);
  }
}

function toTotals(rows: { status: string; count: number; amount: number }[]): PipelineTotals {
  const byStatus = PIPELINE_STATUSES.map((status) => {
    const r = rows.find((x) => x.status === status);
    return { status, count: r?.count ?? 0, amount: roundMoney(r?.amount ?? 0) };
  });
  const count = rows.reduce((n, r) => n + r.count, 0);
  const amount = roundMoney(rows.reduce((n, r) => n + r.amount, 0));
  const won = byStatus.find((s) => s.status === 'won')!;
  return {
    count,
    amount,
    byStatus,
    won: { count: won.count, amount: won.amount },
    conversionRate: winRate(won.count, count),
    averageDeal: averageDealSize(amount, count),
  };
}
