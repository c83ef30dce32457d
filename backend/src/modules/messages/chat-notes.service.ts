import { Injectable, Logger } from '@nestjs/common';
import { can, chatRoute, contactNotificationParams, type CreateNoteRequest, type Message, type Role } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { assertCanSeeContact } from '../contacts/contact-access.js';
import { ChatsRepository } from '../chats/chats.repository.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { UsersRepository } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import { MessageBroadcaster } from './message-broadcaster.js';
import { MessagesRepository, type NewMessage } from './messages.repository.js';
import type { MessageRow } from './messages.table.js';

/** Where a notification about a note opens: the chat, scrolled to the note. */
export const noteLink = (contactId: string, noteId: string) => `${chatRoute(contactId)}&message=${encodeURIComponent(noteId)}`;

/**
 * Private notes: the team's lines in a conversation. A note is a row of the chat's timeline
 * (kind `note`), so it pages, is searched and is pushed (`msg:new`) like a message to exactly who
 * may see the contact; it is written `sent` and never pending, so no send path (which only takes
 * pending rows) can ever hand it to WhatsApp. It leaves the conversation's summary (last message,
 * unread count) alone: the contact wrote nothing.
 */
@Injectable()
export class ChatNotesService {
  private readonly logger = new Logger('ChatNotesService');

  constructor(
    private readonly db: Database,
    private readonly repo: MessagesRepository,
    private readonly chats: ChatsRepository,
    private readonly users: UsersRepository,
    private readonly broadcast: MessageBroadcaster,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  /** Writes the note with the colleagues it mentions; each one who may see the contact is told, with a link to it. */
  async create(actor: TenantActor, input: CreateNoteRequest): Promise<Message> {
    const { row, contact, told } = await this.db.tenant(actor.tenantId, async (tx) => {
      const contact = assertCanSeeContact(actor, await this.chats.findContact(tx, actor.tenantId, input.contactId));
      const mentioned = await this.mentioned(tx, actor.tenantId, input.body, input.mentions ?? []);
      const row = await this.insert(tx, {
        tenantId: actor.tenantId,
        contactId: contact.id,
        body: input.body,
        sentBy: actor.userId,
        mentions: mentioned.length ? mentioned.map((u) => ({ id: u.id, name: u.name })) : null,
      });
      const told = mentioned.filter((u) => u.id !== actor.userId && u.isActive && (can(u.role as Role, 'contacts.all') || u.id === contact.assignedTo)).map((u) => u.id);
      return { row, contact, told };
    });
    const message = await this.broadcast.created(actor.tenantId, contact.assignedTo, row, null);
    if (told.length) {
      // the note is saved: a bell that fails to ring must not turn it into an error
      await this.notifications
        .notifyUsers(actor.tenantId, told, { code: 'note.mentioned', params: { by: actor.name, ...contactNotificationParams(contact) }, link: noteLink(contact.id, row.id) })
        .catch((err) => this.logger.warn(`mention notice failed: ${err}`));
    }
    return message;
  }

  /** A note the product itself leaves in a chat (no author), e.g. that a scheduled message went out late. */
  async systemNote(tenantId: string, contactId: string, body: string): Promise<void> {
    const written = await this.db.tenant(tenantId, async (tx) => {
      const contact = await this.chats.findContact(tx, tenantId, contactId);
      return contact ? { contact, row: await this.insert(tx, { tenantId, contactId, body, sentBy: null }) } : null;
    });
    if (written) await this.broadcast.created(tenantId, written.contact.assignedTo, written.row, null);
  }

  /** A note in the transaction of the caller (a hand-over leaves one). */
  insert(tx: TenantTx, note: Pick<NewMessage, 'tenantId' | 'contactId' | 'body' | 'sentBy' | 'handOver' | 'mentions'>): Promise<MessageRow> {
    const now = this.clock.now();
    return this.repo.insert(tx, { ...note, kind: 'note', direction: 'out', type: 'text', status: 'sent', sentAt: now, createdAt: now, updatedAt: now });
  }

  /**
   * The users a note mentions: those of the ids given who belong to the company (row-level
   * security hides any other, so a made-up or foreign id is dropped, not an error) and whose
   * `@name` is in the text (a tag removed while typing mentions nobody).
   */
  private async mentioned(tx: TenantTx, tenantId: string, body: string, ids: string[]): Promise<UserRow[]> {
    const users = await this.users.findByIds(tx, tenantId, [...new Set(ids)]);
    const byId = new Map(users.map((u) => [u.id, u]));
    return [...new Set(ids)].flatMap((id) => {
      const user = byId.get(id);
      return user && body.includes(`@${user.name}`) ? [user] : [];
    });
  }
}
