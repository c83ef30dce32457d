import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import QRCode from 'qrcode';
import { WHATSAPP_QR_REASON_TEXTS, type WhatsAppAccount, type WhatsAppQrReason, type WhatsAppStatus } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.service.js';
import { DatabaseSignals } from '../../platform/db/database-signals.js';
import { RealtimeClientEvents } from '../../platform/realtime/client-events.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { MessengerEvents } from './messenger-events.js';
import { MESSENGER_OPTIONS, type MessengerOptions } from './messenger-options.js';
import { NOT_CONNECTED, WHATSAPP_DRIVER, WhatsAppSendError, type WhatsAppDriver, type WhatsAppSession, type WhatsAppSessionEvents } from './whatsapp-driver.js';
import type { InboundResult, WhatsAppEventSink } from './whatsapp-event-sink.js';
import { WHATSAPP_SESSION_LEASE, type WhatsAppSessionLease } from './whatsapp-session-lease.js';
import { WhatsAppRepository, type AccountPatch } from './whatsapp.repository.js';
import type { WhatsappAccountRow } from './whatsapp.table.js';

type Live = {
  gen: number;
  session: WhatsAppSession;
  reconnectAttempt: number;
  reconnectTimer?: NodeJS.Timeout;
  pingFailures: number;
  firstTime: boolean;
};

export const WA_TEXTS = {
  loggedOut: WHATSAPP_QR_REASON_TEXTS.logged_out,
  notAnswering: WHATSAPP_QR_REASON_TEXTS.not_answering,
  reconnectFailed: WHATSAPP_QR_REASON_TEXTS.reconnect_failed,
  authFailure: WHATSAPP_QR_REASON_TEXTS.auth_failure,
  reconnecting: 'The connection was lost. Reconnecting…',
  notRunning: 'The WhatsApp session is not running. Start it to reconnect.',
  deleted: 'Session deleted. Please request new QR.',
  suspended: 'The company is suspended: WhatsApp is stopped until it is re-activated.',
} as const;

/** The signal (PostgreSQL NOTIFY) that session leases changed hands: every instance runs its lease round. */
const LEASES_CHANGED_SIGNAL = 'crm_whatsapp_leases_changed';

const ACTIVE = new Set(['initializing', 'scan', 'connected', 'disconnected']);

export const toAccountDto = (row: WhatsappAccountRow): WhatsAppAccount => ({
  _id: row.id,
  name: row.name,
  state: row.state,
  phoneNumber: row.phoneNumber,
  lastConnectedAt: row.lastConnectedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * One WhatsApp session per tenant: starts and stops them, keeps each tenant's status (the cache
 * that `GET /whatsapp/status` and `wa:get_status` answer from), pushes `wa:status`, reconnects after
 * a drop, and moves a dead or logged-out session to `needs_qr`, telling the admins. Sessions that
 * were connected restart when the backend starts.
 *
 * Several backend instances: a session runs only in the instance holding its lease
 * (WhatsAppSessionLease). Every `lease.renewEveryMs` each instance renews its leases (stopping at
 * once a session whose lease another instance took) and takes over the sessions that should run
 * and whose owner died or shut down, from the stored session (no QR).
 */
@Injectable()
export class WhatsAppSessions implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WhatsApp');
  private readonly live = new Map<string, Live>();
  private readonly statuses = new Map<string, WhatsAppStatus>();
  private readonly writes = new Map<string, Promise<unknown>>();
  private sink?: WhatsAppEventSink;
  private generation = 0;
  private closing = false;
  private leaseTimer?: NodeJS.Timeout;
  private leaseRound?: Promise<void>;
  private offLeasesChanged?: () => void;

  constructor(
    private readonly db: Database,
    private readonly repo: WhatsAppRepository,
    @Inject(WHATSAPP_DRIVER) private readonly driver: WhatsAppDriver,
    @Inject(MESSENGER_OPTIONS) private readonly options: MessengerOptions,
    private readonly realtime: RealtimeEmitter,
    private readonly clientEvents: RealtimeClientEvents,
    private readonly notifications: NotificationsService,
    private readonly events: MessengerEvents,
    private readonly clock: Clock,
    @Inject(WHATSAPP_SESSION_LEASE) private readonly lease: WhatsAppSessionLease,
    private readonly signals: DatabaseSignals,
  ) {}

  onModuleInit() {
    this.clientEvents.on('wa:get_status', async (actor, socket) => {
      socket.emit('wa:status', await this.status(actor.tenantId));
    });
  }

  async onApplicationBootstrap() {
    const started = await this.takeOver(true);
    if (started) this.logger.log(`Restarted ${started} WhatsApp session(s)`);
    this.leaseTimer = setInterval(() => void this.leaseRoundOnce(), this.lease.renewEveryMs);
    this.leaseTimer.unref();
    // another instance took a lease away (log-out, suspension, deletion) or handed its sessions over (shutdown): act now, not at the next round
    this.offLeasesChanged = await this.signals.listen(LEASES_CHANGED_SIGNAL, () => void this.leaseRoundOnce());
  }

  async beforeApplicationShutdown() {
    this.closing = true;
    clearInterval(this.leaseTimer);
    this.offLeasesChanged?.();
    await this.leaseRound;
    const stopping = [...this.live.values()].map((entry) => {
      clearTimeout(entry.reconnectTimer);
      return entry.session.stop().catch(() => undefined);
    });
    this.live.clear();
    await Promise.all(stopping);
    await Promise.all(this.writes.values());
    // only once our sessions are stopped may another instance start them
    const held = this.lease.heldTenants().length > 0;
    const handedOver = await this.lease.handOverAll().then(
      () => held,
      (err) => this.logger.warn(`handing over the WhatsApp session leases failed: ${err}`),
    );
    if (handedOver) await this.leasesChanged();
  }

  /** Renews this instance's leases, stops sessions whose lease was lost, takes over orphaned ones (tests call it directly). */
  leaseRoundOnce(): Promise<void> {
    this.leaseRound ??= this.renewAndTakeOver()
      .catch((err) => this.logger.error(`WhatsApp session lease round failed: ${err}`))
      .finally(() => (this.leaseRound = undefined));
    return this.leaseRound;
  }

  private async renewAndTakeOver() {
    if (this.closing) return;
    for (const tenantId of await this.lease.renew()) {
      this.logger.warn(`the WhatsApp session of ${tenantId} now belongs to another instance: stopped here`);
      await this.teardown(tenantId, false);
      // the owner's status is the truth now
      this.statuses.delete(tenantId);
    }
    if (this.closing) return;
    const started = await this.takeOver(false);
    if (started) this.logger.log(`Took over ${started} WhatsApp session(s) from a stopped instance`);
  }

  /** Starts the sessions that should run and nobody runs (at boot: also those of no instance yet); answers how many it started. */
  private async takeOver(atBoot: boolean): Promise<number> {
    let started = 0;
    for (const tenantId of await this.lease.toTakeOver(atBoot)) {
      if (this.closing) break;
      await this.start(tenantId)
        .then(() => (started += this.lease.holds(tenantId) ? 1 : 0))
        .catch((err) => this.logger.error(`restarting the session of ${tenantId} failed: ${err}`));
    }
    return started;
  }

  setSink(sink: WhatsAppEventSink) {
    this.sink = sink;
  }

  get driverName() {
    return this.driver.name;
  }

  get needsOggVoice() {
    return this.driver.needsOggVoice;
  }

  /** The tenant's status, from the cache (or, before anything happened in this process, from the database). */
  async status(tenantId: string): Promise<WhatsAppStatus> {
    if (!this.live.has(tenantId) && (await this.lease.heldElsewhere(tenantId))) return this.statusElsewhere(tenantId);
    const cached = this.statuses.get(tenantId);
    if (cached) return cached;
    const account = await this.db.tenant(tenantId, (tx) => this.repo.find(tx, tenantId));
    let status: WhatsAppStatus;
    if (!account || account.state === 'not_configured') status = this.make(tenantId, { state: 'not_configured' });
    else if (account.state === 'needs_qr') status = this.make(tenantId, { state: 'needs_qr', reason: WA_TEXTS.notAnswering });
    else status = this.make(tenantId, { state: 'disconnected', reason: WA_TEXTS.notRunning, phoneNumber: account.phoneNumber });
    if (!this.statuses.has(tenantId)) this.statuses.set(tenantId, status);
    return this.statuses.get(tenantId)!;
  }

  async createAccount(tenantId: string, name: string): Promise<WhatsAppAccount> {
    return toAccountDto(await this.db.tenant(tenantId, (tx) => this.repo.ensure(tx, tenantId, name)));
  }

  /** Starts (or keeps) the tenant's session; answers at once with the status (the QR follows as `wa:status`). */
  async start(tenantId: string): Promise<WhatsAppStatus> {
    const current = this.statuses.get(tenantId);
    if (this.live.has(tenantId) && current && ACTIVE.has(current.state)) return current;
    await this.teardown(tenantId, false);
    // another instance runs it: its status (pushed to every socket of the company) is the truth
    if (!(await this.lease.acquire(tenantId))) return this.statusElsewhere(tenantId);
    const account = await this.db.tenant(tenantId, (tx) => this.repo.ensure(tx, tenantId));
    this.setStatus(tenantId, { state: 'initializing' });
    this.launch(tenantId, 0, !account.lastConnectedAt);
    return this.statuses.get(tenantId)!;
  }

  /** Logs out and forgets the stored session (DELETE /whatsapp/session): a new QR is needed. */
  async logout(tenantId: string): Promise<void> {
    const entry = this.live.get(tenantId);
    this.live.delete(tenantId);
    if (entry) clearTimeout(entry.reconnectTimer);
    await this.lease.release(tenantId);
    // run by another instance: it stops the session at once when told (or at its next lease renewal)
    if (!entry && (await this.lease.revokeElsewhere(tenantId))) await this.leasesChanged();
    const session = entry?.session ?? this.driver.createSession(tenantId, this.ignoredEvents());
    await session.logout().catch((err) => this.logger.warn(`logout of ${tenantId} failed: ${err}`));
    await this.db.tenant(tenantId, (tx) => this.repo.ensure(tx, tenantId));
    this.setStatus(tenantId, { state: 'not_configured' }, { autoStart: false, phoneNumber: null });
    // stored before the answer: another instance reads the state and the auto-start flag from the database
    await this.writes.get(tenantId);
  }

  /**
   * The company is being deleted: its session stops (no more inbound messages or sends) and this
   * process forgets its status. Its stored session on disk goes later, with its files
   * (removeStoredSession), once the deletion has committed.
   */
  async forget(tenantId: string): Promise<void> {
    await this.teardown(tenantId);
    if (await this.lease.revokeElsewhere(tenantId)) await this.leasesChanged();
    this.statuses.delete(tenantId);
    await this.writes.get(tenantId);
  }

  /** Removes the tenant's stored WhatsApp session from disk (idempotent). */
  removeStoredSession(tenantId: string): Promise<void> {
    return this.driver.removeStoredSession(tenantId);
  }

  /**
   * The company was suspended: its session stops (nothing is received or sent) but keeps its stored
   * login and its auto-start flag, so `resume` reconnects without a new QR scan. Follow-up steps
   * wait meanwhile (they need a connected session).
   */
  async suspend(tenantId: string): Promise<void> {
    const running = this.live.has(tenantId);
    await this.teardown(tenantId);
    // run by another instance: it stops the session at once when told (or at its next lease renewal)
    const elsewhere = !running && (await this.lease.revokeElsewhere(tenantId));
    if (elsewhere) await this.leasesChanged();
    if (elsewhere) this.statuses.delete(tenantId);
    if (running || elsewhere) this.setStatus(tenantId, { state: 'disconnected', reason: WA_TEXTS.suspended });
  }

  /** The company was re-activated: restarts its session if it was running (connected, not logged out) before. */
  async resume(tenantId: string): Promise<boolean> {
    const account = await this.db.tenant(tenantId, (tx) => this.repo.find(tx, tenantId));
    if (!account?.autoStart) return false;
    await this.start(tenantId);
    return true;
  }

  /** The connected session, or a retryable send error saying why there is none. */
  readySession(tenantId: string): WhatsAppSession {
    const entry = this.live.get(tenantId);
    const status = this.statuses.get(tenantId);
    if (!entry || status?.state !== 'connected') throw new WhatsAppSendError(NOT_CONNECTED, true);
    return entry.session;
  }

  /** This instance runs the company's session (in whatever state). */
  runsHere(tenantId: string): boolean {
    return this.live.has(tenantId);
  }

  /**
   * Another live instance runs the company's session and it is connected (as that owner last
   * recorded it): a send asked of this instance is the owner's to make.
   */
  async connectedElsewhere(tenantId: string): Promise<boolean> {
    if (this.live.has(tenantId) || !(await this.lease.heldElsewhere(tenantId))) return false;
    return (await this.statusElsewhere(tenantId)).state === 'connected';
  }

  /** A message can go out now: through this instance's connected session, or through its owner's. */
  async canSend(tenantId: string): Promise<boolean> {
    if (this.live.has(tenantId)) return this.statuses.get(tenantId)?.state === 'connected';
    return this.connectedElsewhere(tenantId);
  }

  connectedTenants(): string[] {
    return [...this.live.keys()].filter((t) => this.statuses.get(t)?.state === 'connected');
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

  sessionOf(tenantId: string): WhatsAppSession | undefined {
    return this.live.get(tenantId)?.session;
  }

  /** The session is dead or logged out: stop it, show "needs QR scan" (never Connected) and tell the admins. */
  async markNeedsQr(tenantId: string, reason: WhatsAppQrReason): Promise<void> {
    if (this.statuses.get(tenantId)?.state === 'needs_qr') return;
    await this.teardown(tenantId);
    this.setStatus(tenantId, { state: 'needs_qr', reason: WHATSAPP_QR_REASON_TEXTS[reason] }, { autoStart: false });
    if (this.closing) return;
    await this.notifications
      .notifyAdmins(tenantId, { code: 'whatsapp.needs_qr', params: { reason }, link: '/whatsapp' })
      .catch((err) => this.logger.error(`notifying the admins of ${tenantId} failed: ${err}`));
  }

  // ---- internals ----

  /** Tells the other instances to renew and take over now (best effort: their periodic round catches up). */
  private leasesChanged(): Promise<void> {
    return this.signals.notify(LEASES_CHANGED_SIGNAL, this.lease.instanceId).catch((err) => this.logger.warn(`signalling the lease change failed: ${err}`));
  }

  private launch(tenantId: string, reconnectAttempt: number, firstTime: boolean) {
    const gen = ++this.generation;
    const entry: Live = { gen, session: undefined as never, reconnectAttempt, pingFailures: 0, firstTime };
    entry.session = this.driver.createSession(tenantId, this.eventsFor(tenantId, gen));
    this.live.set(tenantId, entry);
    entry.session.start().catch((err: unknown) => {
      if (this.live.get(tenantId)?.gen !== gen) return;
      const message = err instanceof Error ? err.message : String(err);
      this.logger.error(`starting WhatsApp for ${tenantId} failed: ${message}`);
      if (entry.reconnectAttempt > 0) return this.scheduleReconnect(tenantId);
      void this.teardown(tenantId).then(() => this.setStatus(tenantId, { state: 'error', reason: `Could not initialize WhatsApp connection. ${message}` }));
    });
  }

  private eventsFor(tenantId: string, gen: number): WhatsAppSessionEvents {
    const current = () => {
      const entry = this.live.get(tenantId);
      return entry?.gen === gen && !this.closing ? entry : undefined;
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
            if (current() && this.statuses.get(tenantId)?.state !== 'connected') this.setStatus(tenantId, { state: 'scan', qr: image });
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
        this.setStatus(tenantId, { state: 'connected', phoneNumber: phoneNumber ?? null }, { autoStart: true, lastConnectedAt: now, phoneNumber: phoneNumber ?? null });
        this.events.emit('whatsapp.connected', { tenantId, firstTime });
      },
      authFailure: () => {
        if (current()) void this.markNeedsQr(tenantId, 'auth_failure');
      },
      disconnected: ({ loggedOut }) => {
        if (!current()) return;
        if (loggedOut) return void this.markNeedsQr(tenantId, 'logged_out');
        this.setStatus(tenantId, { state: 'disconnected', reason: WA_TEXTS.reconnecting });
        this.scheduleReconnect(tenantId);
      },
      // what the phone reports about messages counts even from a session being replaced
      message: (message): Promise<InboundResult> => sink().inbound(tenantId, message),
      ack: (waMessageId, ack) => {
        sink().ack(tenantId, waMessageId, ack).catch((err) => this.logger.error(`ack failed: ${err}`));
      },
      revoked: (waMessageId) => {
        sink().revoked(tenantId, waMessageId).catch((err) => this.logger.error(`revoke failed: ${err}`));
      },
    };
  }

  private ignoredEvents(): WhatsAppSessionEvents {
    const none = () => undefined;
    return { qr: none, authenticated: none, ready: none, authFailure: none, disconnected: none, message: async () => undefined, ack: none, revoked: none };
  }

  private scheduleReconnect(tenantId: string) {
    const entry = this.live.get(tenantId);
    if (!entry || this.closing) return;
    const delays = this.options.reconnectDelaysMs;
    if (entry.reconnectAttempt >= delays.length) return void this.markNeedsQr(tenantId, 'reconnect_failed');
    const scale = this.driver.name === 'simulator' ? this.options.simTimeScale : 1;
    const delay = Math.round(delays[entry.reconnectAttempt] * scale);
    const attempt = entry.reconnectAttempt + 1;
    clearTimeout(entry.reconnectTimer);
    entry.reconnectTimer = setTimeout(() => {
      if (this.live.get(tenantId) !== entry || this.closing) return;
      void entry.session
        .stop()
        .catch(() => undefined)
        .then(() => {
          if (this.live.get(tenantId) !== entry || this.closing) return;
          this.launch(tenantId, attempt, false);
        });
    }, delay);
    entry.reconnectTimer.unref?.();
  }

  /** Stops the tenant's session here; `release`: and gives up its lease (the session was stopped on purpose). */
  private async teardown(tenantId: string, release = true) {
    const entry = this.live.get(tenantId);
    if (entry) {
      this.live.delete(tenantId);
      clearTimeout(entry.reconnectTimer);
      await entry.session.stop().catch(() => undefined);
    }
    if (release) await this.lease.release(tenantId).catch((err) => this.logger.warn(`releasing the session lease of ${tenantId} failed: ${err}`));
  }

  /** The status of a session another instance runs, as it last saved it (no QR image: that reaches the sockets as `wa:status`). */
  private async statusElsewhere(tenantId: string): Promise<WhatsAppStatus> {
    const account = await this.db.tenant(tenantId, (tx) => this.repo.find(tx, tenantId));
    const state = account?.state ?? 'initializing';
    return { state, ready: state === 'connected', qr: null, tenantId, reason: null, phoneNumber: account?.phoneNumber ?? null };
  }

  private make(tenantId: string, patch: Partial<WhatsAppStatus> & { state: string }): WhatsAppStatus {
    return {
      state: patch.state,
      ready: patch.state === 'connected',
      qr: patch.qr ?? null,
      tenantId,
      reason: patch.reason ?? null,
      phoneNumber: patch.phoneNumber ?? this.statuses.get(tenantId)?.phoneNumber ?? null,
    };
  }

  private setStatus(tenantId: string, patch: Partial<WhatsAppStatus> & { state: string }, persist: AccountPatch = {}) {
    const previous = this.statuses.get(tenantId);
    const next = this.make(tenantId, patch);
    this.statuses.set(tenantId, next);
    this.realtime.toTenant(tenantId, 'wa:status', next);
    this.persist(tenantId, { state: next.state, lastEventAt: this.clock.now(), ...persist });
    if (previous?.state === 'connected' && next.state !== 'connected') {
      this.events.emit('whatsapp.down', { tenantId, state: next.state, reason: next.reason ?? null });
    }
  }

  /** Status writes of one tenant go in order, off the caller's path. */
  private persist(tenantId: string, patch: AccountPatch) {
    const previous = this.writes.get(tenantId) ?? Promise.resolve();
    const write = previous
      .then(() => this.db.tenant(tenantId, (tx) => this.repo.update(tx, tenantId, patch)))
      .catch((err) => this.logger.error(`saving the WhatsApp state of ${tenantId} failed: ${err}`));
    this.writes.set(tenantId, write);
    void write.then(() => {
      if (this.writes.get(tenantId) === write) this.writes.delete(tenantId);
    });
  }
}
