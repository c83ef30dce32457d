import { Injectable } from '@nestjs/common';
import type { Chat, Message } from '@crm/common';
import { SignedUrls } from '../../platform/files/signed-urls.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import { toMessageDto } from './message.mapper.js';
import type { MessageRow } from './messages.table.js';

/** Pushes message events to who may see them: the tenant's admins and the contact's assigned user. */
@Injectable()
export class MessageBroadcaster {
  constructor(
    private readonly realtime: RealtimeEmitter,
    private readonly urls: SignedUrls,
  ) {}

  dto(row: MessageRow): Message {
    return toMessageDto(row, this.urls);
  }

  created(tenantId: string, assignedTo: string | null, row: MessageRow, chat: Chat | null): Message {
    const message = this.dto(row);
    this.realtime.toContactAudience(tenantId, assignedTo, 'msg:new', { ...message, chat });
    return message;
  }

  updated(tenantId: string, assignedTo: string | null, row: MessageRow): Message {
    const message = this.dto(row);
    this.realtime.toContactAudience(tenantId, assignedTo, 'msg:update', message);
    return message;
  }

  notifyAssignee(assignedTo: string | null, contactId: string, contactName: string, messageBody: string) {
    if (!assignedTo) return;
    this.realtime.toUser(assignedTo, 'msg:notification', { assignedTo, contactId, contactName, messageBody });
  }
}
