import { Injectable } from '@nestjs/common';
import { mediaMessageType, type Message, type MessageType } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/columns.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { ApiError } from '../../platform/http/api-error.js';
import { messagePreview, toChatDto } from '../chats/chat.mapper.js';
import { ChatsRepository, type SenderContact } from '../chats/chats.repository.js';
import { HandOverMessage } from './hand-over-message.js';
import { MessageBroadcaster } from './message-broadcaster.js';
import { MessagesRepository } from './messages.repository.js';
import type { MessageRow } from './messages.table.js';
import { OutboundContent, type CheckedMedia } from './outbound-content.js';
import { OUTBOUND_TEXTS } from './outbound-failures.js';
import { OutboundInFlight } from './outbound-in-flight.js';
import type { PreparedTemplate } from './template-message.js';

/** What to send. The tenant is passed separately and always comes from the session or the job. */
export type OutboundMessage = {
  contactId: string;
  /** The text, or the caption of a media message. */
  body?: string;
  /** text, or a media kind; inferred from the file when absent. */
  type?: MessageType;
  /** A file of this tenant in FileStorage (from POST /messages/upload). */
  media?: { path: string; fileName?: string | null };
  /** Not typed by a person (follow-up steps, …): paced by the per-tenant rate limit with jitter. */
  automated?: boolean;
  followUpRunId?: string | null;
  /** The user who typed it (null for automated sends). */
  sentBy?: string | null;
  /** Idempotency key: a second send with the same key returns the first message and sends nothing. */
  clientId?: string | null;
  /** A WhatsApp template (checked by TemplateMessages): `body` is its text filled in, as the chat shows it. */
  template?: PreparedTemplate['template'];
};

/**
 * Sending a message, and sending a failed one again: checks the request, stores the message
 * `pending` (and the chat's summary), pushes `msg:new` (or `msg:update` for a retry), then hands
 * it over (HandOverMessage) and answers with its final state.
 */
@Injectable()
export class SendMessage {
  constructor(
    private readonly db: Database,
    private readonly repo: MessagesRepository,
    private readonly chats: ChatsRepository,
    private readonly content: OutboundContent,
    private readonly broadcast: MessageBroadcaster,
    private readonly handOver: HandOverMessage,
    private readonly clock: Clock,
    private readonly inFlight: OutboundInFlight,
  ) {}

  /**
   * Sends a message to a contact of the tenant and resolves with its final state (sent or failed).
   * Throws ApiError only for what is wrong with the request (unknown contact, missing file).
   */
  async send(tenantId: string, input: OutboundMessage): Promise<Message> {
    const media = input.media ? await this.content.checkMedia(tenantId, input.media.path) : undefined;
    const type: MessageType = media ? (input.type && input.type !== 'text' ? input.type : mediaMessageType(media.mime)) : 'text';
    const body = input.body ?? '';
    if (!media && !body.trim()) throw ApiError.badRequest('Message text is required.', 'body').withCode('message.body_required');
    const now = this.clock.now();
    const id = newId();
    // ours before it is committed: a resume pass or sweep must not take a message this process is about to send
    return this.inFlight.holding(id, () => this.storeAndDeliver(tenantId, input, { id, now, type, body, media }));
  }

  private async storeAndDeliver(
    tenantId: string,
    input: OutboundMessage,
    { id, now, type, body, media }: { id: string; now: Date; type: MessageType; body: string; media: CheckedMedia | undefined },
  ): Promise<Message> {
    const stored = await this.db
      .tenant(tenantId, async (tx) => {
        const contact = await this.chats.findContact(tx, tenantId, input.contactId);
        if (!contact) throw ApiError.notFound('Contact not found.').withCode('contact.not_found');
        if (input.clientId) {
          const existing = await this.repo.findByClientId(tx, tenantId, input.clientId);
          if (existing) return { existing, contact };
        }
        const row = await this.repo.insert(tx, {
          id,
          tenantId,
          contactId: contact.id,
          direction: 'out',
          type,
          body,
          status: 'pending',
          template: input.template ?? null,
          mediaPath: media?.path,
          mediaMime: media?.mime,
          mediaFileName: media ? (input.media?.fileName ?? null) : null,
          mediaSize: media?.size,
          automated: input.automated ?? false,
          followUpRunId: input.followUpRunId ?? null,
          sentBy: input.sentBy ?? null,
          clientId: input.clientId ?? null,
          createdAt: now,
          updatedAt: now,
        });
        const [chat] = await this.chats.applySummaries(tx, tenantId, [
          {
            contactId: contact.id,
            at: now,
            preview: messagePreview({ type, body, mediaFileName: row.mediaFileName }),
            systemEvent: null,
            direction: 'out',
            unreadDelta: 0,
            resetUnread: !input.automated,
          },
        ]);
        return { row, contact, chat };
      })
      .catch(async (err: unknown) => {
        if (input.clientId && isUniqueViolation(err, 'messages_tenant_client_id_unique')) {
          const existing = await this.db.tenant(tenantId, (tx) => this.repo.findByClientId(tx, tenantId, input.clientId!));
          if (existing) return { existing, contact: undefined };
        }
        throw err;
      });
    if ('existing' in stored && stored.existing) return await this.broadcast.dto(stored.existing);
    const { row, contact, chat } = stored as { row: MessageRow; contact: SenderContact; chat: Parameters<typeof toChatDto>[0] | undefined };
    await this.broadcast.created(tenantId, contact.assignedTo, row, chat ? toChatDto(chat) : null);
    return this.handOver.deliver(tenantId, row, contact);
  }

  /**
   * Sends a failed message again (same row: it goes back to pending). An `unknown` one may already
   * be on the contact's phone: only with `confirmDuplicate` (the user accepted a possible duplicate).
   */
  async retry(tenantId: string, messageId: string, canSee: (assignedTo: string | null) => boolean, options: { confirmDuplicate?: boolean } = {}): Promise<Message> {
    const found = await this.db.tenant(tenantId, async (tx) => {
      const hit = await this.repo.findById(tx, tenantId, messageId);
      if (!hit || !canSee(hit.assignedTo) || hit.message.hiddenForTenant) throw ApiError.notFound('Message not found.').withCode('message.not_found');
      const m = hit.message;
      if (m.direction === 'out' && m.status === 'unknown' && !options.confirmDuplicate)
        throw ApiError.conflict(OUTBOUND_TEXTS.confirmDuplicate, 'confirmDuplicate').withCode('message.retry_may_duplicate');
      if (m.direction !== 'out' || (m.status !== 'failed' && m.status !== 'unknown'))
        throw ApiError.conflict('Only a message that failed to send can be retried.').withCode('message.retry_not_failed');
      if (m.status === 'failed' && !m.errorRetryable) throw ApiError.conflict(`This message cannot be sent again: ${m.error ?? 'it was refused'}`).withCode('message.retry_refused');
      const row = await this.repo.reopenForRetry(tx, tenantId, m.id, true);
      // another retry (or a late answer) changed it first
      if (!row) throw ApiError.conflict('Only a message that failed to send can be retried.').withCode('message.retry_not_failed');
      const contact = (await this.chats.findContact(tx, tenantId, m.contactId))!;
      return { row, contact };
    });
    await this.broadcast.updated(tenantId, found.contact.assignedTo, found.row);
    return this.handOver.deliver(tenantId, found.row, found.contact);
  }
}
