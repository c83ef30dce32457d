import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { MessageErrorCode } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { MessengerEvents } from '../whatsapp/messenger-events.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { MessageBroadcaster } from './message-broadcaster.js';
import { MessagesRepository } from './messages.repository.js';
import type { MessageRow } from './messages.table.js';
import { messageFailure } from './outbound-failures.js';
import { OutboundInFlight } from './outbound-in-flight.js';
import { OutboundSignals } from './outbound-signals.js';
import { ResumeUnclaimed } from './resume-unclaimed.js';

/** After a restart, how long a tenant's left-over messages wait for its WhatsApp to connect before they fail (retryable). */
const RESTART_RESEND_WAIT_MS = 60_000;
/** A driver call with no answer this long is given up: the message becomes `unknown` (a late answer still wins). */
const HANDOVER_TIMEOUT_MS = 2 * 60_000;
/** A message never handed over this long (its process died, or is very slow): the holder of the tenant's WhatsApp sends it. */
const TAKEOVER_AFTER_MS = 2 * 60_000;
/** Never handed over and nobody holding the tenant's WhatsApp took it over: it fails (retryable). */
const RUNNING_STALE_MS = 30 * 60_000;

/**
 * What crashes and dead peers leave behind, decided by what the database says of each pending
 * message. Never handed over: WhatsApp cannot have it, so it is sent (once: whoever wins the claim
 * sends) by the process that holds the tenant's WhatsApp, at its start-up, when the session
 * connects, when another instance asks, or by the running sweep. Handed over with no recorded
 * answer: WhatsApp may have it, so it becomes `unknown` (at the next start-up at once, while
 * running after HANDOVER_TIMEOUT_MS) and is never sent again on its own; a user may retry it after
 * confirming a possible duplicate. A late answer from the driver still wins over `unknown`.
 */
@Injectable()
export class OutboundRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbound');
  private offSendAsked?: () => void;
  private staleTimer?: NodeJS.Timeout;
  private restartTimer?: NodeJS.Timeout;
  private offConnected?: () => void;
  /** When this process started sending: what was left pending before it belongs to a previous run. */
  private readonly startedAt: Date;

  constructor(
    private readonly db: Database,
    private readonly repo: MessagesRepository,
    private readonly sessions: WhatsAppSessionsService,
    private readonly resume: ResumeUnclaimed,
    private readonly broadcast: MessageBroadcaster,
    private readonly events: MessengerEvents,
    private readonly clock: Clock,
    private readonly signals: OutboundSignals,
    private readonly inFlight: OutboundInFlight,
  ) {
    this.startedAt = clock.now();
  }

  async onApplicationBootstrap() {
    // sessions restart in the background: a tenant's left-over messages go out when its WhatsApp connects
    this.offConnected = this.events.on('whatsapp.connected', ({ tenantId }) => this.resumeInBackground(tenantId));
    // another instance stored a message for a session this one owns
    this.offSendAsked = await this.signals.onAsked(
      (tenantId) => this.resumeInBackground(tenantId),
      () => this.sessions.connectedTenants().forEach((tenantId) => this.resumeInBackground(tenantId)),
    );
    await this.markHandedOverUnknown('unknown_after_restart');
    for (const tenantId of this.sessions.connectedTenants()) this.resumeInBackground(tenantId);
    // a tenant whose WhatsApp does not come back: its left-over messages fail (retryable), none stays pending
    this.restartTimer = setTimeout(() => void this.failLeftOverFromPreviousRun().catch((err) => this.logger.warn(`restart sweep failed: ${err}`)), RESTART_RESEND_WAIT_MS);
    this.restartTimer.unref();
    this.staleTimer = setInterval(() => void this.reconcile().catch((err) => this.logger.warn(`outbound sweep failed: ${err}`)), 60_000).unref();
  }

  /**
   * A pass nobody waits for: its read of the database may fail (an unhandled rejection would stop
   * the process), so the failure is logged; the next connection, signal or sweep tries again.
   */
  private resumeInBackground(tenantId: string): void {
    this.resume.resumeTenant(tenantId).catch((err: unknown) => this.logger.warn(`sending the waiting messages of ${tenantId} failed: ${err instanceof Error ? err.message : err}`));
  }

  onApplicationShutdown() {
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
    await this.markHandedOverUnknown('unknown_timed_out', new Date(now - HANDOVER_TIMEOUT_MS));
    const createdBefore = new Date(now - TAKEOVER_AFTER_MS);
    await Promise.all(this.sessions.connectedTenants().map((tenantId) => this.resume.resumeTenant(tenantId, createdBefore)));
    await this.failStalePending(RUNNING_STALE_MS, 'not_finished');
  }

  /** After the restart wait: what the previous run left unsent and no session picked up fails (retryable). */
  failLeftOverFromPreviousRun(): Promise<number> {
    return this.failStalePending(this.clock.now().getTime() - this.startedAt.getTime() + 1, 'interrupted_by_restart');
  }

  /** Handed over, never answered: `unknown`, pushed, and reported (a follow-up step records it, and does not resend). */
  async markHandedOverUnknown(reason: MessageErrorCode, handedOverBefore?: Date): Promise<number> {
    const rows = await this.db.platform((tx) => this.repo.markHandedOverUnknown(tx, messageFailure(reason), handedOverBefore));
    await this.announce(rows, 'unknown');
    if (rows.length) this.logger.warn(`${rows.length} message(s) handed to WhatsApp with no answer marked unknown`);
    return rows.length;
  }

  /**
   * Marks pending messages never handed over, older than `ageMs` and not being sent by this
   * process, failed (retryable), pushes the change and tells listeners (a follow-up step waiting on
   * it records the failure). Returns how many.
   */
  async failStalePending(ageMs: number, reason: MessageErrorCode): Promise<number> {
    const olderThan = new Date(this.clock.now().getTime() - ageMs);
    const rows = await this.db.platform((tx) => this.repo.failStalePending(tx, olderThan, messageFailure(reason), this.inFlight.all()));
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
        errorCode: row.errorCode,
        automated: row.automated,
        followUpRunId: row.followUpRunId,
        clientId: row.clientId,
      });
    }
  }
}
