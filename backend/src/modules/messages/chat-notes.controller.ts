import { Controller, HttpCode, Post } from '@nestjs/common';
import { createNoteSchema, handOverResultSchema, handOverSchema, idParamSchema, messageSchema, type CreateNoteRequest, type HandOverRequest } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams } from '../../platform/http/route-docs.js';
import { ChatHandOverService } from './chat-hand-over.service.js';
import { ChatNotesService } from './chat-notes.service.js';

/** The team's private notes in a chat, and handing a chat over to a colleague. */
@Controller()
export class ChatNotesController {
  constructor(
    private readonly notes: ChatNotesService,
    private readonly handOvers: ChatHandOverService,
  ) {}

  @Post('messages/notes')
  @HttpCode(200)
  @ApiDoc({
    summary: "A private note in a contact's conversation, seen only by the team members who may see the contact and never sent to WhatsApp; each mentioned colleague who may see it is notified",
    response: messageSchema,
  })
  create(@CurrentUser() actor: TenantActor, @ValidBody(createNoteSchema) body: CreateNoteRequest) {
    return this.notes.create(actor, body);
  }

  @Post('contacts/:id/hand-over')
  @HttpCode(200)
  @ApiDoc({
    summary:
      "Hands the contact and its chat to another active sales user with an optional note (admins: any contact; sales users: their own, when the company's setting allows it); the chat keeps a private note of it and the new owner is notified",
    response: handOverResultSchema,
  })
  handOver(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(handOverSchema) body: HandOverRequest) {
    return this.handOvers.handOver(actor, params.id, body);
  }
}
