import { Controller, Get } from '@nestjs/common';
import { reportDataSchema, reportQuerySchema, salesPerformanceSchema, userIdParamSchema, type ReportQuery } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { ReportsService } from './reports.service.js';

@Controller('reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('detailed')
  @RequirePermission('reports.view')
  @ApiDoc({
    summary:
      'The detailed report (admins): from/to are calendar days of tz, inclusive; assignedTo narrows contacts and deals to one sales person. Figures as defined in common/rules/kpis.ts.',
    response: reportDataSchema,
  })
  detailed(@CurrentUser() actor: TenantActor, @ValidQuery(reportQuerySchema) query: ReportQuery) {
    return this.reports.detailed(actor, query);
  }

  @Get('sales-performance/:userId')
  @RequirePermission('crm.work')
  @ApiDoc({ summary: "One sales person's totals over their assigned contacts; admins any user of the company, a sales user only their own", response: salesPerformanceSchema })
  salesPerformance(@CurrentUser() actor: TenantActor, @ValidParams(userIdParamSchema) params: { userId: string }) {
    return this.reports.salesPerformance(actor, params.userId);
  }
}
