import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { whatsAppTemplatePageSchema, whatsAppTemplatesQuerySchema, whatsAppTemplateSyncResultSchema, type WhatsAppTemplatesQuery } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidQuery } from '../../platform/http/route-docs.js';
import { WhatsAppTemplatesService } from './whatsapp-templates.service.js';

/** The company's WhatsApp templates (official API): everyone who sends messages lists them; admins sync them from Meta. */
@Controller('whatsapp/cloud/templates')
export class WhatsAppTemplatesController {
  constructor(private readonly templates: WhatsAppTemplatesService) {}

  @Get()
  @ApiDoc({ summary: "The company's WhatsApp templates as last synced from Meta, by name; approved ones unless `status` says otherwise (`all`)", response: whatsAppTemplatePageSchema })
  list(@CurrentUser() actor: TenantActor, @ValidQuery(whatsAppTemplatesQuerySchema) query: WhatsAppTemplatesQuery) {
    return this.templates.list(actor, query);
  }

  @Post('sync')
  @HttpCode(200)
  @RequirePermission('whatsapp.session.manage')
  @ApiDoc({
    summary: "Sync templates (admins): reads every page of the business account's templates from Meta; answers how many were added, updated and removed",
    response: whatsAppTemplateSyncResultSchema,
  })
  sync(@CurrentUser() actor: TenantActor) {
    return this.templates.sync(actor.tenantId);
  }
}
