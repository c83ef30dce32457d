import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { whatsAppIdFromPhone, type Message, type MessageType } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.service.js';
import { newId } from '../../platform/db/columns.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { FileStorage, keyBelongsToTenant } from '../../platform/files/file-storage.js';
import { mimeForKey } from '../../platform/files/mime.js';
import { ApiError } from '../../platform/http/api-error.js';
import { messagePreview, toChatDto } from '../chats/chat.mapper.js';
import { ChatsRepository, type SenderContact } from '../chats/chats.repository.js';
import { LID_PHONE_PREFIX } from '../chats/contact-resolver.js';
import { MessengerEvents } from '../whatsapp/messenger-events.js';
import { WhatsAppSendError, type OutgoingContent } from '../whatsapp/whatsapp-driver.js';
import { WhatsAppSessions } from '../whatsapp/whatsapp-sessions.service.js';
import { MessageBroadcaster } from './message-broadcaster.js';
import { MessagesRepository } from './messages.repository.js';
import type { MessageRow } from './messages.table.js';
import { OutboundPacer } from './outbound-pacer.js';
import { convertWebmToOggOpus } from './voice/webm-to-ogg.js';
import { PendingAcks } from './pending-acks.js';

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
};

/**
 * The one send path of the product (typed messages, media, voice notes, follow-up steps): stores the
 * message `pending`, pushes `msg:new`, hands it to the tenant's WhatsApp session (after the pacer
 * for automated sends), then records `sent` with WhatsApp's id or `failed` with the reason and
 * whether a retry may help, pushing `msg:update`. Nothing is dropped silently: a message always
 * ends sent or failed, and a restart turns left-over pending ones into retryable failures.
 */
@Injectable()
export class OutboundMessages implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbound');
  /** Messages this process is sending right now (the stale sweep leaves them alone). */
  private readonly inFlight = new Set<string>();
  private staleTimer?: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly repo: MessagesRepository,
    private readonly chats: ChatsRepository,
    private readonly sessions: WhatsAppSessions,
    private readonly pacer: OutboundPacer,
    private readonly storage: FileStorage,
    private readonly broadcast: MessageBroadcaster,
    private readonly events: MessengerEvents,
    private readonly pendingAcks: PendingAcks,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap() {
    await this.failStalePending(RESTART_STALE_MS, 'Sending was interrupted by a restart. Try again.');
    // a process that died mid-send, while this one kept running, leaves its messages pending: end them too
    this.staleTimer = setInterval(
      () => void this.failStalePending(RUNNING_STALE_MS, 'Sending did not finish. Try again.').catch((err) => this.logger.warn(`stale sweep failed: ${err}`)),
      60_000,
    ).unref();
  }

  onApplicationShutdown() {
    clearInterval(this.staleTimer);
  }

  /**
   * Marks pending messages older than `ageMs` failed (retryable), pushes the change and tells
   * listeners (a follow-up step waiting on it records the failure). Returns how many.
   */
  async failStalePending(ageMs: number, reason: string): Promise<number> {
    const olderThan = new Date(this.clock.now().getTime() - ageMs);
    const rows = await this.db.platform((tx) => this.repo.failStalePending(tx, olderThan, reason, [...this.inFlight]));
    for (const row of rows) {
      const assignedTo = await this.db.tenant(row.tenantId, (tx) => this.repo.assigneeOf(tx, row.tenantId, row.contactId));
      this.broadcast.updated(row.tenantId, assignedTo, row);
      this.events.emit('message.outbound', {
        tenantId: row.tenantId,
        contactId: row.contactId,
        messageId: row.id,
        status: 'failed',
        error: reason,
        automated: row.automated,
        followUpRunId: row.followUpRunId,
      });
    }
    if (rows.length) this.logger.warn(`${rows.length} message(s) left pending marked failed (retryable)`);
    return rows.length;
  }

  /**
   * Sends a message to a contact of the tenant and resolves with its final state (sent or failed).
   * Throws ApiError only for what is wrong with the request (unknown contact, missing file).
   */
  async send(tenantId: string, input: OutboundMessage): Promise<Message> {
    const media = input.media ? await this.checkMedia(tenantId, input.media.path) : undefined;
    const type: MessageType = media ? (input.type && input.type !== 'text' ? input.type : inferType(media.mime)) : 'text';
    const body = input.body ?? '';
    if (!media && !body.trim()) throw ApiError.badRequest('Message text is required.', 'body');
    const now = this.clock.now();

    const stored = await this.db
      .tenant(tenantId, async (tx) => {
        const contact = await this.chats.findContact(tx, tenantId, input.contactId);
        if (!contact) throw ApiError.notFound('Contact not found.');
        if (input.clientId) {
          const existing = await this.repo.findByClientId(tx, tenantId, input.clientId);
          if (existing) return { existing, contact };
        }
        const row = await this.repo.insert(tx, {
          id: newId(),
          tenantId,
          contactId: contact.id,
          direction: 'out',
          type,
          body,
          status: 'pending',
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
          { contactId: contact.id, at: now, preview: messagePreview({ type, body, mediaFileName: row.mediaFileName }), direction: 'out', unreadDelta: 0, resetUnread: !input.automated },
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
    if ('existing' in stored && stored.existing) return this.broadcast.dto(stored.existing);
    const { row, contact, chat } = stored as { row: MessageRow; contact: SenderContact; chat: Parameters<typeof toChatDto>[0] | undefined };
    this.broadcast.created(tenantId, contact.assignedTo, row, chat ? toChatDto(chat) : null);
    return this.deliver(tenantId, row, contact);
  }

  /** Sends a failed message again (same row: it goes back to pending). */
  async retry(tenantId: string, messageId: string, canSee: (assignedTo: string | null) => boolean): Promise<Message> {
    const found = await this.db.tenant(tenantId, async (tx) => {
      const hit = await this.repo.findById(tx, tenantId, messageId);
      if (!hit || !canSee(hit.assignedTo) || hit.message.hiddenForTenant) throw ApiError.notFound('Message not found.');
      const m = hit.message;
      if (m.direction !== 'out' || m.status !== 'failed') throw ApiError.conflict('Only a message that failed to send can be retried.');
      if (!m.errorRetryable) throw ApiError.conflict(`This message cannot be sent again: ${m.error ?? 'it was refused'}`);
      const row = (await this.repo.update(tx, tenantId, m.id, { status: 'pending', error: null, errorRetryable: false }))!;
      const contact = (await this.chats.findContact(tx, tenantId, m.contactId))!;
      return { row, contact };
    });
    this.broadcast.updated(tenantId, found.contact.assignedTo, found.row);
    return this.deliver(tenantId, found.row, found.contact);
  }

  private async deliver(tenantId: string, row: MessageRow, contact: SenderContact): Promise<Message> {
    this.inFlight.add(row.id);
    try {
      return await this.deliverNow(tenantId, row, contact);
    } finally {
      this.inFlight.delete(row.id);
    }
  }

  private async deliverNow(tenantId: string, row: MessageRow, contact: SenderContact): Promise<Message> {
    let patch: Partial<MessageRow>;
    try {
      if (row.automated) await this.pacer.wait(tenantId);
      const session = this.sessions.readySession(tenantId);
      const { content, sentFile } = await this.content(tenantId, row);
      const { id } = await session.send(chatIdOf(contact), content);
      patch = { status: 'sent', waMessageId: id, sentAt: this.clock.now(), error: null, errorRetryable: false, ack: this.pendingAcks.take(tenantId, id) ?? 0, ...sentFile };
    } catch (err) {
      const known = err instanceof WhatsAppSendError;
      const reason = known ? err.message : `Sending failed: ${err instanceof Error ? err.message : String(err)}`;
      if (!known) this.logger.error(`send ${row.id} failed: ${err instanceof Error ? err.stack : err}`);
      patch = { status: 'failed', error: reason, errorRetryable: known ? err.retryable : true };
    }
    const updated = await this.db.tenant(tenantId, async (tx) => {
      let saved = (await this.repo.update(tx, tenantId, row.id, patch))!;
      // an ack that arrived while the send was being recorded
      const late = saved.waMessageId ? this.pendingAcks.take(tenantId, saved.waMessageId) : undefined;
      if (late && saved.waMessageId) saved = (await this.repo.applyAck(tx, tenantId, saved.waMessageId, late)) ?? saved;
      return { saved, assignedTo: await this.repo.assigneeOf(tx, tenantId, row.contactId) };
    });
    const message = this.broadcast.updated(tenantId, updated.assignedTo, updated.saved);
    this.events.emit('message.outbound', {
      tenantId,
      contactId: row.contactId,
      messageId: row.id,
      status: message.status === 'sent' ? 'sent' : 'failed',
      error: message.error,
      automated: row.automated,
      followUpRunId: row.followUpRunId,
    });
    return message;
  }

  /** The driver's content; a webm voice note becomes OGG/Opus for the real WhatsApp, and that file is what is kept. */
  private async content(tenantId: string, row: MessageRow): Promise<{ content: OutgoingContent; sentFile: Partial<MessageRow> }> {
    if (!row.mediaPath) return { content: { kind: 'text', body: row.body ?? '' }, sentFile: {} };
    let data: Buffer;
    try {
      data = await this.storage.read(row.mediaPath);
    } catch {
      throw new WhatsAppSendError('The file to send is no longer available. Upload it again.', false);
    }
    let mime = row.mediaMime ?? mimeForKey(row.mediaPath);
    const sentFile: Partial<MessageRow> = {};
    const voice = row.type === 'voice';
    if (voice && this.sessions.needsOggVoice && /webm/.test(mime)) {
      try {
        data = convertWebmToOggOpus(data);
      } catch (err) {
        throw new WhatsAppSendError(`The voice note could not be converted for WhatsApp: ${err instanceof Error ? err.message : err}`, false);
      }
      mime = 'audio/ogg; codecs=opus';
      const key = `${tenantId}/voice/${row.id}.ogg`;
      await this.storage.put(key, data);
      Object.assign(sentFile, { mediaPath: key, mediaMime: 'audio/ogg', mediaSize: data.length });
    }
    return {
      content: {
        kind: 'media',
        data,
        mime,
        fileName: row.mediaFileName,
        caption: row.body || undefined,
        asVoice: voice,
        asDocument: row.type === 'document',
      },
      sentFile,
    };
  }

  private async checkMedia(tenantId: string, path: string) {
    if (!keyBelongsToTenant(path, tenantId) || !(await this.storage.exists(path))) {
      throw ApiError.badRequest('The uploaded file was not found. Upload it again.', 'meta.path');
    }
    const file = await this.storage.stream(path);
    file?.stream.destroy();
    return { path, mime: mimeForKey(path).replace(/;.*$/, ''), size: file?.size ?? null };
  }
}

/** At start-up, a message pending this long was being sent by the process that stopped (or by a peer that would be done). */
const RESTART_STALE_MS = 5 * 60_000;
/** While running, only much older ones: a peer's paced automated sends may legitimately wait a while. */
const RUNNING_STALE_MS = 30 * 60_000;

export function chatIdOf(contact: Pick<SenderContact, 'waId' | 'waLid' | 'phone'>): string {
  if (contact.waId) return contact.waId;
  if (contact.phone.startsWith(LID_PHONE_PREFIX)) return contact.waLid ?? `${contact.phone.slice(LID_PHONE_PREFIX.length)}@lid`;
  return whatsAppIdFromPhone(contact.phone);
}

function inferType(mime: string): MessageType {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime === 'audio/webm') return 'voice';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}
