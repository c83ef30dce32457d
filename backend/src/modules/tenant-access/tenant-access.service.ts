import { Injectable, Logger } from '@nestjs/common';
import { isSubscriptionExpired, subscriptionExpiryInstant, type TenantWithStats, type UpdateSubscriptionRequest } from '@crm/common';
import type { SuperActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { AuthService } from '../auth/auth.service.js';
import { SuperAuditService } from '../super-audit/super-audit.service.js';
import { subscriptionAuditValues } from '../tenants/tenant.mapper.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { TenantsService, tenantNotFound } from '../tenants/tenants.service.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';

/**
 * Whether a company may use the CRM: suspension and re-activation, its subscription, and the
 * expiry of subscriptions. Each change and its audit entry commit together; what follows from it
 * (ending sessions, stopping or restarting WhatsApp) runs after the commit, because the session
 * checks read the committed row: nothing slips through in between.
 */
@Injectable()
export class TenantAccessService {
  private readonly logger = new Logger('TenantAccess');

  constructor(
    private readonly db: Database,
    private readonly tenants: TenantsRepository,
    private readonly companies: TenantsService,
    private readonly audit: SuperAuditService,
    private readonly auth: AuthService,
    private readonly whatsapp: WhatsAppSessionsService,
    private readonly clock: Clock,
  ) {}

  /**
   * Suspends (false) or re-activates (true) a company; the same value again changes nothing.
   * Suspending ends every session of its users (force_logout 'suspended') and stops its WhatsApp,
   * keeping the stored login; follow-up steps wait. Re-activating restarts WhatsApp if it was
   * running, whose connection lets the waiting steps go (see FollowUpScheduler).
   */
  async setActive(actor: SuperActor, tenantId: string, isActive: boolean): Promise<TenantWithStats> {
    const changed = await this.db.platform(async (tx) => {
      const before = await this.tenants.lockById(tx, tenantId);
      if (!before) throw tenantNotFound();
      if (before.isActive === isActive) return false;
      const after = await this.tenants.setActive(tx, tenantId, isActive);
      await this.audit.record(tx, {
        actor,
        action: isActive ? 'tenant.reactivated' : 'tenant.suspended',
        tenant: after,
        before: { isActive: before.isActive },
        after: { isActive: after.isActive },
      });
      return true;
    });
    if (changed && !isActive) {
      await this.auth.endSessions({ tenantId }, 'suspended');
      await this.whatsapp.suspend(tenantId);
    } else if (changed) {
      // the company is active again whatever WhatsApp does; a failed restart shows on its WhatsApp screen
      await this.whatsapp.resume(tenantId).catch((err) => this.logger.error(`restarting WhatsApp of ${tenantId} failed: ${err}`));
    }
    return this.companies.get(tenantId);
  }

  /**
   * Sets the subscription (remainingAmount is computed, never stored). A bare expiry day lasts
   * until the end of that day in the company's time zone. If the subscription is expired after
   * the change, the company's sessions end at once.
   */
  async updateSubscription(actor: SuperActor, tenantId: string, input: UpdateSubscriptionRequest): Promise<TenantWithStats> {
    const after = await this.db.platform(async (tx) => {
      const before = await this.tenants.lockById(tx, tenantId);
      if (!before) throw tenantNotFound();
      const row = await this.tenants.updateSubscription(tx, tenantId, {
        subscriptionType: input.type,
        subscriptionStatus: input.status,
        subscriptionExpiresAt: subscriptionExpiryInstant(input.expiresAt),
        subscriptionPrice: input.price,
        subscriptionPaid: input.paidAmount,
      });
      const [was, is] = [subscriptionAuditValues(before), subscriptionAuditValues(row)];
      if (JSON.stringify(was) !== JSON.stringify(is)) {
        await this.audit.record(tx, { actor, action: 'tenant.subscription_changed', tenant: row, before: was, after: is });
      }
      return row;
    });
    if (isSubscriptionExpired({ status: after.subscriptionStatus, expiresAt: after.subscriptionExpiresAt }, this.clock.now())) {
      await this.auth.endSessions({ tenantId }, 'subscription_expired');
    }
    return this.companies.get(tenantId);
  }

  /**
   * The daily check (SubscriptionExpiryJob): every active subscription whose expiry has passed
   * becomes 'expired', audited as the platform's doing, and its company's sessions end. Safe to
   * run again or on several instances at once (the update takes only still-active rows).
   */
  async expireDueSubscriptions(): Promise<number> {
    const now = this.clock.now();
    const expired = await this.db.platform(async (tx) => {
      const rows = await this.tenants.expireDueSubscriptions(tx, now);
      for (const row of rows) {
        const after = subscriptionAuditValues(row);
        await this.audit.record(tx, { actor: null, action: 'tenant.subscription_expired', tenant: row, before: { ...after, status: 'active' }, after });
      }
      return rows;
    });
    for (const row of expired) await this.auth.endSessions({ tenantId: row.id }, 'subscription_expired');
    if (expired.length) this.logger.log(`${expired.length} subscription(s) expired`);
    return expired.length;
  }
}
