import { Controller, Post } from '@nestjs/common';
import { createTenantSchema, tenantWithStatsSchema, type CreateTenantRequest } from '@crm/common';
import type { SuperActor } from '../../platform/auth/actor.js';
import { CurrentSuperAdmin, SuperRoute } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { CompanyCreationService } from './company-creation.service.js';

/** POST /super/tenants; the other /super/tenants routes are the tenants module's. */
@Controller('super/tenants')
@SuperRoute()
export class SuperCompanyCreationController {
  constructor(private readonly companies: CompanyCreationService) {}

  @Post()
  @ApiDoc({ summary: 'Create a company and its first admin', response: tenantWithStatsSchema })
  create(@CurrentSuperAdmin() actor: SuperActor, @ValidBody(createTenantSchema) body: CreateTenantRequest) {
    return this.companies.create(actor, body);
  }
}
