import { Controller, Get, HttpCode, Patch, Post, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import {
  deleteMessageSchema,
  idParamSchema,
  mediaUrlSchema,
  messagePageSchema,
  messageSearchPageSchema,
  messageSearchQuerySchema,
  messageSchema,
  messagesQuerySchema,
  retryMessageSchema,
  sendMessageSchema,
  uploadResultSchema,
  type DeleteMessageRequest,
  type MessageSearchQuery,
  type MessagesQuery,
  type RetryMessageRequest,
  type SendMessageRequest,
} from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { MediaUploadFilter, MediaUploadInterceptor } from './media-upload.filter.js';
import { MessageSearchService } from './message-search.service.js';
import { MessagesService } from './messages.service.js';

/** Messages of a conversation. Admins reach every contact's; sales users those of contacts assigned to them. */
@Controller('messages')
export class MessagesController {
  constructor(
    private readonly messages: MessagesService,
    private readonly messageSearch: MessageSearchService,
  ) {}

  @Get()
  @ApiDoc({
    summary: "A contact's messages, newest last; `before` = nextCursor loads the older page; `around` = a message id opens the chat at it, `after` = newerCursor loads the newer page",
    response: messagePageSchema,
  })
  list(@CurrentUser() actor: TenantActor, @ValidQuery(messagesQuerySchema) query: MessagesQuery) {
    return this.messages.list(actor, query);
  }

  @Get('search')
  @ApiDoc({
    summary:
      'Messages of every chat the user may see whose text, caption or file name holds every word of q (Arabic letter forms, diacritics and case folded; phone digits in any format), newest first; `cursor` = nextCursor',
    response: messageSearchPageSchema,
  })
  search(@CurrentUser() actor: TenantActor, @ValidQuery(messageSearchQuerySchema) query: MessageSearchQuery) {
    return this.messageSearch.search(actor, query);
  }

  @Post()
  @HttpCode(200)
  @ApiDoc({
    summary: 'Sends text, or an upload (meta.path) with an optional caption; answers the stored message once sent or failed (failed ones keep the reason and can be retried)',
    response: messageSchema,
  })
  send(@CurrentUser() actor: TenantActor, @ValidBody(sendMessageSchema) body: SendMessageRequest) {
    return this.messages.send(actor, body);
  }

  @Post('upload')
  @HttpCode(200)
  @UseFilters(MediaUploadFilter)
  @UseInterceptors(MediaUploadInterceptor)
  @ApiDoc({
    summary: 'Uploads a file to send (multipart field "file"): images, video, audio, voice (webm), PDF and office documents, checked by content; 16 MB by default',
    response: uploadResultSchema,
    multipart: true,
  })
  upload(@CurrentUser() actor: TenantActor, @UploadedFile() file: { buffer: Buffer; originalname?: string; size: number } | undefined) {
    return this.messages.upload(actor, file);
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiDoc({
    summary: "Sends a failed message again; one whose delivery is 'unknown' (maybe on the phone already) only with confirmDuplicate: true, else 409",
    response: messageSchema,
  })
  retry(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(retryMessageSchema) body: RetryMessageRequest) {
    return this.messages.retry(actor, params.id, body);
  }

  @Patch(':id/delete')
  @ApiDoc({ summary: '"Delete for me" hides it for the company; forEveryone (own sent messages) also deletes it on WhatsApp', response: messageSchema })
  delete(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(deleteMessageSchema) body: DeleteMessageRequest) {
    return this.messages.delete(actor, params.id, body);
  }

  @Get(':id/media-url')
  @ApiDoc({ summary: "A fresh signed URL for a message's media (null when the file is gone)", response: mediaUrlSchema })
  mediaUrl(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.messages.mediaUrl(actor, params.id);
  }
}
