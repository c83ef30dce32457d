import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { phoneSearchDigits, type Chat, type ChatPage, type ChatsQuery } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import { ApiError } from '../../platform/http/api-error.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import { assertCanSeeContact, visibleAssigneeFor } from '../contacts/contact-access.js';
import '../contacts/contact-events.js';
import '../labels/label-events.js';
import './chat-events.js';
import { decodeChatCursor, encodeChatCursor, toChatDto } from './chat.mapper.js';
import { ChatsRepository } from './chats.repository.js';

/** The messenger's chat list: conversations newest first, searched on the server, visible per role. */
@Injectable()
export class ChatsService implements OnModuleInit, OnModuleDestroy {
  private unsubscribe?: () => void;

  constructor(
    private readonly db: Database,
    private readonly repo: ChatsRepository,
    private readonly realtime: RealtimeEmitter,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit() {
    const offReassigned = this.events.on('contacts.reassigned', ({ tenantId, previousAssignees }) => this.pushReassigned(tenantId, previousAssignees));
    // a label put on or taken off: the conversations are pushed again so the lists refresh them
    const offLabelled = this.events.on('contacts.labelled', ({ tenantId, contactIds }) => this.pushReassigned(tenantId, new Map(contactIds.map((id) => [id, null]))));
    this.unsubscribe = () => {
      offReassigned();
      offLabelled();
    };
  }

  onModuleDestroy() {
    this.unsubscribe?.();
  }

  async list(actor: TenantActor, query: ChatsQuery): Promise<ChatPage> {
    const cursor = query.cursor ? decodeChatCursor(query.cursor) : undefined;
    if (query.cursor && !cursor) throw ApiError.badRequest('The cursor is not valid. Reload the list.', 'cursor').withCode('message.cursor_invalid');
    const filter = {
      assignedTo: visibleAssigneeFor(actor),
      q: query.q || undefined,
      digits: query.q ? phoneSearchDigits(query.q) : undefined,
      labels: query.labels?.length ? { labelIds: query.labels, match: query.labelMatch } : undefined,
    };
    const { rows, total } = await this.db.tenant(actor.tenantId, async (tx) => ({
      rows: await this.repo.list(tx, actor.tenantId, { ...filter, cursor, limit: query.limit + 1 }),
      total: await this.repo.count(tx, actor.tenantId, filter),
    }));
    const page = rows.slice(0, query.limit).map(toChatDto);
    const last = page.at(-1);
    return {
      items: page,
      total,
      nextCursor: rows.length > query.limit && last ? encodeChatCursor({ at: last.lastMessageAt, id: last._id }) : null,
    };
  }

  async get(actor: TenantActor, contactId: string): Promise<Chat> {
    const row = await this.db.tenant(actor.tenantId, (tx) => this.repo.findChat(tx, actor.tenantId, contactId));
    return toChatDto(assertCanSeeContact(actor, row ? { ...row, assignedTo: row.assigned_to } : undefined));
  }

  /**
   * After contacts changed hands: the new owner (and the admins) get the conversations, and each
   * previous owner gets them too, now showing someone else as assignee, so their list drops them.
   */
  async pushReassigned(tenantId: string, previousAssignees: Map<string, string | null>) {
    const ids = [...previousAssignees.keys()];
    for (let i = 0; i < ids.length; i += 500) {
      const chats = await this.db.tenant(tenantId, (tx) => this.repo.findChats(tx, tenantId, ids.slice(i, i + 500)));
      for (const row of chats) {
        const chat = toChatDto(row);
        this.realtime.toContactAudience(tenantId, chat.assignedTo?._id, 'chat:update', chat);
        const previous = previousAssignees.get(chat.contactId);
        if (previous && previous !== chat.assignedTo?._id) this.realtime.toUser(previous, 'chat:update', chat);
      }
    }
  }

  /** Opening a conversation clears its unread count (for everyone who sees it). */
  async markRead(actor: TenantActor, contactId: string): Promise<Chat> {
    const { chat, hadUnread } = await this.db.tenant(actor.tenantId, async (tx) => {
      const row = await this.repo.findChat(tx, actor.tenantId, contactId);
      assertCanSeeContact(actor, row ? { assignedTo: row.assigned_to } : undefined);
      return { chat: toChatDto((await this.repo.markRead(tx, actor.tenantId, contactId))!), hadUnread: Number(row!.unread_count) > 0 };
    });
    this.realtime.toContactAudience(actor.tenantId, chat.assignedTo?._id, 'chat:update', chat);
    // only when something was unread: opening a read conversation again tells the contact nothing new
    if (hadUnread) void this.events.emit('chats.read', { tenantId: actor.tenantId, contactId });
    return chat;
  }
}
