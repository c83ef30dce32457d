import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { whatsAppIdFromPhone, type Message, type MessageType } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.service.js';
import { DatabaseSignals } from '../../platform/db/database-signals.js';
import { newId } from '../../platform/db/columns.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { FileStorage, keyBelongsToTenant } from '../../platform/files/file-storage.js';
import { mimeForKey } from '../../platform/files/mime.js';
import { ApiError } from '../../platform/http/api-error.js';
import { messagePreview, toChatDto } from '../chats/chat.mapper.js';
import { ChatsRepository, type SenderContact } from '../chats/chats.repository.js';
import { LID_PHONE_PREFIX } from '../contacts/contact-resolver.js';
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
 * whether a retry may help, pushing `msg:update`.
 *
 * Crashes: just before the driver call the message is claimed (`handed_over_at`, one conditional
 * UPDATE committed on its own), so whatever happens to the process the database tells the two cases
 * apart. Never handed over: WhatsApp cannot have it, so it is sent (once: whoever wins the claim
 * sends) by the process that holds the tenant's WhatsApp, at its start-up or when the session
 * connects, or by a live peer's sweep. Handed over with no recorded answer: WhatsApp may have it, so
 * it becomes `unknown` (at the next start-up at once, while running after HANDOVER_TIMEOUT_MS) and
 * is never sent again on its own; a user may retry it after confirming a possible duplicate. A late
 * answer from the driver still wins over `unknown`.
 *
 * Several instances: only the instance that owns the company's WhatsApp session (its lease) sends.
 * Another instance stores the message pending, answers with it, and signals the owner
 * (SEND_ASKED_SIGNAL, PostgreSQL NOTIFY after the commit); the owner reads the company's messages
 * waiting to be handed over and sends them, each chat in the order written, paced per company as
 * its own. A signal lost (the owner died or its listening connection dropped) is
 * covered by the takeover: the next owner sends what waits when its session connects.
 */
@Injectable()
export class OutboundMessages implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbound');
  /** Messages this process is sending right now (the sweeps leave them alone). */
  private readonly inFlight = new Set<string>();
  /** Tenants whose unclaimed messages this process is sending now (one pass at a time, in order). */
  private readonly resuming = new Map<string, Promise<void>>();
  /** Tenants with a pass asked while one is reading: one more pass covers them all. */
  private readonly resumeAgain = new Map<string, Promise<number>>();
  private offSendAsked?: () => void;
  private staleTimer?: NodeJS.Timeout;
  private restartTimer?: NodeJS.Timeout;
  private offConnected?: () => void;
  private closing = false;
  /** When this process started sending: what was left pending before it belongs to a previous run. */
  private readonly startedAt: Date;

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
    private readonly signals: DatabaseSignals,
  ) {
    this.startedAt = clock.now();
  }

  async onApplicationBootstrap() {
    // sessions restart in the background: a tenant's left-over messages go out when its WhatsApp connects
    this.offConnected = this.events.on('whatsapp.connected', ({ tenantId }) => void this.resumeTenant(tenantId));
    // another instance stored a message for a session this one owns
    this.offSendAsked = await this.signals.listen(
      SEND_ASKED_SIGNAL,
      (tenantId) => void this.resumeTenant(tenantId),
      () => this.sessions.connectedTenants().forEach((tenantId) => void this.resumeTenant(tenantId)),
    );
    await this.markHandedOverUnknown(OUTBOUND_TEXTS.unknownAfterRestart);
    for (const tenantId of this.sessions.connectedTenants()) void this.resumeTenant(tenantId);
    // a tenant whose WhatsApp does not come back: its left-over messages fail (retryable), none stays pending
    this.restartTimer = setTimeout(() => void this.failLeftOverFromPreviousRun().catch((err) => this.logger.warn(`restart sweep failed: ${err}`)), RESTART_RESEND_WAIT_MS);
    this.restartTimer.unref();
    this.staleTimer = setInterval(() => void this.reconcile().catch((err) => this.logger.warn(`outbound sweep failed: ${err}`)), 60_000).unref();
  }

  onApplicationShutdown() {
    this.closing = true;
    this.offConnected?.();
    this.offSendAsked?.();
    clearInterval(this.staleTimer);
    clearTimeout(this.restartTimer);
  }

  /**
   * The running sweep, for a process (or peer) that died while this one runs: handed-over messages
   * with no answer for HANDOVER_TIMEOUT_MS become `unknown`; never-handed-over ones older than
   * TAKEOVER_AFTER_MS are sent by this process if it holds the tenant's WhatsApp (the claim makes
   * that once even if their owner is alive and merely slow); those nobody took over for
   * RUNNING_STALE_MS fail (retryable).
   */
  async reconcile(): Promise<void> {
    const now = this.clock.now().getTime();
    await this.markHandedOverUnknown(OUTBOUND_TEXTS.unknownTimedOut, new Date(now - HANDOVER_TIMEOUT_MS));
    const createdBefore = new Date(now - TAKEOVER_AFTER_MS);
    await Promise.all(this.sessions.connectedTenants().map((tenantId) => this.resumeTenant(tenantId, createdBefore)));
    await this.failStalePending(RUNNING_STALE_MS, OUTBOUND_TEXTS.notFinished);
  }

  /** After the restart wait: what the previous run left unsent and no session picked up fails (retryable). */
  failLeftOverFromPreviousRun(): Promise<number> {
    return this.failStalePending(this.clock.now().getTime() - this.startedAt.getTime() + 1, OUTBOUND_TEXTS.interruptedByRestart);
  }

  /**
   * Sends, once each and each chat in order, the tenant's messages that are pending and were never
   * handed to WhatsApp (left by a process that stopped, asked of another instance, or left by a
   * peer that died), if this process holds the tenant's connected WhatsApp. Resolves with how many
   * it tried, once they are sent. Passes read one after another; their sends overlap (a chat waiting
   * on the pacer holds up neither the next pass nor the other chats).
   */
  resumeTenant(tenantId: string, createdBefore?: Date): Promise<number> {
    const reading = this.resuming.get(tenantId);
    if (reading && !createdBefore) {
      // a pass that has not started reading yet sees everything stored until then
      let again = this.resumeAgain.get(tenantId);
      if (!again) {
        again = reading.then(() => {
          this.resumeAgain.delete(tenantId);
          return this.resumeTenant(tenantId);
        });
        this.resumeAgain.set(tenantId, again);
      }
      return again;
    }
    if (reading) return reading.then(() => this.resumeTenant(tenantId, createdBefore));
    const pass = this.readUnclaimed(tenantId, createdBefore);
    const read = pass.then(
      () => undefined,
      () => undefined,
    );
    this.resuming.set(tenantId, read);
    void read.then(() => {
      if (this.resuming.get(tenantId) === read) this.resuming.delete(tenantId);
    });
    return pass.then(async ({ count, sent }) => {
      await sent;
      if (count) this.logger.log(`${count} message(s) waiting to be handed to WhatsApp sent for ${tenantId}`);
      return count;
    });
  }

  private async readUnclaimed(tenantId: string, createdBefore?: Date): Promise<{ count: number; sent: Promise<unknown> }> {
    if (this.closing || !this.sessions.connectedTenants().includes(tenantId)) return { count: 0, sent: Promise.resolve() };
    const rows = (await this.db.platform((tx) => this.repo.unclaimedPending(tx, { tenantId, createdBefore, limit: 1000 }))).filter((r) => !this.inFlight.has(r.id));
    // ours from now on: the stale sweep must not fail them, nor a later pass take them again, while they wait their turn
    rows.forEach((r) => this.inFlight.add(r.id));
    const byChat = new Map<string, MessageRow[]>();
    for (const row of rows) byChat.set(row.contactId, [...(byChat.get(row.contactId) ?? []), row]);
    const sent = Promise.all(
      [...byChat.values()].map(async (chatRows) => {
        try {
          const contact = await this.db.tenant(tenantId, (tx) => this.chats.findContact(tx, tenantId, chatRows[0].contactId));
          for (const row of chatRows) {
            if (this.closing || !contact) break;
            await this.deliverNow(tenantId, row, contact).catch((err) => this.logger.warn(`sending ${row.id} failed: ${err}`));
          }
        } finally {
          chatRows.forEach((r) => this.inFlight.delete(r.id));
        }
      }),
    );
    return { count: rows.length, sent };
  }

  /** Handed over, never answered: `unknown`, pushed, and reported (a follow-up step records it, and does not resend). */
  async markHandedOverUnknown(reason: string, handedOverBefore?: Date): Promise<number> {
    const rows = await this.db.platform((tx) => this.repo.markHandedOverUnknown(tx, reason, handedOverBefore));
    await this.announce(rows, 'unknown');
    if (rows.length) this.logger.warn(`${rows.length} message(s) handed to WhatsApp with no answer marked unknown`);
    return rows.length;
  }

  /**
   * Marks pending messages never handed over, older than `ageMs` and not being sent by this
   * process, failed (retryable), pushes the change and tells listeners (a follow-up step waiting on
   * it records the failure). Returns how many.
   */
  async failStalePending(ageMs: number, reason: string): Promise<number> {
    const olderThan = new Date(this.clock.now().getTime() - ageMs);
    const rows = await this.db.platform((tx) => this.repo.failStalePending(tx, olderThan, reason, [...this.inFlight]));
    await this.announce(rows, 'failed');
    if (rows.length) this.logger.warn(`${rows.length} message(s) left pending marked failed (retryable)`);
    return rows.length;
  }

  private async announce(rows: MessageRow[], status: 'failed' | 'unknown') {
    for (const row of rows) {
      const assignedTo = await this.db.tenant(row.tenantId, (tx) => this.repo.assigneeOf(tx, row.tenantId, row.contactId));
      await this.broadcast.updated(row.tenantId, assignedTo, row);
      this.events.emit('message.outbound', {
        tenantId: row.tenantId,
        contactId: row.contactId,
        messageId: row.id,
        status,
        error: row.error,
        automated: row.automated,
        followUpRunId: row.followUpRunId,
        clientId: row.clientId,
      });
    }
  }

  /**
   * Sends a message to a contact of the tenant and resolves with its final state (sent or failed).
   * Throws ApiError only for what is wrong with the request (unknown contact, missing file).
   */
  async send(tenantId: string, input: OutboundMessage): Promise<Message> {
    const media = input.media ? await this.checkMedia(tenantId, input.media.path) : undefined;
    const type: MessageType = media ? (input.type && input.type !== 'text' ? input.type : inferType(media.mime)) : 'text';
    const body = input.body ?? '';
    if (!media && !body.trim()) throw ApiError.badRequest('Message text is required.', 'body').withCode('message.body_required');
    const now = this.clock.now();
    const id = newId();
    // ours before it is committed: a resume pass or sweep must not take a message this process is about to send
    this.inFlight.add(id);
    try {
      return await this.storeAndDeliver(tenantId, input, { id, now, type, body, media });
    } finally {
      this.inFlight.delete(id);
    }
  }

  private async storeAndDeliver(
    tenantId: string,
    input: OutboundMessage,
    { id, now, type, body, media }: { id: string; now: Date; type: MessageType; body: string; media: { path: string; mime: string; size: number | null } | undefined },
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
    if ('existing' in stored && stored.existing) return await this.broadcast.dto(stored.existing);
    const { row, contact, chat } = stored as { row: MessageRow; contact: SenderContact; chat: Parameters<typeof toChatDto>[0] | undefined };
    await this.broadcast.created(tenantId, contact.assignedTo, row, chat ? toChatDto(chat) : null);
    return this.deliver(tenantId, row, contact);
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
      if (m.direction === 'out' && m.status === 'unknown' && !options.confirmDuplicate) throw ApiError.conflict(OUTBOUND_TEXTS.confirmDuplicate, 'confirmDuplicate').withCode('message.retry_may_duplicate');
      if (m.direction !== 'out' || (m.status !== 'failed' && m.status !== 'unknown')) throw ApiError.conflict('Only a message that failed to send can be retried.').withCode('message.retry_not_failed');
      if (m.status === 'failed' && !m.errorRetryable) throw ApiError.conflict(`This message cannot be sent again: ${m.error ?? 'it was refused'}`).withCode('message.retry_refused');
      const row = await this.repo.reopenForRetry(tx, tenantId, m.id, true);
      // another retry (or a late answer) changed it first
      if (!row) throw ApiError.conflict('Only a message that failed to send can be retried.').withCode('message.retry_not_failed');
      const contact = (await this.chats.findContact(tx, tenantId, m.contactId))!;
      return { row, contact };
    });
    await this.broadcast.updated(tenantId, found.contact.assignedTo, found.row);
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
    if (!this.sessions.runsHere(tenantId) && (await this.sessions.connectedElsewhere(tenantId))) return this.askOwner(tenantId, row);
    if (row.automated) await this.pacer.wait(tenantId);
    else await this.sendEarlierOfChat(tenantId, row, contact);
    return this.sendOne(tenantId, row, contact);
  }

  /** Another instance owns the session: the message stays pending and the owner is told to send it. */
  private async askOwner(tenantId: string, row: MessageRow): Promise<Message> {
    await this.signals.notify(SEND_ASKED_SIGNAL, tenantId);
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
      if (this.closing) return;
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
      const { content, sentFile } = await this.content(tenantId, row);
      // committed before the driver call: after a crash, this row says WhatsApp may have the message
      handedOverAt = this.clock.now();
      const claimed = await this.db.tenant(tenantId, (tx) => this.repo.claimHandover(tx, tenantId, row.id, handedOverAt!));
      // another process sends it (or it is no longer pending): not ours to send
      if (!claimed) return this.current(tenantId, row.id);
      if (row.automated) await this.pacer.spaceFromPrevious(tenantId);
      const { id } = await session.send(chatIdOf(contact), content);
      patch = { status: 'sent', waMessageId: id, sentAt: this.clock.now(), error: null, errorRetryable: false, ack: this.pendingAcks.take(tenantId, id) ?? 0, ...sentFile };
    } catch (err) {
      const known = err instanceof WhatsAppSendError;
      const reason = known ? err.message : `Sending failed: ${err instanceof Error ? err.message : String(err)}`;
      if (!known) this.logger.error(`send ${row.id} failed: ${err instanceof Error ? err.stack : err}`);
      patch = { status: 'failed', error: reason, errorRetryable: known ? err.retryable : true };
    }
    const updated = await this.db.tenant(tenantId, async (tx) => {
      let saved = handedOverAt
        ? await this.repo.recordOutcome(tx, tenantId, row.id, handedOverAt, patch)
        : await this.repo.failUnclaimed(tx, tenantId, row.id, patch);
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
      throw ApiError.badRequest('The uploaded file was not found. Upload it again.', 'meta.path').withCode('message.upload_missing');
    }
    const file = await this.storage.stream(path);
    file?.stream.destroy();
    return { path, mime: mimeForKey(path).replace(/;.*$/, ''), size: file?.size ?? null };
  }
}

/** The signal (PostgreSQL NOTIFY, payload: the tenant id) that messages of a company wait for its session's owner. */
export const SEND_ASKED_SIGNAL = 'crm_outbound_send_asked';

export const OUTBOUND_TEXTS = {
  unknownAfterRestart: 'Not sure this was delivered: the app stopped while sending it.',
  unknownTimedOut: 'Not sure this was delivered: WhatsApp did not answer.',
  interruptedByRestart: 'Sending was interrupted by a restart and WhatsApp is not connected. Try again.',
  notFinished: 'Sending did not finish. Try again.',
  confirmDuplicate: 'WhatsApp may already have delivered this message: sending it again may deliver it twice. Confirm to send it again.',
} as const;

/** After a restart, how long a tenant's left-over messages wait for its WhatsApp to connect before they fail (retryable). */
const RESTART_RESEND_WAIT_MS = 60_000;
/** A driver call with no answer this long is given up: the message becomes `unknown` (a late answer still wins). */
const HANDOVER_TIMEOUT_MS = 2 * 60_000;
/** A message never handed over this long (its process died, or is very slow): the holder of the tenant's WhatsApp sends it. */
const TAKEOVER_AFTER_MS = 2 * 60_000;
/** Never handed over and nobody holding the tenant's WhatsApp took it over: it fails (retryable). */
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
