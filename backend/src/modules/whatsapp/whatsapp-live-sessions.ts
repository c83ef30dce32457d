import { Inject, Injectable, Logger } from '@nestjs/common';
import QRCode from 'qrcode';
import type { WhatsAppQrReason, WhatsAppStatus } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { MessengerEvents } from './messenger-events.js';
import { MESSENGER_OPTIONS, type MessengerOptions } from './messenger-options.js';
import { NOT_CONNECTED, WhatsAppSendError, type WhatsAppDriver, type WhatsAppSession, type WhatsAppSessionEvents } from './whatsapp-driver.js';
import { WhatsAppDrivers } from './whatsapp-drivers.js';
import type { InboundResult, WhatsAppEventSink } from './whatsapp-event-sink.js';
import { WhatsAppReconnects } from './whatsapp-reconnects.js';
import { WHATSAPP_SESSION_LEASE, type WhatsAppSessionLease } from './whatsapp-session-lease.js';
import { WhatsAppStatusCache } from './whatsapp-status-cache.js';
import { ACTIVE, waReason } from './whatsapp-status.js';
import { WhatsAppRepository } from './whatsapp.repository.js';

export type CloudAttentionReason = 'token_invalid' | 'account_locked';

type Live = {
  gen: number;
  driver: WhatsAppDriver;
  session: WhatsAppSession;
  reconnectAttempt: number;
  reconnectTimer?: NodeJS.Timeout;
  pingFailures: number;
  firstTime: boolean;
};

/**
 * The sessions this process runs, one per tenant, through their driver: starts one (under the
 * tenant's lease), turns what the driver reports into the tenant's status, reconnects after a drop
 * (WhatsAppReconnects), and stops one — on purpose (its lease given up) or because it is dead or
 * logged out (`needs_qr`, the admins told).
 */
@Injectable()
export class WhatsAppLiveSessions {
  private readonly logger = new Logger('WhatsApp');
  private readonly live = new Map<string, Live>();
  private sink?: WhatsAppEventSink;
  private generation = 0;
  private stopping = false;

  constructor(
    private readonly db: Database,
    private readonly repo: WhatsAppRepository,
    private readonly drivers: WhatsAppDrivers,
    @Inject(MESSENGER_OPTIONS) private readonly options: MessengerOptions,
    private readonly cache: WhatsAppStatusCache,
    private readonly reconnects: WhatsAppReconnects,
    private readonly notifications: NotificationsService,
    private readonly events: MessengerEvents,
    private readonly clock: Clock,
    @Inject(WHATSAPP_SESSION_LEASE) private readonly lease: WhatsAppSessionLease,
  ) {}

  get closing() {
    return this.stopping;
  }

  setSink(sink: WhatsAppEventSink) {
    this.sink = sink;
  }

  get eventSink(): WhatsAppEventSink {
    if (!this.sink) throw new Error('no WhatsApp event sink registered');
    return this.sink;
  }

  /** Starts (or keeps) the tenant's session; answers at once with the status (the QR follows as `wa:status`). */
  async start(tenantId: string): Promise<WhatsAppStatus> {
    const current = this.cache.get(tenantId);
    if (this.live.has(tenantId) && current && ACTIVE.has(current.state)) return current;
    await this.teardown(tenantId, false);
    // another instance runs it: its status (pushed to every socket of the company) is the truth
    if (!(await this.lease.acquire(tenantId))) return this.cache.elsewhere(tenantId);
    const account = await this.db.tenant(tenantId, (tx) => this.repo.ensure(tx, tenantId));
    this.cache.set(tenantId, { state: 'initializing' });
    this.launch(tenantId, this.drivers.forAccount(account), 0, !account.lastConnectedAt);
    return this.cache.get(tenantId)!;
  }

  /** Stops the tenant's session here; `release`: and gives up its lease (the session was stopped on purpose). */
  async teardown(tenantId: string, release = true) {
    const session = this.take(tenantId);
    if (session) await session.stop().catch(() => undefined);
    if (release) await this.releaseLease(tenantId);
  }

  /** Forgets the tenant's running session without stopping it (a logout ends it through the driver); answers it, if any. */
  take(tenantId: string): WhatsAppSession | undefined {
    const entry = this.live.get(tenantId);
    this.live.delete(tenantId);
    if (entry) clearTimeout(entry.reconnectTimer);
    return entry?.session;
  }

  /** Shutdown has begun: nothing the sessions report counts any more, nothing reconnects. */
  beginShutdown() {
    this.stopping = true;
  }

  /** Stops every session of this process (shutdown), keeping their leases for the hand-over. */
  async stopAll(): Promise<void> {
    const stopping = [...this.live.values()].map((entry) => {
      clearTimeout(entry.reconnectTimer);
      return entry.session.stop().catch(() => undefined);
    });
    this.live.clear();
    await Promise.all(stopping);
  }

  /**
   * The session is dead or logged out: stop it, show "needs QR scan" (never Connected) and tell the
   * admins. Never rejects (stopping, storing, the lease and the notice each log their own failure),
   * so the driver's callbacks need not wait for it.
   */
  async markNeedsQr(tenantId: string, reason: WhatsAppQrReason): Promise<void> {
    if (this.cache.get(tenantId)?.state === 'needs_qr') return;
    await this.teardown(tenantId, false);
    // Stored before the lease is given up: an instance that then finds the lease free (starting up,
    // or in its lease round) must read "auto-start off" from the database, not a session to take over.
    this.cache.set(tenantId, { state: 'needs_qr', ...waReason(reason) }, { autoStart: false });
    await this.cache.stored(tenantId);
    await this.releaseLease(tenantId);
    if (this.stopping) return;
    await this.notifications
      .notifyAdmins(tenantId, { code: 'whatsapp.needs_qr', params: { reason }, link: '/whatsapp' })
      .catch((err) => this.logger.error(`notifying the admins of ${tenantId} failed: ${err}`));
  }

  /**
   * Meta refused the company's Cloud API connection (its token, its account): stop the session,
   * show `needs_attention` with why, and tell the admins, as for a session needing a QR scan. It
   * starts again when an admin saves the settings.
   */
  async markNeedsAttention(tenantId: string, reasonCode: CloudAttentionReason, detail: string): Promise<void> {
    if (this.cache.get(tenantId)?.state === 'needs_attention') return;
    await this.teardown(tenantId, false);
    // stored before the lease is given up, as for needs_qr: nobody takes over a session an admin must fix
    const reason = waReason(reasonCode, `(${detail})`);
    this.cache.set(tenantId, { state: 'needs_attention', ...reason }, { autoStart: false });
    await this.cache.stored(tenantId);
    await this.releaseLease(tenantId);
    this.events.emit('whatsapp.needs_attention', { tenantId, reasonCode, reason: reason.reason });
    if (this.stopping) return;
    await this.notifications
      .notifyAdmins(tenantId, { code: 'whatsapp.needs_attention', params: { reason: reasonCode }, link: '/settings/whatsapp' })
      .catch((err) => this.logger.error(`notifying the admins of ${tenantId} failed: ${err}`));
  }

  /** The watchdog's verdict on one ping; enough failures in a row declare the session dead. */
  async recordPing(tenantId: string, ok: boolean): Promise<void> {
    const entry = this.live.get(tenantId);
    if (!entry) return;
    if (ok) {
      entry.pingFailures = 0;
      return;
    }
    entry.pingFailures++;
    this.logger.warn(`WhatsApp of ${tenantId} did not answer (${entry.pingFailures}/${this.options.watchdogFailures})`);
    if (entry.pingFailures >= this.options.watchdogFailures) await this.markNeedsQr(tenantId, 'not_answering');
  }

  /** The connected session, or a retryable send error saying why there is none. */
  readySession(tenantId: string): WhatsAppSession {
    const entry = this.live.get(tenantId);
    const status = this.cache.get(tenantId);
    if (!entry || status?.state !== 'connected') throw new WhatsAppSendError(NOT_CONNECTED, true, 'not_connected');
    return entry.session;
  }

  /** This instance runs the company's session (in whatever state). */
  runsHere(tenantId: string): boolean {
    return this.live.has(tenantId);
  }

  sessionOf(tenantId: string): WhatsAppSession | undefined {
    return this.live.get(tenantId)?.session;
  }

  /** The driver of the company's running session (the configured one when none runs here). */
  driverOf(tenantId: string): WhatsAppDriver {
    return this.live.get(tenantId)?.driver ?? this.drivers.configured;
  }

  connectedTenants(): string[] {
    return [...this.live.keys()].filter((t) => this.cache.get(t)?.state === 'connected');
  }

  private releaseLease(tenantId: string) {
    return this.lease.release(tenantId).catch((err) => this.logger.warn(`releasing the session lease of ${tenantId} failed: ${err}`));
  }

  private launch(tenantId: string, driver: WhatsAppDriver, reconnectAttempt: number, firstTime: boolean) {
    const gen = ++this.generation;
    const entry: Live = { gen, driver, session: undefined as never, reconnectAttempt, pingFailures: 0, firstTime };
    entry.session = driver.createSession(tenantId, this.eventsFor(tenantId, gen));
    this.live.set(tenantId, entry);
    entry.session.start().catch((err: unknown) => {
      if (this.live.get(tenantId)?.gen !== gen) return;
      const message = err instanceof Error ? err.message : String(err);
      this.logger.error(`starting WhatsApp for ${tenantId} failed: ${message}`);
      if (entry.reconnectAttempt > 0) return this.scheduleReconnect(tenantId);
      // teardown never rejects: stopping the driver and giving up the lease each swallow or log their failure
      void this.teardown(tenantId).then(() => this.cache.set(tenantId, { state: 'error', ...waReason('start_failed', message) }));
    });
  }

  private scheduleReconnect(tenantId: string) {
    const entry = this.live.get(tenantId);
    if (!entry || this.stopping) return;
    this.reconnects.schedule(entry, {
      stillCurrent: () => this.live.get(tenantId) === entry && !this.stopping,
      relaunch: (attempt) => this.launch(tenantId, entry.driver, attempt, false),
      giveUp: () => void this.markNeedsQr(tenantId, 'reconnect_failed'),
    });
  }

  private eventsFor(tenantId: string, gen: number): WhatsAppSessionEvents {
    const current = () => {
      const entry = this.live.get(tenantId);
      return entry?.gen === gen && !this.stopping ? entry : undefined;
    };
    const sink = () => {
      if (!this.sink) throw new Error('no WhatsApp event sink registered');
      return this.sink;
    };
    return {
      qr: (qr) => {
        if (!current()) return;
        QRCode.toDataURL(qr, { margin: 1, width: 264 })
          .then((image) => {
            // the QR may have been scanned while its image was drawn
            if (current() && this.cache.get(tenantId)?.state !== 'connected') this.cache.set(tenantId, { state: 'scan', qr: image });
          })
          .catch((err) => this.logger.error(`QR image failed: ${err}`));
      },
      authenticated: () => undefined,
      ready: ({ phoneNumber }) => {
        const entry = current();
        if (!entry) return;
        entry.reconnectAttempt = 0;
        entry.pingFailures = 0;
        const firstTime = entry.firstTime;
        entry.firstTime = false;
        const now = this.clock.now();
        this.cache.set(tenantId, { state: 'connected', phoneNumber: phoneNumber ?? null }, { autoStart: true, lastConnectedAt: now, phoneNumber: phoneNumber ?? null });
        this.events.emit('whatsapp.connected', { tenantId, firstTime });
      },
      authFailure: () => {
        if (current()) void this.markNeedsQr(tenantId, 'auth_failure');
      },
      needsAttention: (reasonCode, message) => {
        if (current()) void this.markNeedsAttention(tenantId, reasonCode, message);
      },
      disconnected: ({ loggedOut }) => {
        if (!current()) return;
        if (loggedOut) return void this.markNeedsQr(tenantId, 'logged_out');
        this.cache.set(tenantId, { state: 'disconnected', ...waReason('reconnecting') });
        this.scheduleReconnect(tenantId);
      },
      // what the phone reports about messages counts even from a session being replaced
      message: (message): Promise<InboundResult> => sink().inbound(tenantId, message),
      ack: (waMessageId, ack) => {
        sink()
          .ack(tenantId, waMessageId, ack)
          .catch((err) => this.logger.error(`ack failed: ${err}`));
      },
      revoked: (waMessageId) => {
        sink()
          .revoked(tenantId, waMessageId)
          .catch((err) => this.logger.error(`revoke failed: ${err}`));
      },
    };
  }
}
