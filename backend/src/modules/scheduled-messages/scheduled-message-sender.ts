/*
 * Sends each scheduled message once, at its time (or as soon as WhatsApp connects after it).
 *
 * - Truth: the scheduled_messages rows; nothing lives only in memory, so a restart loses nothing.
 * - Timing: a sweep every SCHEDULED_MESSAGE_SWEEP_SECONDS, at start-up, and when a company's
 *   WhatsApp connects asks "which scheduled messages are due by Clock.now()?" for the companies
 *   whose WhatsApp session this instance holds (sessions live in one process), and sends them.
 *   A company whose WhatsApp is not connected keeps its due messages `scheduled`; its connection
 *   sweeps, and those go out then, marked late with a note in the chat.
 * - Exactly once: the claim is one committed conditional UPDATE (`scheduled → sending`, or a
 *   `sending` row whose claim is older than the lease: its sender died). A racing instance waits
 *   for the row lock, re-checks and gets nothing. The send uses `scheduled:<id>` as the message's
 *   idempotency key (messages.client_id, unique per tenant): a takeover after a crash between claim
 *   and record finds the message already stored instead of sending a second one.
 * - On the official API outside the 24-hour window a free-form message is refused by Meta, so it
 *   fails `window_closed` without being stored in the chat.
 */
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { formatDateTimeIn, type Message, type ScheduledMessageFailure } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { isUuid } from '../../platform/db/columns.js';
import { SendingSettingsService } from '../campaigns/sending-settings.service.js';
import { ChatNotesService } from '../messages/chat-notes.service.js';
import { OutboundMessagesService } from '../messages/outbound-messages.service.js';
import { ReplyWindows } from '../messages/reply-window.js';
import { MessengerEvents, type MessengerEventMap } from '../whatsapp/messenger-events.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { ScheduledMessageBroadcaster } from './scheduled-message-broadcaster.js';
import { SCHEDULED_MESSAGE_OPTIONS, type ScheduledMessageOptions } from './scheduled-message-options.js';
import { ScheduledMessagesRepository } from './scheduled-messages.repository.js';
import type { ScheduledMessageRow } from './scheduled-messages.table.js';

/** A scheduled message's idempotency key is this prefix and its id. */
export const SCHEDULED_CLIENT_ID_PREFIX = 'scheduled:';
/** Sent more than this after its time: it went late (WhatsApp was not connected), and the chat says so. */
const LATE_AFTER_MS = 5 * 60_000;

export const lateNote = (sendAt: string) => `This scheduled message (for ${sendAt}) was sent late: WhatsApp was not connected at its time.`;

export type ScheduledOutcome = 'sent' | 'failed' | 'in-flight' | 'waiting' | 'taken' | 'closing';

@Injectable()
export class ScheduledMessageSender implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ScheduledMessageSender');
  private readonly unsubscribe: (() => void)[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private closing = false;

  constructor(
    private readonly db: Database,
    private readonly repo: ScheduledMessagesRepository,
    private readonly outbound: OutboundMessagesService,
    private readonly windows: ReplyWindows,
    private readonly notes: ChatNotesService,
    private readonly sending: SendingSettingsService,
    private readonly sessions: WhatsAppSessionsService,
    private readonly events: MessengerEvents,
    private readonly broadcast: ScheduledMessageBroadcaster,
    private readonly clock: Clock,
    @Inject(SCHEDULED_MESSAGE_OPTIONS) private readonly options: ScheduledMessageOptions,
  ) {}

  onModuleInit() {
    this.unsubscribe.push(
      this.events.on('whatsapp.connected', () => void this.sweep()),
      this.events.on('message.outbound', (e) => {
        if (e.clientId?.startsWith(SCHEDULED_CLIENT_ID_PREFIX)) return this.track(this.recordDelivery(e));
      }),
    );
  }

  onApplicationBootstrap() {
    if (this.options.sweepMs > 0) {
      this.timer = setInterval(() => void this.sweep(), this.options.sweepMs);
      this.timer.unref();
    }
    void this.sweep();
  }

  async beforeApplicationShutdown() {
    this.closing = true;
    clearInterval(this.timer);
    this.unsubscribe.forEach((off) => off());
    const settled = Promise.allSettled([...this.inFlight, this.running, this.queued]);
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }

  /** Sends what is due now. One sweep at a time (a call during one runs one more after it); never rejects. */
  sweep(): Promise<void> {
    if (this.closing) return Promise.resolve();
    if (!this.running) {
      this.running = this.track(this.sweepOnce()).finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running.then(() => {
      this.queued = null;
      return this.sweep();
    });
    return this.queued;
  }

  private async sweepOnce(): Promise<void> {
    try {
      const tenants = this.sessions.connectedTenants();
      if (!tenants.length) return;
      const now = this.clock.now();
      const due = await this.db.platform((tx) => this.repo.due(tx, { now, staleBefore: new Date(now.getTime() - this.options.sendingLeaseMs), tenantIds: tenants, limit: 500 }));
      for (const message of due) {
        if (this.closing) return;
        await this.sendOne(message.tenantId, message.id);
      }
    } catch (err) {
      if (!this.closing) this.logger.error(`scheduled message sweep failed: ${err instanceof Error ? err.stack : err}`);
    }
  }

  /** One attempt at one message: claim it (committed) if it is due and this instance can send, send, record. */
  async sendOne(tenantId: string, id: string): Promise<ScheduledOutcome> {
    if (this.closing) return 'closing';
    if (!(await this.sessions.canSend(tenantId))) return 'waiting';
    const now = this.clock.now();
    const claimed = await this.db.tenant(tenantId, (tx) => this.repo.claim(tx, tenantId, id, now, new Date(now.getTime() - this.options.sendingLeaseMs), new Date(now.getTime() - LATE_AFTER_MS)));
    if (!claimed) return 'taken';
    await this.broadcast.changed(tenantId, claimed);
    return this.send(tenantId, claimed);
  }

  private async send(tenantId: string, row: ScheduledMessageRow): Promise<ScheduledOutcome> {
    const window = await this.db.tenant(tenantId, (tx) => this.windows.of(tx, tenantId, row.contactId));
    if (window && !window.open) return this.record(tenantId, row, { status: 'failed', reason: 'window_closed' });

    let message: Message | undefined;
    try {
      message = await this.outbound.send(tenantId, {
        contactId: row.contactId,
        body: row.body,
        media: row.mediaPath ? { path: row.mediaPath, fileName: row.mediaFileName } : undefined,
        sentBy: row.createdBy,
        // the idempotency key: whoever sends this message, it becomes one message in the chat
        clientId: `${SCHEDULED_CLIENT_ID_PREFIX}${row.id}`,
      });
    } catch (err) {
      this.logger.warn(`scheduled message ${row.id} could not be sent: ${err instanceof Error ? err.message : err}`);
    }
    if (message && message.status !== 'sent' && message.status !== 'failed' && message.status !== 'unknown') {
      // stored, still pending (another process holds it): its delivery report records it
      const pending = await this.db.tenant(tenantId, (tx) => this.repo.finish(tx, tenantId, row.id, { status: 'sending', messageId: message._id, at: this.clock.now() }));
      await this.broadcast.changed(tenantId, pending);
      return 'in-flight';
    }
    const reason: ScheduledMessageFailure | null = message?.status === 'sent' ? null : message?.status === 'unknown' ? 'unknown' : 'send_failed';
    const outcome = await this.record(tenantId, row, reason ? { status: 'failed', reason, messageId: message?._id } : { status: 'sent', messageId: message!._id });
    if (outcome === 'sent' && row.late) await this.noteLate(tenantId, row);
    return outcome;
  }

  private async record(tenantId: string, row: ScheduledMessageRow, result: { status: 'sent' | 'failed'; reason?: ScheduledMessageFailure; messageId?: string }): Promise<ScheduledOutcome> {
    const at = this.clock.now();
    const finished = await this.db.tenant(tenantId, (tx) =>
      this.repo.finish(tx, tenantId, row.id, { status: result.status, reason: result.reason ?? null, messageId: result.messageId ?? null, sentAt: result.status === 'sent' ? at : null, at }),
    );
    await this.broadcast.changed(tenantId, finished);
    return result.status;
  }

  /** The chat says the message went late, at the time it was meant for (in the company's time zone). */
  private async noteLate(tenantId: string, row: ScheduledMessageRow) {
    try {
      const { timeZone } = await this.db.tenant(tenantId, (tx) => this.sending.current(tx, tenantId));
      await this.notes.systemNote(tenantId, row.contactId, lateNote(formatDateTimeIn(row.sendAt, timeZone)));
    } catch (err) {
      this.logger.warn(`late note for scheduled message ${row.id} failed: ${err}`);
    }
  }

  /** A scheduled message's delivery report: finishes it if its sender has not (it stopped, or another instance sent it). */
  private async recordDelivery(e: MessengerEventMap['message.outbound']) {
    const id = e.clientId!.slice(SCHEDULED_CLIENT_ID_PREFIX.length);
    if (!isUuid(id)) return;
    const at = this.clock.now();
    const finished = await this.db.tenant(e.tenantId, (tx) =>
      this.repo.finishByMessage(tx, e.tenantId, id, e.messageId, {
        status: e.status === 'sent' ? 'sent' : 'failed',
        reason: e.status === 'sent' ? null : e.status === 'unknown' ? 'unknown' : 'send_failed',
        sentAt: e.status === 'sent' ? at : null,
        at,
      }),
    );
    await this.broadcast.changed(e.tenantId, finished);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
    return work;
  }
}
