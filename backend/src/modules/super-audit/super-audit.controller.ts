import { Controller, Get } from '@nestjs/common';
import { auditEntrySchema, idParamSchema, pageQuerySchema, type PageQuery } from '@crm/common';
import { z } from 'zod';
import { SuperRoute } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { SuperAuditService } from './super-audit.service.js';

@Controller('super/tenants/:id/audit')
@SuperRoute()
export class SuperAuditController {
  constructor(private readonly audit: SuperAuditService) {}

  @Get()
  @ApiDoc({
    summary: "A company's audit log, newest first: who did what to it and its users, with the old and new values",
    response: z.object({ items: z.array(auditEntrySchema), total: z.number() }),
  })
  list(@ValidParams(idParamSchema) params: { id: string }, @ValidQuery(pageQuerySchema) page: PageQuery) {
    return this.audit.listForTenant(params.id, page);
  }
}
