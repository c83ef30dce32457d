import { Controller, Get, StreamableFile } from '@nestjs/common';
import { labelReportSchema, reportDataSchema, reportQuerySchema, salesPerformanceSchema, userIdParamSchema, type ReportQuery } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { ReportsService } from './reports.service.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@Controller('reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('detailed')
  @RequirePermission('reports.view')
  @ApiDoc({
    summary: 'The detailed report (admins): from/to are calendar days of tz, inclusive; assignedTo narrows contacts and deals to one sales person. Figures as defined in common/rules/kpis.ts.',
    response: reportDataSchema,
  })
  detailed(@CurrentUser() actor: TenantActor, @ValidQuery(reportQuerySchema) query: ReportQuery) {
    return this.reports.detailed(actor, query);
  }

  @Get('labels')
  @RequirePermission('reports.view')
  @ApiDoc({ summary: 'Leads and won deals per label (admins), over the same from/to/tz/assignedTo as the detailed report', response: labelReportSchema })
  byLabel(@CurrentUser() actor: TenantActor, @ValidQuery(reportQuerySchema) query: ReportQuery) {
    return this.reports.byLabel(actor, query);
  }

  @Get('export')
  @RequirePermission('reports.view')
  @ApiDoc({
    summary: "The detailed report of the same query as Report_{YYYY-MM-DD}.xlsx: sheets KPIs, Pipeline, Monthly Revenue, Expenses by Category, sheet names and heads in the user's language",
    binary: XLSX_MIME,
  })
  async export(@CurrentUser() actor: TenantActor, @ValidQuery(reportQuerySchema) query: ReportQuery) {
    const file = await this.reports.export(actor, query);
    return new StreamableFile(file.content, { type: XLSX_MIME, disposition: `attachment; filename="${file.filename}"`, length: file.content.length });
  }

  @Get('sales-performance/:userId')
  @RequirePermission('crm.work')
  @ApiDoc({ summary: "One sales person's totals over their assigned contacts; admins any user of the company, a sales user only their own", response: salesPerformanceSchema })
  salesPerformance(@CurrentUser() actor: TenantActor, @ValidParams(userIdParamSchema) params: { userId: string }) {
    return this.reports.salesPerformance(actor, params.userId);
  }
}
