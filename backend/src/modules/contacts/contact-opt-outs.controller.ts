import { Controller, Delete, Get, Post } from '@nestjs/common';
import { idParamSchema, optOutSchema } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidParams } from '../../platform/http/route-docs.js';
import { ContactOptOutsService } from './contact-opt-outs.service.js';

/** A contact's opt-out from automated messages: everyone who sees the contact reads it; admins set and undo it. */
@Controller('contacts')
export class ContactOptOutsController {
  constructor(private readonly optOuts: ContactOptOutsService) {}

  @Get(':id/opt-out')
  @ApiDoc({ summary: 'Whether the contact opted out of campaigns and follow-ups, when and by which reply', response: optOutSchema })
  get(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.optOuts.get(actor, params.id);
  }

  @Post(':id/opt-out')
  @RequirePermission('campaigns.manage')
  @ApiDoc({ summary: 'Marks the contact opted out by hand', response: optOutSchema })
  optOut(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.optOuts.optOut(actor, params.id);
  }

  @Delete(':id/opt-out')
  @RequirePermission('campaigns.manage')
  @ApiDoc({ summary: "Undoes the contact's opt-out", response: optOutSchema })
  undo(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.optOuts.undo(actor, params.id);
  }
}
