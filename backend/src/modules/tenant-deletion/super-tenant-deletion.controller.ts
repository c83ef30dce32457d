import { Controller, Delete } from '@nestjs/common';
import { idParamSchema, tenantDeletionSchema } from '@crm/common';
import type { SuperActor } from '../../platform/auth/actor.js';
import { CurrentSuperAdmin, SuperRoute } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidParams } from '../../platform/http/route-docs.js';
import { TenantDeletionService } from './tenant-deletion.service.js';

@Controller('super/tenants')
@SuperRoute()
export class SuperTenantDeletionController {
  constructor(private readonly deletion: TenantDeletionService) {}

  @Delete(':id')
  @ApiDoc({
    summary: 'Delete a company and all its data for good (users, sessions, contacts, messages, jobs…; its files right after); audited',
    response: tenantDeletionSchema,
  })
  remove(@CurrentSuperAdmin() actor: SuperActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.deletion.remove(actor, params.id);
  }
}
