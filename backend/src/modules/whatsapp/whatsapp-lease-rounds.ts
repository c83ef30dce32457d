import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DatabaseSignals } from '../../platform/db/database-signals.js';
import { WhatsAppLiveSessions } from './whatsapp-live-sessions.js';
import { WHATSAPP_SESSION_LEASE, type WhatsAppSessionLease } from './whatsapp-session-lease.js';
import { WhatsAppStatusCache } from './whatsapp-status-cache.js';

/** The signal (PostgreSQL NOTIFY) that session leases changed hands: every instance runs its lease round. */
const LEASES_CHANGED_SIGNAL = 'crm_whatsapp_leases_changed';

/**
 * Which instance runs which company's session. At start-up this instance restarts the sessions that
 * were connected and nobody runs; every `lease.renewEveryMs` (and at once when another instance
 * signals a change) it renews its leases, stops at once a session whose lease another instance
 * took, and takes over the sessions that should run and whose owner died or shut down, from the
 * stored session (no QR). At shutdown it stops its sessions, then hands their leases over.
 */
@Injectable()
export class WhatsAppLeaseRounds implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WhatsApp');
  private leaseTimer?: NodeJS.Timeout;
  private leaseRound?: Promise<void>;
  private offLeasesChanged?: () => void;

  constructor(
    private readonly live: WhatsAppLiveSessions,
    private readonly cache: WhatsAppStatusCache,
    @Inject(WHATSAPP_SESSION_LEASE) private readonly lease: WhatsAppSessionLease,
    private readonly signals: DatabaseSignals,
  ) {}

  async onApplicationBootstrap() {
    const started = await this.takeOver(true);
    if (started) this.logger.log(`Restarted ${started} WhatsApp session(s)`);
    this.leaseTimer = setInterval(() => void this.leaseRoundOnce(), this.lease.renewEveryMs);
    this.leaseTimer.unref();
    // another instance took a lease away (log-out, suspension, deletion) or handed its sessions over (shutdown): act now, not at the next round
    this.offLeasesChanged = await this.signals.listen(LEASES_CHANGED_SIGNAL, () => void this.leaseRoundOnce());
  }

  async beforeApplicationShutdown() {
    this.live.beginShutdown();
    clearInterval(this.leaseTimer);
    this.offLeasesChanged?.();
    await this.leaseRound;
    await this.live.stopAll();
    await this.cache.allStored();
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

  /** Tells the other instances to renew and take over now (best effort: their periodic round catches up). */
  leasesChanged(): Promise<void> {
    return this.signals.notify(LEASES_CHANGED_SIGNAL, this.lease.instanceId).catch((err) => this.logger.warn(`signalling the lease change failed: ${err}`));
  }

  private async renewAndTakeOver() {
    if (this.live.closing) return;
    for (const tenantId of await this.lease.renew()) {
      this.logger.warn(`the WhatsApp session of ${tenantId} now belongs to another instance: stopped here`);
      await this.live.teardown(tenantId, false);
      // the owner's status is the truth now
      this.cache.forget(tenantId);
    }
    if (this.live.closing) return;
    const started = await this.takeOver(false);
    if (started) this.logger.log(`Took over ${started} WhatsApp session(s) from a stopped instance`);
  }

  /** Starts the sessions that should run and nobody runs (at boot: also those of no instance yet); answers how many it started. */
  private async takeOver(atBoot: boolean): Promise<number> {
    let started = 0;
    for (const tenantId of await this.lease.toTakeOver(atBoot)) {
      if (this.live.closing) break;
      await this.live
        .start(tenantId)
        .then(() => (started += this.lease.holds(tenantId) ? 1 : 0))
        .catch((err) => this.logger.error(`restarting the session of ${tenantId} failed: ${err}`));
    }
    return started;
  }
}
