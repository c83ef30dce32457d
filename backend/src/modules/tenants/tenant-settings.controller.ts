import { Controller, Get, Put } from '@nestjs/common';
import { tenantSettingsResponseSchema, updateTenantSettingsSchema, type UpdateTenantSettingsRequest } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { TenantsService } from './tenants.service.js';

@Controller('auth/tenant/settings')
export class TenantSettingsController {
  constructor(private readonly tenants: TenantsService) {}

  @Get()
  @ApiDoc({ summary: "The company's settings", response: tenantSettingsResponseSchema })
  get(@CurrentUser() actor: TenantActor) {
    return this.tenants.getSettings(actor);
  }

  @Put()
  @RequirePermission('team.manage')
  @ApiDoc({ summary: "Change the company's settings (admins)", response: tenantSettingsResponseSchema })
  update(@CurrentUser() actor: TenantActor, @ValidBody(updateTenantSettingsSchema) settings: UpdateTenantSettingsRequest) {
    return this.tenants.updateSettings(actor, settings);
  }
}
