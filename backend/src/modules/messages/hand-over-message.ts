import { Injectable, Logger } from '@nestjs/common';
import type { Message } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { SenderContact } from '../chats/chats.repository.js';
import { MessengerEvents } from '../whatsapp/messenger-events.js';
import { WhatsAppSendError } from '../whatsapp/whatsapp-driver.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { MessageBroadcaster } from './message-broadcaster.js';
import { MessagesRepository } from './messages.repository.js';
import type { MessageRow } from './messages.table.js';
import { chatIdOf, OutboundContent } from './outbound-content.js';
import { OutboundInFlight } from './outbound-in-flight.js';
import { OutboundPacer } from './outbound-pacer.js';
import { OutboundSignals } from './outbound-signals.js';
import { PendingAcks } from './pending-acks.js';

/**
 * Hands a stored pending message to the tenant's WhatsApp session and records the answer: `sent`
 * with WhatsApp's id or `failed` with the reason and whether a retry may help, pushing
 * `msg:update` and telling listeners (`message.outbound`).
 *
 * Just before the driver call the message is claimed (`handed_over_at`, one conditional UPDATE
 * committed on its own): whoever wins the claim sends, once, and after a crash the database tells
 * "never handed over" from "WhatsApp may have it". When another instance owns the company's
 * session, the message stays pending and the owner is asked to send it.
 */
@Injectable()
export class HandOverMessage {
  private readonly logger = new Logger('Outbound');

  constructor(
    private readonly db: Database,
    private readonly repo: MessagesRepository,
    private readonly sessions: WhatsAppSessionsService,
    private readonly pacer: OutboundPacer,
    private readonly content: OutboundContent,
    private readonly broadcast: MessageBroadcaster,
    private readonly events: MessengerEvents,
    private readonly pendingAcks: PendingAcks,
    private readonly clock: Clock,
    private readonly signals: OutboundSignals,
    private readonly inFlight: OutboundInFlight,
  ) {}

  /** Hands the message over, marked as being sent by this process meanwhile. */
  deliver(tenantId: string, row: MessageRow, contact: SenderContact): Promise<Message> {
    return this.inFlight.holding(row.id, () => this.deliverNow(tenantId, row, contact));
  }

  /** Hands the message over (or asks the session's owner to); the caller marks it in flight. */
  async deliverNow(tenantId: string, row: MessageRow, contact: SenderContact): Promise<Message> {
    if (!this.sessions.runsHere(tenantId) && (await this.sessions.connectedElsewhere(tenantId))) return this.askOwner(tenantId, row);
    if (row.automated) await this.pacer.wait(tenantId);
    else await this.sendEarlierOfChat(tenantId, row, contact);
    return this.sendOne(tenantId, row, contact);
  }

  /** Another instance owns the session: the message stays pending and the owner is told to send it. */
  private async askOwner(tenantId: string, row: MessageRow): Promise<Message> {
    await this.signals.askOwner(tenantId);
    return this.broadcast.dto(row);
  }

  /**
   * What a person wrote earlier in the chat and still waits to be handed over (asked of another
   * instance, not yet read by this one's pass) goes first, so the chat keeps the order it was
   * written in; once each: the claim decides. Automated messages keep their own order and pace,
   * behind the pacer: a typed message never waits for them.
   */
  private async sendEarlierOfChat(tenantId: string, row: MessageRow, contact: SenderContact) {
    const earlier = await this.db.tenant(tenantId, (tx) => this.repo.unclaimedTypedOfChatBefore(tx, tenantId, row.contactId, row));
    for (const message of earlier) {
      if (this.inFlight.closing) return;
      const ours = !this.inFlight.has(message.id);
      if (ours) this.inFlight.add(message.id);
      await this.sendOne(tenantId, message, contact)
        .catch((err) => this.logger.warn(`sending ${message.id} failed: ${err}`))
        .finally(() => ours && this.inFlight.delete(message.id));
    }
  }

  private async sendOne(tenantId: string, row: MessageRow, contact: SenderContact): Promise<Message> {
    let handedOverAt: Date | undefined;
    let patch: Partial<MessageRow>;
    try {
      const session = this.sessions.readySession(tenantId);
      const { content, sentFile } = await this.content.forDriver(tenantId, row);
      // committed before the driver call: after a crash, this row says WhatsApp may have the message
      handedOverAt = this.clock.now();
      const claimed = await this.db.tenant(tenantId, (tx) => this.repo.claimHandover(tx, tenantId, row.id, handedOverAt!));
      // another process sends it (or it is no longer pending): not ours to send
      if (!claimed) return this.current(tenantId, row.id);
      if (row.automated) await this.pacer.spaceFromPrevious(tenantId);
      const { id } = await session.send(chatIdOf(contact), content);
      patch = {
        status: 'sent',
        waMessageId: id,
        sentAt: this.clock.now(),
        error: null,
        errorCode: null,
        errorParams: null,
        errorRetryable: false,
        ack: this.pendingAcks.take(tenantId, id) ?? 0,
        ...sentFile,
      };
    } catch (err) {
      const known = err instanceof WhatsAppSendError;
      const reason = known ? err.message : `Sending failed: ${err instanceof Error ? err.message : String(err)}`;
      if (!known) this.logger.error(`send ${row.id} failed: ${err instanceof Error ? err.stack : err}`);
      // the English for API users, the code for the chat in the user's language
      patch = { status: 'failed', error: reason, errorCode: known ? err.code : 'send_failed', errorParams: null, errorRetryable: known ? err.retryable : true };
    }
    // after the acks already come for this id, before those still to come
    const id = patch.waMessageId;
    return id ? this.pendingAcks.inOrder(tenantId, id, () => this.record(tenantId, row, handedOverAt, patch)) : this.record(tenantId, row, handedOverAt, patch);
  }

  /** The send's outcome, with the acks that came before it, stored and pushed. */
  private async record(tenantId: string, row: MessageRow, handedOverAt: Date | undefined, patch: Partial<MessageRow>): Promise<Message> {
    const updated = await this.db.tenant(tenantId, async (tx) => {
      let saved = handedOverAt ? await this.repo.recordOutcome(tx, tenantId, row.id, handedOverAt, patch) : await this.repo.failUnclaimed(tx, tenantId, row.id, patch);
      // an ack that arrived while the send was being recorded
      const late = saved?.waMessageId ? this.pendingAcks.take(tenantId, saved.waMessageId) : undefined;
      if (late && saved?.waMessageId) saved = (await this.repo.applyAck(tx, tenantId, saved.waMessageId, late)) ?? saved;
      return { saved, assignedTo: await this.repo.assigneeOf(tx, tenantId, row.contactId) };
    });
    // someone else decided this message meanwhile (a retry after `unknown`, another process): theirs stands
    if (!updated.saved) return this.current(tenantId, row.id);
    const message = await this.broadcast.updated(tenantId, updated.assignedTo, updated.saved);
    this.events.emit('message.outbound', {
      tenantId,
      contactId: row.contactId,
      messageId: row.id,
      status: message.status === 'sent' ? 'sent' : 'failed',
      error: message.error,
      errorCode: updated.saved.errorCode,
      automated: row.automated,
      followUpRunId: row.followUpRunId,
      clientId: row.clientId,
    });
    return message;
  }

  private async current(tenantId: string, id: string): Promise<Message> {
    const hit = await this.db.tenant(tenantId, (tx) => this.repo.findById(tx, tenantId, id));
    if (!hit) throw ApiError.notFound('Message not found.').withCode('message.not_found');
    return await this.broadcast.dto(hit.message);
  }
}
