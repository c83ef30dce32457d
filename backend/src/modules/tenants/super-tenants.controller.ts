import { Controller, Get, Post } from '@nestjs/common';
import {
  createTenantSchema,
  idParamSchema,
  superTenantsQuerySchema,
  tenantWithStatsListSchema,
  tenantWithStatsSchema,
  type CreateTenantRequest,
  type SuperTenantsQuery,
} from '@crm/common';
import type { SuperActor } from '../../platform/auth/actor.js';
import { CurrentSuperAdmin, SuperRoute } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { TenantsService } from './tenants.service.js';

@Controller('super/tenants')
@SuperRoute()
export class SuperTenantsController {
  constructor(private readonly tenants: TenantsService) {}

  @Get()
  @ApiDoc({ summary: 'Companies with their staff and WhatsApp counts, newest first, paged; q matches name or slug', response: tenantWithStatsListSchema })
  list(@ValidQuery(superTenantsQuerySchema) query: SuperTenantsQuery) {
    return this.tenants.list(query);
  }

  @Post()
  @ApiDoc({ summary: 'Create a company and its first admin', response: tenantWithStatsSchema })
  create(@CurrentSuperAdmin() actor: SuperActor, @ValidBody(createTenantSchema) body: CreateTenantRequest) {
    return this.tenants.create(actor, body);
  }

  @Get(':id')
  @ApiDoc({ summary: 'One company with its staff and WhatsApp counts and its subscription', response: tenantWithStatsSchema })
  get(@ValidParams(idParamSchema) params: { id: string }) {
    return this.tenants.get(params.id);
  }
}
