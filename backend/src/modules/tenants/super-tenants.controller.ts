import { Controller, Get, Post } from '@nestjs/common';
import { createTenantSchema, tenantSchema, type CreateTenantRequest } from '@crm/common';
import { z } from 'zod';
import type { SuperActor } from '../../platform/auth/actor.js';
import { CurrentSuperAdmin, SuperRoute } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { TenantsService } from './tenants.service.js';

const tenantWithStats = tenantSchema.extend({
  stats: z.object({ adminCount: z.number(), salesCount: z.number(), waCount: z.number() }),
});

@Controller('super/tenants')
@SuperRoute()
export class SuperTenantsController {
  constructor(private readonly tenants: TenantsService) {}

  @Get()
  @ApiDoc({ summary: 'All companies', response: z.object({ items: z.array(tenantWithStats), total: z.number() }) })
  list() {
    return this.tenants.list();
  }

  @Post()
  @ApiDoc({ summary: 'Create a company and its first admin', response: tenantWithStats })
  create(@CurrentSuperAdmin() actor: SuperActor, @ValidBody(createTenantSchema) body: CreateTenantRequest) {
    return this.tenants.create(actor, body);
  }
}
