import { Injectable, Logger } from '@nestjs/common';
import { contactNotificationParams, handOverNoteText, type HandOverRequest, type HandOverResult } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { ContactHandOverService } from '../contacts/contact-hand-over.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { ChatNotesService, noteLink } from './chat-notes.service.js';
import { MessageBroadcaster } from './message-broadcaster.js';

/**
 * A chat handed to a colleague from its header: the contacts module changes the assignee (its
 * history and events follow), the chat keeps a private note saying so (in the same transaction),
 * and the new owner's bell rings with a link to that note.
 */
@Injectable()
export class ChatHandOverService {
  private readonly logger = new Logger('ChatHandOverService');

  constructor(
    private readonly contacts: ContactHandOverService,
    private readonly notes: ChatNotesService,
    private readonly broadcast: MessageBroadcaster,
    private readonly notifications: NotificationsService,
  ) {}

  async handOver(actor: TenantActor, contactId: string, input: HandOverRequest): Promise<HandOverResult> {
    const { done, extra: note } = await this.contacts.handOver(actor, contactId, input, (tx, done) =>
      this.notes.insert(tx, {
        tenantId: actor.tenantId,
        contactId,
        body: handOverNoteText(done.to.name, done.by.name, done.note),
        sentBy: actor.userId,
        handOver: { to: done.to.name, by: done.by.name, note: done.note },
      }),
    );
    // pushed to the new audience (the admins and the new owner); the previous owner's list drops the chat
    await this.broadcast.created(actor.tenantId, done.to.id, note, null);
    if (done.to.id !== actor.userId) {
      await this.notifications
        .notifyUsers(actor.tenantId, [done.to.id], { code: 'chat.handed_over', params: { by: done.by.name, ...contactNotificationParams(done.contact) }, link: noteLink(contactId, note.id) })
        .catch((err) => this.logger.warn(`hand-over notice failed: ${err}`));
    }
    return { contactId, assignedTo: { _id: done.to.id, name: done.to.name }, noteId: note.id };
  }
}
