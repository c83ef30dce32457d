import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { followUpRunSchema, idParamSchema, startFollowUpSchema, type StartFollowUpRequest } from '@crm/common';
import { z } from 'zod';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams } from '../../platform/http/route-docs.js';
import { FollowUpsService } from './follow-ups.service.js';

/** A contact's follow-up sequences (POST /contacts/{id}/follow-up/start, stop and the log). */
@Controller('contacts/:id')
export class FollowUpRunsController {
  constructor(private readonly followUps: FollowUpsService) {}

  @Post('follow-up/start')
  @HttpCode(200)
  @ApiDoc({ summary: "Starts a template's sequence for the contact (one active per contact: 409 while one runs)", response: followUpRunSchema })
  start(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(startFollowUpSchema) body: StartFollowUpRequest) {
    return this.followUps.start(actor, params.id, body.templateId);
  }

  @Post('follow-up/stop')
  @HttpCode(200)
  @ApiDoc({ summary: "Stops the contact's active sequence; steps not sent yet are cancelled", response: followUpRunSchema })
  stop(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.followUps.stop(actor, params.id);
  }

  @Get('follow-ups')
  @ApiDoc({ summary: "The contact's sequences, newest first, each with its step log", response: z.object({ items: z.array(followUpRunSchema), total: z.number() }) })
  list(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.followUps.list(actor, params.id);
  }
}
