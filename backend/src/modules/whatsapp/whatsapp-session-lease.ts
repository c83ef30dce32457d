import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { WhatsAppSessionLeaseRepository } from './whatsapp-session-lease.repository.js';

export const WHATSAPP_SESSION_LEASE = Symbol('WHATSAPP_SESSION_LEASE');

export type LeaseOptions = {
  /** This backend instance; two instances must never share it. */
  instanceId: string;
  /** How long a lease lasts without renewal: another instance takes over at most this long after the owner died. */
  ttlMs: number;
};

/**
 * This instance's leases on companies' WhatsApp sessions (one row per company in PostgreSQL). An
 * instance runs a session only while it holds its lease: it acquires it before starting, renews
 * it every `renewEveryMs`, and a renewal that finds the lease taken (or that cannot reach the
 * database in time) loses it, and the session stops. Times come from the clock, so instances'
 * clocks must agree to well within `ttlMs - renewEveryMs` (NTP).
 */
export class WhatsAppSessionLease {
  /** Tenant → when our lease ends (by our clock), as of our last successful acquire or renewal. */
  private readonly held = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly repo: WhatsAppSessionLeaseRepository,
    private readonly clock: Clock,
    readonly options: LeaseOptions,
  ) {}

  get instanceId() {
    return this.options.instanceId;
  }

  get renewEveryMs() {
    return Math.max(1, Math.floor(this.options.ttlMs / 3));
  }

  holds(tenantId: string) {
    return this.held.has(tenantId);
  }

  heldTenants(): string[] {
    return [...this.held.keys()];
  }

  async acquire(tenantId: string): Promise<boolean> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.options.ttlMs);
    const ok = await this.db.platform((tx) => this.repo.acquire(tx, tenantId, this.instanceId, now, expiresAt));
    if (ok) this.held.set(tenantId, expiresAt.getTime());
    else this.held.delete(tenantId);
    return ok;
  }

  /**
   * Renews every lease held; answers the tenants whose lease is lost: taken by another instance,
   * gone, or not renewable (database unreachable) with less than two renewal periods left.
   */
  async renew(): Promise<string[]> {
    const tenantIds = this.heldTenants();
    if (!tenantIds.length) return [];
    const now = this.clock.now();
    const expiresAt = now.getTime() + this.options.ttlMs;
    let renewed: Set<string>;
    try {
      renewed = new Set(await this.db.platform((tx) => this.repo.renew(tx, tenantIds, this.instanceId, new Date(expiresAt))));
    } catch {
      // keep it only if it outlasts the next renewal with a whole renewal period to spare (timers and queries are late)
      const deadline = now.getTime() + 2 * this.renewEveryMs;
      renewed = new Set(tenantIds.filter((t) => (this.held.get(t) ?? 0) > deadline));
      return this.forget(tenantIds.filter((t) => !renewed.has(t)));
    }
    for (const t of renewed) if (this.held.has(t)) this.held.set(t, expiresAt);
    return this.forget(tenantIds.filter((t) => !renewed.has(t)));
  }

  /** The session stopped on purpose (logout, needs a QR, suspended, failed to start): nobody restarts it by itself. */
  async release(tenantId: string): Promise<void> {
    if (!this.held.delete(tenantId)) return;
    await this.db.platform((tx) => this.repo.remove(tx, tenantId, this.instanceId));
  }

  /** Shutdown: every lease ends now, and the other instances take the sessions over at their next sweep. */
  async handOverAll(): Promise<void> {
    const tenantIds = this.heldTenants();
    this.held.clear();
    if (tenantIds.length) await this.db.platform((tx) => this.repo.expire(tx, tenantIds, this.instanceId, this.clock.now()));
  }

  /** Takes the lease away from the instance that runs the session (it stops it at its next renewal); true if one did. */
  revokeElsewhere(tenantId: string): Promise<boolean> {
    return this.db.platform((tx) => this.repo.revoke(tx, tenantId, this.instanceId, this.clock.now()));
  }

  heldElsewhere(tenantId: string): Promise<boolean> {
    return this.db.platform((tx) => this.repo.heldElsewhere(tx, tenantId, this.instanceId, this.clock.now()));
  }

  /** Sessions that should run and no live instance runs (see the repository). */
  toTakeOver(atBoot: boolean): Promise<string[]> {
    return this.db.platform((tx) => this.repo.toTakeOver(tx, this.instanceId, this.clock.now(), atBoot)).then((ids) => ids.filter((t) => !this.held.has(t)));
  }

  private forget(lost: string[]) {
    lost.forEach((t) => this.held.delete(t));
    return lost;
  }
}

/**
 * INSTANCE_ID when set; on PGlite (one process by construction) a fixed id, so a restart after a
 * crash takes its sessions back at once; otherwise host:pid:random.
 */
export function defaultInstanceId(configured: string | undefined, onPostgres: boolean): string {
  if (configured) return configured;
  if (!onPostgres) return 'local';
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}
