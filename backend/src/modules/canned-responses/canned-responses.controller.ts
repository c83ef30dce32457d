import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { cannedResponseInputSchema, cannedResponseSchema, idParamSchema, messageResultSchema, type CannedResponseInput } from '@crm/common';
import { z } from 'zod';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams } from '../../platform/http/route-docs.js';
import { CannedResponsesService } from './canned-responses.service.js';

/** The canned responses manager: title and text, both required after trimming. */
@Controller('canned-responses')
export class CannedResponsesController {
  constructor(private readonly canned: CannedResponsesService) {}

  @Get()
  @ApiDoc({ summary: "The company's canned responses, by title", response: z.object({ items: z.array(cannedResponseSchema), total: z.number() }) })
  list(@CurrentUser() actor: TenantActor) {
    return this.canned.list(actor);
  }

  @Post()
  @HttpCode(201)
  @ApiDoc({ summary: 'Adds a canned response', response: cannedResponseSchema })
  create(@CurrentUser() actor: TenantActor, @ValidBody(cannedResponseInputSchema) body: CannedResponseInput) {
    return this.canned.create(actor, body);
  }

  @Patch(':id')
  @ApiDoc({ summary: 'Changes a canned response (admins any, sales users their own)', response: cannedResponseSchema })
  update(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(cannedResponseInputSchema) body: CannedResponseInput) {
    return this.canned.update(actor, params.id, body);
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Deletes a canned response (admins any, sales users their own)', response: messageResultSchema })
  delete(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.canned.delete(actor, params.id);
  }
}
