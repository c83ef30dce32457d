import { Injectable } from '@nestjs/common';
import type { Chat, Message } from '@crm/common';
import { Database } from '../../platform/db/database.js';
import { SignedUrls } from '../../platform/files/signed-urls.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import { toMessageDto } from './message.mapper.js';
import { MessagesRepository } from './messages.repository.js';
import type { MessageRow } from './messages.table.js';

/** How long an author's name is reused for message events (acks follow a send within seconds). */
const AUTHOR_NAME_TTL_MS = 60_000;

/**
 * Turns stored messages into what clients read (with the author's name) and pushes
 * message events to who may see them: the tenant's admins and the contact's assigned user.
 */
@Injectable()
export class MessageBroadcaster {
  private readonly names = new Map<string, { name: string | null; at: number }>();

  constructor(
    private readonly realtime: RealtimeEmitter,
    private readonly urls: SignedUrls,
    private readonly db: Database,
    private readonly repo: MessagesRepository,
  ) {}

  /** Messages of one tenant as clients read them, with their authors' names (one query for the missing names). */
  async dtos(tenantId: string, rows: MessageRow[]): Promise<Message[]> {
    const now = Date.now();
    const missing = [...new Set(rows.map((r) => r.sentBy).filter((id): id is string => Boolean(id)))].filter((id) => {
      const hit = this.names.get(id);
      return !hit || now - hit.at > AUTHOR_NAME_TTL_MS;
    });
    if (missing.length) {
      const found = await this.db.tenant(tenantId, (tx) => this.repo.authorNames(tx, missing));
      for (const id of missing) this.names.set(id, { name: found.get(id) ?? null, at: now });
      if (this.names.size > 5_000) this.names.clear();
    }
    return rows.map((r) => toMessageDto(r, this.urls, r.sentBy ? (this.names.get(r.sentBy)?.name ?? null) : null));
  }

  async dto(row: MessageRow): Promise<Message> {
    const [message] = await this.dtos(row.tenantId, [row]);
    return message;
  }

  async created(tenantId: string, assignedTo: string | null, row: MessageRow, chat: Chat | null): Promise<Message> {
    const message = await this.dto(row);
    this.announceCreated(tenantId, assignedTo, message, chat);
    return message;
  }

  /** `msg:new` for a message already mapped (a batch maps its messages at once: `dtos`). */
  announceCreated(tenantId: string, assignedTo: string | null, message: Message, chat: Chat | null) {
    this.realtime.toContactAudience(tenantId, assignedTo, 'msg:new', { ...message, chat });
  }

  async updated(tenantId: string, assignedTo: string | null, row: MessageRow): Promise<Message> {
    const message = await this.dto(row);
    this.realtime.toContactAudience(tenantId, assignedTo, 'msg:update', message);
    return message;
  }

  /** `msg:notification`: the contact's name and phone apart, and joined as older clients read them. */
  notifyAssignee(assignedTo: string | null, contactId: string, contact: { name: string | null; phone: string }, messageBody: string) {
    if (!assignedTo) return;
    const name = contact.name?.trim() || null;
    this.realtime.toUser(assignedTo, 'msg:notification', { assignedTo, contactId, contactName: name ?? contact.phone, contact: { name, phone: contact.phone }, messageBody });
  }
}
