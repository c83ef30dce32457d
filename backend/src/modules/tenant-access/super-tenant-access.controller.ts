import { Controller, Patch } from '@nestjs/common';
import { idParamSchema, tenantWithStatsSchema, updateSubscriptionSchema, updateTenantStatusSchema, type UpdateSubscriptionRequest, type UpdateTenantStatusRequest } from '@crm/common';
import type { SuperActor } from '../../platform/auth/actor.js';
import { CurrentSuperAdmin, SuperRoute } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams } from '../../platform/http/route-docs.js';
import { TenantAccessService } from './tenant-access.service.js';

@Controller('super/tenants/:id')
@SuperRoute()
export class SuperTenantAccessController {
  constructor(private readonly access: TenantAccessService) {}

  @Patch()
  @ApiDoc({ summary: 'Suspend (isActive false) or re-activate a company', response: tenantWithStatsSchema })
  setStatus(@CurrentSuperAdmin() actor: SuperActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(updateTenantStatusSchema) body: UpdateTenantStatusRequest) {
    return this.access.setActive(actor, params.id, body.isActive);
  }

  @Patch('subscription')
  @ApiDoc({ summary: "Set a company's subscription; the remaining amount is computed", response: tenantWithStatsSchema })
  updateSubscription(@CurrentSuperAdmin() actor: SuperActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(updateSubscriptionSchema) body: UpdateSubscriptionRequest) {
    return this.access.updateSubscription(actor, params.id, body);
  }
}
