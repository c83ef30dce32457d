import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { followUpTemplateInputSchema, followUpTemplateSchema, idParamSchema, messageResultSchema, type FollowUpTemplateInput } from '@crm/common';
import { z } from 'zod';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams } from '../../platform/http/route-docs.js';
import { FollowUpTemplatesService } from './follow-up-templates.service.js';

/** Follow-up templates: list, create, change (PUT) and delete. */
@Controller('follow-up-templates')
export class FollowUpTemplatesController {
  constructor(private readonly templates: FollowUpTemplatesService) {}

  @Get()
  @ApiDoc({ summary: "The company's follow-up templates, by name", response: z.object({ items: z.array(followUpTemplateSchema), total: z.number() }) })
  list(@CurrentUser() actor: TenantActor) {
    return this.templates.list(actor);
  }

  @Post()
  @HttpCode(201)
  @ApiDoc({ summary: 'Creates a template: a name and 1–5 steps (message, delay in whole hours ≥ 1)', response: followUpTemplateSchema })
  create(@CurrentUser() actor: TenantActor, @ValidBody(followUpTemplateInputSchema) body: FollowUpTemplateInput) {
    return this.templates.create(actor, body);
  }

  @Put(':id')
  @ApiDoc({ summary: 'Replaces a template (admins any, sales users their own); running sequences keep their copy', response: followUpTemplateSchema })
  update(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(followUpTemplateInputSchema) body: FollowUpTemplateInput) {
    return this.templates.update(actor, params.id, body);
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Deletes a template (admins any, sales users their own)', response: messageResultSchema })
  delete(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.templates.delete(actor, params.id);
  }
}
