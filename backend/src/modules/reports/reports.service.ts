import { Injectable } from '@nestjs/common';
import {
  PIPELINE_STATUSES,
  averageDealSize,
  can,
  conversionRate,
  dayIn,
  dayRange,
  isWonDeal,
  repConversionRate,
  roundMoney,
  type LabelReport,
  type ReportData,
  type ReportKpis,
  type ReportQuery,
  type Role,
  type SalesPerformance,
} from '@crm/common';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { Clock } from '../../platform/clock.js';
import { ContactsWorkerPool } from '../contacts/contacts-worker.pool.js';
import { PipelineHistoryRepository } from '../contacts/pipeline-history.repository.js';
import { reportSheets } from './report-export.js';
import { ReportsRepository, type ReportScope, type StageStatusRow } from './reports.repository.js';

/** The roles whose members form the sales team of the report's filter (those who receive leads). */
const SALES_ROLES = (['admin', 'sales'] as const).filter((role) => can(role, 'leads.receive')) as Role[];

/**
 * Detailed reports and team performance. Every figure follows rules/kpis.ts: a contact and its deal
 * count on the contact's creation day in the company's time zone, sales revenue is the won deals'
 * amounts, conversion = won deals ÷ new leads.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly db: Database,
    private readonly reports: ReportsRepository,
    private readonly workers: ContactsWorkerPool,
    private readonly clock: Clock,
    private readonly pipelineHistory: PipelineHistoryRepository,
  ) {}

  async detailed(actor: TenantActor, query: ReportQuery): Promise<ReportData> {
    return this.db.tenant(actor.tenantId, (tx) => this.build(tx, actor, query));
  }

  /**
   * The detailed report as Report_{YYYY-MM-DD}.xlsx: built from the same ReportData as `detailed`
   * (so cards, charts and workbook agree), heads in the user's language, written in the worker pool.
   */
  async export(actor: TenantActor, query: ReportQuery): Promise<{ filename: string; content: Buffer }> {
    const { data, language } = await this.db.tenant(actor.tenantId, async (tx) => ({
      data: await this.build(tx, actor, query),
      language: await this.reports.userLanguage(tx, actor.tenantId, actor.userId),
    }));
    const content = await this.workers.writeWorkbook(reportSheets(data, language === 'ar' ? 'ar' : 'en'));
    return { filename: `Report_${dayIn(this.clock.now(), query.tz)}.xlsx`, content };
  }

  private async build(tx: TenantTx, actor: TenantActor, query: ReportQuery): Promise<ReportData> {
    const scope = this.scope(actor, query);
    const rows = await this.reports.byStageAndStatus(tx, scope);
    const months = await this.reports.monthlyRevenue(tx, scope, query.tz);
    const expenseRows = await this.reports.expensesByCategory(tx, actor.tenantId, { from: query.from, to: query.to });
    const team = await this.reports.team(tx, actor.tenantId, SALES_ROLES);
    const lost = await this.pipelineHistory.lostReasons(tx, scope);
    const stays = await this.pipelineHistory.averageDaysPerStatus(tx, scope, this.clock.now());
    const expensesTotal = roundMoney(expenseRows.reduce((sum, e) => sum + e.totalAmount, 0));
    return {
      kpis: kpis(rows, expensesTotal),
      pipeline: PIPELINE_STATUSES.map((status) => ({
        status,
        count: rows.filter((r) => r.stage === 'sales' && (r.status || 'new') === status).reduce((n, r) => n + r.count, 0),
      })).filter((p) => p.count > 0),
      monthlyRevenue: months.map((m) => ({ _id: { month: m.month, year: m.year }, revenue: roundMoney(m.revenue), deals: m.deals })),
      expensePerformance: expenseRows.map((e) => ({ category: e.category, totalAmount: roundMoney(e.totalAmount) })),
      salesTeam: team.map((u) => ({ _id: u.id, name: u.name })),
      lostReasons: lost.map((r) => ({ ...r, amount: roundMoney(r.amount) })),
      stageDays: PIPELINE_STATUSES.flatMap((status) => {
        const stay = stays.find((s) => s.status === status);
        return stay ? [{ status, averageDays: Math.round(stay.averageDays * 10) / 10, deals: stay.deals }] : [];
      }),
    };
  }

  /** Leads and won deals per label, over the same scope as the detailed report. */
  async byLabel(actor: TenantActor, query: ReportQuery): Promise<LabelReport> {
    const scope = this.scope(actor, query);
    const rows = await this.db.tenant(actor.tenantId, (tx) => this.reports.byLabel(tx, scope));
    return { items: rows.map((r) => ({ ...r, wonAmount: roundMoney(r.wonAmount) })) };
  }

  /** One sales person's figures; an admin may read anyone's, a sales user only their own. */
  async salesPerformance(actor: TenantActor, userId: string): Promise<SalesPerformance> {
    if (!may(actor, 'reports.view') && userId !== actor.userId) {
      throw ApiError.forbidden('You can only see your own performance.').withCode('reports.own_performance_only');
    }
    return this.db.tenant(actor.tenantId, async (tx: TenantTx) => {
      const user = await this.reports.findUser(tx, actor.tenantId, userId);
      if (!user) throw ApiError.notFound('User not found.').withCode('reports.user_not_found');
      const rows = await this.reports.byStageAndStatus(tx, { tenantId: actor.tenantId, assignedTo: userId });
      const sum = (pick: (r: StageStatusRow) => boolean) => rows.filter(pick).reduce((n, r) => n + r.count, 0);
      const totalAssigned = sum(() => true);
      const totalSalesDeals = sum((r) => r.stage === 'sales');
      return {
        totalAssigned,
        convertedToCustomer: sum((r) => r.stage === 'customer'),
        totalSalesDeals,
        totalSalesAmount: roundMoney(rows.filter((r) => r.stage === 'sales' && isWonDeal(r.status)).reduce((n, r) => n + r.amount, 0)),
        conversionRate: repConversionRate(totalSalesDeals, totalAssigned),
      };
    });
  }

  private scope(actor: TenantActor, query: ReportQuery): ReportScope {
    const range = dayRange(query.from, query.to, query.tz);
    if (range.gte && range.lt && range.gte.getTime() >= range.lt.getTime()) {
      throw ApiError.badRequest('From date must be on or before To date', 'from').withCode('date_range.invalid');
    }
    return { tenantId: actor.tenantId, createdFrom: range.gte, createdBefore: range.lt, assignedTo: query.assignedTo };
  }
}

/** The six cards, from contacts per stage and status (rules/kpis.ts). */
export function kpis(rows: StageStatusRow[], expenses: number): ReportKpis {
  const leads = rows.reduce((n, r) => n + r.count, 0);
  const won = rows.filter((r) => r.stage === 'sales' && isWonDeal(r.status));
  const sales = won.reduce((n, r) => n + r.count, 0);
  const salesAmount = roundMoney(won.reduce((n, r) => n + r.amount, 0));
  return { leads, sales, salesAmount, expenses, conversionRate: conversionRate(sales, leads), avgDealSize: averageDealSize(salesAmount, sales) };
}
