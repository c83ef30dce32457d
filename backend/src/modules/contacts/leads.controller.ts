import { Controller, Put } from '@nestjs/common';
import { assignBulkResultSchema, assignBulkSchema, type AssignBulkRequest } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { LeadAssignmentService } from './lead-assignment.service.js';

@Controller('leads')
export class LeadsController {
  constructor(private readonly assignment: LeadAssignmentService) {}

  @Put('assign-bulk')
  @RequirePermission('contacts.assign')
  @ApiDoc({ summary: 'Assign contacts to an active sales user (admins): all of them, or none when one is unknown', response: assignBulkResultSchema })
  assignBulk(@CurrentUser() actor: TenantActor, @ValidBody(assignBulkSchema) body: AssignBulkRequest) {
    return this.assignment.assignBulk(actor, body);
  }
}
