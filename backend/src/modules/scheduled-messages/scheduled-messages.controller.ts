import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import {
  createScheduledMessageSchema,
  idParamSchema,
  scheduledMessageSchema,
  scheduledMessagesQuerySchema,
  updateScheduledMessageSchema,
  type CreateScheduledMessageRequest,
  type ScheduledMessagesQuery,
  type UpdateScheduledMessageRequest,
} from '@crm/common';
import { z } from 'zod';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { ScheduledMessagesService } from './scheduled-messages.service.js';

/** "Send later" in a chat: everyone, for the contacts they may see. */
@Controller('scheduled-messages')
export class ScheduledMessagesController {
  constructor(private readonly scheduled: ScheduledMessagesService) {}

  @Post()
  @HttpCode(201)
  @ApiDoc({ summary: 'Schedules a message (text and/or a file) to a contact, sent once at sendAt', response: scheduledMessageSchema })
  create(@CurrentUser() actor: TenantActor, @ValidBody(createScheduledMessageSchema) body: CreateScheduledMessageRequest) {
    return this.scheduled.create(actor, body);
  }

  @Get()
  @ApiDoc({
    summary: "A contact's scheduled messages, soonest first, and the company's time zone",
    response: z.object({ items: z.array(scheduledMessageSchema), total: z.number(), timeZone: z.string() }),
  })
  list(@CurrentUser() actor: TenantActor, @ValidQuery(scheduledMessagesQuerySchema) query: ScheduledMessagesQuery) {
    return this.scheduled.list(actor, query);
  }

  @Patch(':id')
  @ApiDoc({ summary: 'Changes the text or time of a message still scheduled', response: scheduledMessageSchema })
  update(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(updateScheduledMessageSchema) body: UpdateScheduledMessageRequest) {
    return this.scheduled.update(actor, params.id, body);
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Cancels a message still scheduled: it is never sent', response: scheduledMessageSchema })
  cancel(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.scheduled.cancel(actor, params.id);
  }
}
