import { Injectable, Logger } from '@nestjs/common';
import { isWhatsAppReasonCode, type WhatsAppStatus } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import { MessengerEvents } from './messenger-events.js';
import { SESSION_PERMISSION, waReason, withoutQr } from './whatsapp-status.js';
import { WhatsAppRepository, type AccountPatch } from './whatsapp.repository.js';

export type StatusPatch = Partial<WhatsAppStatus> & { state: string };

/**
 * Each tenant's WhatsApp status as this process knows it: the cache that `GET /whatsapp/status`
 * and `wa:get_status` answer from. A change is pushed as `wa:status` (the QR image only to those
 * who may link the session: SESSION_PERMISSION), stored in order off the caller's path, and a
 * connected session going down is told to listeners (`whatsapp.down`).
 */
@Injectable()
export class WhatsAppStatusCache {
  private readonly logger = new Logger('WhatsApp');
  private readonly statuses = new Map<string, WhatsAppStatus>();
  private readonly writes = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly repo: WhatsAppRepository,
    private readonly realtime: RealtimeEmitter,
    private readonly events: MessengerEvents,
    private readonly clock: Clock,
  ) {}

  /** The cached status, if this process has one. */
  get(tenantId: string): WhatsAppStatus | undefined {
    return this.statuses.get(tenantId);
  }

  forget(tenantId: string) {
    this.statuses.delete(tenantId);
  }

  /** The cached status, or (before anything happened in this process) the one the database implies. */
  async current(tenantId: string): Promise<WhatsAppStatus> {
    const cached = this.statuses.get(tenantId);
    if (cached) return cached;
    const account = await this.db.tenant(tenantId, (tx) => this.repo.find(tx, tenantId));
    let status: WhatsAppStatus;
    if (!account || account.state === 'not_configured') status = this.make(tenantId, { state: 'not_configured' });
    else if (account.state === 'needs_qr') status = this.make(tenantId, { state: 'needs_qr', ...waReason(storedReason(account.reasonCode) ?? 'not_answering') });
    // Meta refused the company's token or account: it stays so after a restart, with why, until an admin saves new settings
    else if (account.state === 'needs_attention') status = this.make(tenantId, { state: 'needs_attention', ...waReason(storedReason(account.reasonCode) ?? 'token_invalid') });
    else status = this.make(tenantId, { state: 'disconnected', ...waReason('not_running'), phoneNumber: account.phoneNumber });
    if (!this.statuses.has(tenantId)) this.statuses.set(tenantId, status);
    return this.statuses.get(tenantId)!;
  }

  /** The status of a session another instance runs, as it last saved it (no QR image: that reaches the sockets as `wa:status`). */
  async elsewhere(tenantId: string): Promise<WhatsAppStatus> {
    const account = await this.db.tenant(tenantId, (tx) => this.repo.find(tx, tenantId));
    const state = account?.state ?? 'initializing';
    const reason = storedReason(account?.reasonCode);
    return { state, ready: state === 'connected', qr: null, tenantId, ...(reason ? waReason(reason) : { reason: null, reasonCode: null }), phoneNumber: account?.phoneNumber ?? null };
  }

  /** Caches, pushes and stores (with `persist`: more of the account) the tenant's new status. */
  set(tenantId: string, patch: StatusPatch, persist: AccountPatch = {}) {
    const previous = this.statuses.get(tenantId);
    const next = this.make(tenantId, patch);
    this.statuses.set(tenantId, next);
    // the QR image only to the sockets of those who may link the session; the rest of the company gets the state without it
    this.realtime.toTenantByPermission(tenantId, SESSION_PERMISSION, 'wa:status', next, withoutQr(next));
    this.persist(tenantId, { state: next.state, reasonCode: next.reasonCode, lastEventAt: this.clock.now(), ...persist });
    if (previous?.state === 'connected' && next.state !== 'connected') {
      this.events.emit('whatsapp.down', { tenantId, state: next.state, reason: next.reason ?? null });
    }
  }

  /** Resolves once what was set for the tenant so far is stored. */
  async stored(tenantId: string): Promise<void> {
    await this.writes.get(tenantId);
  }

  /** Resolves once every status set so far is stored. */
  async allStored(): Promise<void> {
    await Promise.all(this.writes.values());
  }

  private make(tenantId: string, patch: StatusPatch): WhatsAppStatus {
    return {
      state: patch.state,
      ready: patch.state === 'connected',
      qr: patch.qr ?? null,
      tenantId,
      reason: patch.reason ?? null,
      reasonCode: patch.reasonCode ?? null,
      phoneNumber: patch.phoneNumber ?? this.statuses.get(tenantId)?.phoneNumber ?? null,
    };
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

/** A stored reason code this version knows (an older row has none). */
const storedReason = (code: string | null | undefined) => (isWhatsAppReasonCode(code) ? code : undefined);
