import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { chatPageSchema, chatSchema, chatsQuerySchema, contactIdParamSchema, type ChatsQuery } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { ChatsService } from './chats.service.js';

/** The messenger's conversations. Admins see every chat of the company; sales users the contacts assigned to them. */
@Controller('chats')
export class ChatsController {
  constructor(private readonly chats: ChatsService) {}

  @Get()
  @ApiDoc({ summary: 'Conversations, newest message first, a page at a time (cursor); q searches name or phone', response: chatPageSchema })
  list(@CurrentUser() actor: TenantActor, @ValidQuery(chatsQuerySchema) query: ChatsQuery) {
    return this.chats.list(actor, query);
  }

  @Get(':contactId')
  @ApiDoc({ summary: "One contact's conversation summary", response: chatSchema })
  get(@CurrentUser() actor: TenantActor, @ValidParams(contactIdParamSchema) params: { contactId: string }) {
    return this.chats.get(actor, params.contactId);
  }

  @Post(':contactId/read')
  @HttpCode(200)
  @ApiDoc({ summary: 'Marks the conversation read (unread count 0); pushes chat:update', response: chatSchema })
  read(@CurrentUser() actor: TenantActor, @ValidParams(contactIdParamSchema) params: { contactId: string }) {
    return this.chats.markRead(actor, params.contactId);
  }
}
