import { Controller, Get, Post } from '@nestjs/common';
import { createTenantSchema, idParamSchema, tenantWithStatsSchema, type CreateTenantRequest } from '@crm/common';
import { z } from 'zod';
import type { SuperActor } from '../../platform/auth/actor.js';
import { CurrentSuperAdmin, SuperRoute } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams } from '../../platform/http/route-docs.js';
import { TenantsService } from './tenants.service.js';

@Controller('super/tenants')
@SuperRoute()
export class SuperTenantsController {
  constructor(private readonly tenants: TenantsService) {}

  @Get()
  @ApiDoc({ summary: 'All companies', response: z.object({ items: z.array(tenantWithStatsSchema), total: z.number() }) })
  list() {
    return this.tenants.list();
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
