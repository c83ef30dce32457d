import { Controller, Get } from '@nestjs/common';
import { idParamSchema, superTenantsQuerySchema, tenantWithStatsListSchema, tenantWithStatsSchema, type SuperTenantsQuery } from '@crm/common';
import { SuperRoute } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { TenantsService } from './tenants.service.js';

/** The companies for the super administrator; a new company and its first admin: team/CompanyCreationService. */
@Controller('super/tenants')
@SuperRoute()
export class SuperTenantsController {
  constructor(private readonly tenants: TenantsService) {}

  @Get()
  @ApiDoc({ summary: 'Companies with their staff and WhatsApp counts, newest first, paged; q matches name or slug', response: tenantWithStatsListSchema })
  list(@ValidQuery(superTenantsQuerySchema) query: SuperTenantsQuery) {
    return this.tenants.list(query);
  }

  @Get(':id')
  @ApiDoc({ summary: 'One company with its staff and WhatsApp counts and its subscription', response: tenantWithStatsSchema })
  get(@ValidParams(idParamSchema) params: { id: string }) {
    return this.tenants.get(params.id);
  }
}
