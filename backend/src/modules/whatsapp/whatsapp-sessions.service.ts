import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { WhatsAppAccount, WhatsAppQrReason, WhatsAppStatus } from '@crm/common';
import type { WhatsAppConnectionKind } from './whatsapp.table.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.js';
import { RealtimeClientEvents } from '../../platform/realtime/realtime-client-events.js';
import type { WhatsAppSession, WhatsAppSessionEvents } from './whatsapp-driver.js';
import { WhatsAppDrivers } from './whatsapp-drivers.js';
import type { WhatsAppEventSink } from './whatsapp-event-sink.js';
import { WhatsAppLeaseRounds } from './whatsapp-lease-rounds.js';
import { WhatsAppLiveSessions } from './whatsapp-live-sessions.js';
import { WHATSAPP_SESSION_LEASE, type WhatsAppSessionLease } from './whatsapp-session-lease.js';
import { WhatsAppStatusCache } from './whatsapp-status-cache.js';
import { SESSION_PERMISSION, toAccountDto, waReason, withoutQr } from './whatsapp-status.js';
import { WhatsAppRepository } from './whatsapp.repository.js';

/**
 * One WhatsApp session per tenant, as the rest of the backend sees it: its status (the QR image
 * only to those who may link the session: SESSION_PERMISSION), starting, logging out, suspending,
 * resuming and forgetting it, and the connected session to send through. Each job has its room:
 * - WhatsAppLiveSessions: the sessions this process runs, through their driver (start, stop,
 *   driver events, `needs_qr` and the admins told), reconnecting through WhatsAppReconnects;
 * - WhatsAppDrivers: which driver runs a company's session;
 * - WhatsAppStatusCache: each tenant's status, pushed as `wa:status` and stored;
 * - WhatsAppLeaseRounds: several backend instances — a session runs only in the instance holding
 *   its lease (WhatsAppSessionLease); restarts at boot, takeovers, hand-over at shutdown.
 */
@Injectable()
export class WhatsAppSessionsService implements OnModuleInit {
  private readonly logger = new Logger('WhatsApp');

  constructor(
    private readonly db: Database,
    private readonly repo: WhatsAppRepository,
    private readonly live: WhatsAppLiveSessions,
    private readonly drivers: WhatsAppDrivers,
    private readonly cache: WhatsAppStatusCache,
    private readonly rounds: WhatsAppLeaseRounds,
    private readonly clientEvents: RealtimeClientEvents,
    @Inject(WHATSAPP_SESSION_LEASE) private readonly lease: WhatsAppSessionLease,
  ) {}

  onModuleInit() {
    this.clientEvents.on('wa:get_status', async (actor, socket) => {
      socket.emit('wa:status', await this.statusFor(actor));
    });
  }

  /** Renews this instance's leases, stops sessions whose lease was lost, takes over orphaned ones (tests call it directly). */
  leaseRoundOnce(): Promise<void> {
    return this.rounds.leaseRoundOnce();
  }

  setSink(sink: WhatsAppEventSink) {
    this.live.setSink(sink);
  }

  /** Where every connection kind delivers messages and marks (the messages module registers it at start-up). */
  get eventSink(): WhatsAppEventSink {
    return this.live.eventSink;
  }

  /** WhatsApp plays voice notes only as OGG/Opus: whether the driver of the company's session needs the renderer's webm converted. */
  needsOggVoice(tenantId: string): boolean {
    return this.live.driverOf(tenantId).needsOggVoice;
  }

  /** The tenant's status, from the cache (or, before anything happened in this process, from the database). */
  async status(tenantId: string): Promise<WhatsAppStatus> {
    if (!this.live.runsHere(tenantId) && (await this.lease.heldElsewhere(tenantId))) return this.cache.elsewhere(tenantId);
    return this.cache.current(tenantId);
  }

  /** The status as this user may see it: the QR image only for those who may link the session (SESSION_PERMISSION). */
  async statusFor(actor: TenantActor): Promise<WhatsAppStatus> {
    const status = await this.status(actor.tenantId);
    return may(actor, SESSION_PERMISSION) ? status : withoutQr(status);
  }

  async createAccount(tenantId: string, name: string): Promise<WhatsAppAccount> {
    return toAccountDto(await this.db.tenant(tenantId, (tx) => this.repo.ensure(tx, tenantId, name)));
  }

  /** Starts (or keeps) the tenant's session; answers at once with the status (the QR follows as `wa:status`). */
  start(tenantId: string): Promise<WhatsAppStatus> {
    return this.live.start(tenantId);
  }

  /**
   * The company's connection kind changed (the official API's settings were saved or removed): the
   * session running on the old kind's driver stops (here or in the instance holding its lease);
   * on `cloud` it starts again on the Cloud API driver (connected once Meta answers for the number),
   * back on `qr` it waits for an admin to start it and scan a QR. The session keeps the lease path
   * of a QR session: one instance runs it, and sends asked of another instance go through it.
   */
  async useConnection(tenantId: string, kind: WhatsAppConnectionKind): Promise<WhatsAppStatus> {
    await this.db.tenant(tenantId, async (tx) => {
      await this.repo.ensure(tx, tenantId);
      await this.repo.update(tx, tenantId, { connectionKind: kind });
    });
    const running = this.live.runsHere(tenantId);
    await this.live.teardown(tenantId);
    if (!running && (await this.lease.revokeElsewhere(tenantId))) await this.rounds.leasesChanged();
    if (kind === 'cloud') return this.live.start(tenantId);
    this.cache.set(tenantId, { state: 'not_configured' }, { autoStart: false, phoneNumber: null });
    await this.cache.stored(tenantId);
    return this.cache.get(tenantId)!;
  }

  /** How the company connects (`qr` when it never set anything up): the official API has rules of its own, like the 24-hour window. */
  async connectionKind(tx: TenantTx, tenantId: string): Promise<WhatsAppConnectionKind> {
    // a session running here was started on its kind's driver (a change of kind restarts it): no read on the send path
    if (this.live.runsHere(tenantId)) return this.live.driverOf(tenantId).name === 'cloud' ? 'cloud' : 'qr';
    return (await this.repo.find(tx, tenantId))?.connectionKind ?? 'qr';
  }

  /** Logs out and forgets the stored session (DELETE /whatsapp/session): a new QR is needed. */
  async logout(tenantId: string): Promise<void> {
    const running = this.live.take(tenantId);
    // Stored before the lease is given up or revoked: a lease round that then finds the lease free
    // (the owner's, run at once when told, or any instance's periodic one) must read "logged out,
    // auto-start off" from the database, not a session that should run and is to be taken over.
    // Also stored before the answer: another instance reads the state and the auto-start flag.
    const account = await this.db.tenant(tenantId, (tx) => this.repo.ensure(tx, tenantId));
    this.cache.set(tenantId, { state: 'not_configured' }, { autoStart: false, phoneNumber: null });
    await this.cache.stored(tenantId);
    await this.lease.release(tenantId);
    // run by another instance: it stops the session at once when told (or at its next lease renewal)
    if (!running && (await this.lease.revokeElsewhere(tenantId))) await this.rounds.leasesChanged();
    const session: WhatsAppSession = running ?? this.drivers.forAccount(account).createSession(tenantId, IGNORED_EVENTS);
    await session.logout().catch((err) => this.logger.warn(`logout of ${tenantId} failed: ${err}`));
  }

  /**
   * The company is being deleted: its session stops (no more inbound messages or sends) and this
   * process forgets its status. Its stored session on disk goes later, with its files
   * (removeStoredSession), once the deletion has committed.
   */
  async forget(tenantId: string): Promise<void> {
    await this.live.teardown(tenantId);
    if (await this.lease.revokeElsewhere(tenantId)) await this.rounds.leasesChanged();
    this.cache.forget(tenantId);
    await this.cache.stored(tenantId);
  }

  /** Removes the tenant's stored WhatsApp session from disk, whatever driver kept it (idempotent). */
  async removeStoredSession(tenantId: string): Promise<void> {
    await Promise.all(this.drivers.all().map((driver) => driver.removeStoredSession(tenantId)));
  }

  /**
   * The company was suspended: its session stops (nothing is received or sent) but keeps its stored
   * login and its auto-start flag, so `resume` reconnects without a new QR scan. Follow-up steps
   * wait meanwhile (they need a connected session).
   */
  async suspend(tenantId: string): Promise<void> {
    const running = this.live.runsHere(tenantId);
    await this.live.teardown(tenantId);
    // run by another instance: it stops the session at once when told (or at its next lease renewal)
    const elsewhere = !running && (await this.lease.revokeElsewhere(tenantId));
    if (elsewhere) await this.rounds.leasesChanged();
    if (elsewhere) this.cache.forget(tenantId);
    if (running || elsewhere) this.cache.set(tenantId, { state: 'disconnected', ...waReason('suspended') });
  }

  /** The company was re-activated: restarts its session if it was running (connected, not logged out) before. */
  async resume(tenantId: string): Promise<boolean> {
    const account = await this.db.tenant(tenantId, (tx) => this.repo.find(tx, tenantId));
    if (!account?.autoStart) return false;
    await this.live.start(tenantId);
    return true;
  }

  /** The connected session, or a retryable send error saying why there is none. */
  readySession(tenantId: string): WhatsAppSession {
    return this.live.readySession(tenantId);
  }

  /** This instance runs the company's session (in whatever state). */
  runsHere(tenantId: string): boolean {
    return this.live.runsHere(tenantId);
  }

  /**
   * Another live instance runs the company's session and it is connected (as that owner last
   * recorded it): a send asked of this instance is the owner's to make.
   */
  async connectedElsewhere(tenantId: string): Promise<boolean> {
    if (this.live.runsHere(tenantId) || !(await this.lease.heldElsewhere(tenantId))) return false;
    return (await this.cache.elsewhere(tenantId)).state === 'connected';
  }

  /** A message can go out now: through this instance's connected session, or through its owner's. */
  async canSend(tenantId: string): Promise<boolean> {
    if (this.live.runsHere(tenantId)) return this.cache.get(tenantId)?.state === 'connected';
    return this.connectedElsewhere(tenantId);
  }

  connectedTenants(): string[] {
    return this.live.connectedTenants();
  }

  /** The watchdog's verdict on one ping; enough failures in a row declare the session dead. */
  recordPing(tenantId: string, ok: boolean): Promise<void> {
    return this.live.recordPing(tenantId, ok);
  }

  sessionOf(tenantId: string): WhatsAppSession | undefined {
    return this.live.sessionOf(tenantId);
  }

  /** The session is dead or logged out: stop it, show "needs QR scan" (never Connected) and tell the admins. */
  markNeedsQr(tenantId: string, reason: WhatsAppQrReason): Promise<void> {
    return this.live.markNeedsQr(tenantId, reason);
  }
}

/** A session created only to log it out: nothing it reports matters. */
const none = () => undefined;
const IGNORED_EVENTS: WhatsAppSessionEvents = {
  qr: none,
  authenticated: none,
  ready: none,
  authFailure: none,
  needsAttention: none,
  disconnected: none,
  message: async () => undefined,
  ack: none,
  revoked: none,
};
