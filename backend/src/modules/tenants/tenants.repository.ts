import { Injectable } from '@nestjs/common';
import { and, count, eq, ilike, lte, or, sql } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { newestFirst } from '../../platform/db/order.js';
import { tenantSearchText, tenantSettings, tenants, type TenantRow } from './tenants.table.js';
import { containsPattern } from '../../platform/db/contains-pattern.js';

export type SubscriptionPatch = Pick<TenantRow, 'subscriptionType' | 'subscriptionStatus' | 'subscriptionExpiresAt' | 'subscriptionPrice' | 'subscriptionPaid'>;

/**
 * A company with its counts. waCount: its WhatsApp accounts linked to a phone, i.e. connected at
 * least once and not signed out since (one per company today; 0 before the QR scan or after a logout).
 */
// written out with aliases: drizzle leaves columns unqualified in a subquery, where "id" would be the inner table's
const withStats = {
  tenant: tenants,
  adminCount: sql<number>`(select count(*) from users u where u.tenant_id = "tenants"."id" and u.role = 'admin')`.mapWith(Number),
  salesCount: sql<number>`(select count(*) from users u where u.tenant_id = "tenants"."id" and u.role = 'sales')`.mapWith(Number),
  waCount: sql<number>`(select count(*) from whatsapp_accounts w where w.tenant_id = "tenants"."id"
    and w.last_connected_at is not null and w.state not in ('not_configured', 'needs_qr'))`.mapWith(Number),
};

export type NewTenant = Pick<TenantRow, 'name' | 'slug'> & Partial<TenantRow>;

@Injectable()
export class TenantsRepository {
  async insertTenant(tx: PlatformTx, tenant: NewTenant): Promise<TenantRow> {
    const [row] = await tx.insert(tenants).values(tenant).returning();
    await tx.insert(tenantSettings).values({ tenantId: row.id });
    return row;
  }

  async slugExists(tx: PlatformTx, slug: string): Promise<boolean> {
    const [row] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).limit(1);
    return !!row;
  }

  async findById(tx: PlatformTx, id: string): Promise<TenantRow | undefined> {
    const [row] = await tx.select().from(tenants).where(eq(tenants.id, id)).limit(1);
    return row;
  }

  /** The company's name (its own users read it under row-level security). */
  async nameOf(tx: TenantTx | PlatformTx, id: string): Promise<string | undefined> {
    const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, id)).limit(1);
    return row?.name;
  }

  /**
   * One page of companies with their staff and WhatsApp counts, newest first (id breaks ties), and
   * how many match. q: the name or the slug contains it, any case (tenants_search_trgm_idx). The
   * page's ids are picked first (from tenants_created_idx) and the counts worked out for those rows
   * only: counted in the same SELECT as the OFFSET, they would be worked out for every skipped row too.
   */
  async pageWithStats(tx: PlatformTx, filter: { q?: string; limit: number; offset: number }) {
    const pattern = filter.q ? containsPattern(filter.q) : undefined;
    // the first test finds the candidates in tenants_search_trgm_idx, the second keeps the true matches
    const where = pattern ? and(ilike(tenantSearchText(tenants), pattern), or(ilike(tenants.name, pattern), ilike(tenants.slug, pattern))) : undefined;
    const order = [newestFirst(tenants.createdAt), newestFirst(tenants.id)];
    const page = tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.offset)
      .as('page');
    const rows = await tx
      .select(withStats)
      .from(tenants)
      .innerJoin(page, eq(page.id, tenants.id))
      .orderBy(...order);
    const [{ total }] = await tx.select({ total: count() }).from(tenants).where(where);
    return { rows, total };
  }

  async findWithStats(tx: PlatformTx, id: string) {
    const [row] = await tx.select(withStats).from(tenants).where(eq(tenants.id, id)).limit(1);
    return row;
  }

  /** The company row locked for this transaction (status and subscription changes take turns). */
  async lockById(tx: PlatformTx, id: string): Promise<TenantRow | undefined> {
    const [row] = await tx.select().from(tenants).where(eq(tenants.id, id)).limit(1).for('update');
    return row;
  }

  async setActive(tx: PlatformTx, id: string, isActive: boolean): Promise<TenantRow> {
    const [row] = await tx.update(tenants).set({ isActive }).where(eq(tenants.id, id)).returning();
    return row;
  }

  async updateSubscription(tx: PlatformTx, id: string, subscription: SubscriptionPatch): Promise<TenantRow> {
    const [row] = await tx.update(tenants).set(subscription).where(eq(tenants.id, id)).returning();
    return row;
  }

  /** Marks every active subscription whose expiry has passed as expired; the companies changed. */
  async expireDueSubscriptions(tx: PlatformTx, now: Date): Promise<TenantRow[]> {
    return tx
      .update(tenants)
      .set({ subscriptionStatus: 'expired' })
      .where(and(eq(tenants.subscriptionStatus, 'active'), lte(tenants.subscriptionExpiresAt, now)))
      .returning();
  }

  /** The platform totals, aggregated in the database. Expired: marked so, or past its expiry date. */
  async stats(tx: PlatformTx, now: Date) {
    const [row] = await tx
      .select({
        totalTenants: sql<number>`count(*)`.mapWith(Number),
        activeTenants: sql<number>`count(*) filter (where ${tenants.isActive})`.mapWith(Number),
        expiredTenants: sql<number>`count(*) filter (where ${tenants.subscriptionStatus} = 'expired' or ${tenants.subscriptionExpiresAt} <= ${now.toISOString()})`.mapWith(Number),
        totalRevenue: sql<number>`coalesce(sum(${tenants.subscriptionPrice}), 0)`.mapWith(Number),
        totalPaid: sql<number>`coalesce(sum(${tenants.subscriptionPaid}), 0)`.mapWith(Number),
        // per company, as subscriptionRemaining: an overpaid company owes 0, it does not offset another's debt
        totalRemaining: sql<number>`coalesce(sum(greatest(${tenants.subscriptionPrice} - ${tenants.subscriptionPaid}, 0)), 0)`.mapWith(Number),
      })
      .from(tenants);
    return row;
  }

  async countTenants(tx: PlatformTx): Promise<number> {
    const [{ total }] = await tx.select({ total: count() }).from(tenants);
    return total;
  }

  /** The signed-in user's own company (RLS lets a tenant read only its own row). */
  async findOwn(tx: TenantTx, tenantId: string): Promise<TenantRow | undefined> {
    const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
    return row;
  }

  async getSettings(tx: TenantTx, tenantId: string) {
    const [row] = await tx.select().from(tenantSettings).where(eq(tenantSettings.tenantId, tenantId)).limit(1);
    return row;
  }

  async updateSettings(tx: TenantTx, tenantId: string, patch: { leadDistributionStrategy: string; skipOfflineReps?: boolean; repsMayHandOver?: boolean }) {
    const [row] = await tx
      .update(tenantSettings)
      .set(patch)
      .where(and(eq(tenantSettings.tenantId, tenantId)))
      .returning();
    return row;
  }

  /**
   * The lead distribution strategy and round-robin cursor, locked for this transaction: every
   * creator of distributed leads (a form, an import, an inbound message) takes the lock first, so
   * they take turns and two of them never hand out the same turn.
   */
  async lockLeadDistribution(tx: TenantTx, tenantId: string): Promise<{ strategy: string; lastUserId: string | null; skipOfflineReps: boolean }> {
    const [row] = await tx
      .select({
        strategy: tenantSettings.leadDistributionStrategy,
        lastUserId: tenantSettings.roundRobinLastUserId,
        skipOfflineReps: tenantSettings.skipOfflineReps,
      })
      .from(tenantSettings)
      .where(eq(tenantSettings.tenantId, tenantId))
      .for('update');
    return row ?? { strategy: 'round-robin', lastUserId: null, skipOfflineReps: false };
  }

  async saveRoundRobinCursor(tx: TenantTx, tenantId: string, userId: string): Promise<void> {
    await tx.update(tenantSettings).set({ roundRobinLastUserId: userId }).where(eq(tenantSettings.tenantId, tenantId));
  }

  /**
   * The company's row, held until the transaction ends: writes that reference it (a message coming
   * in, a user signing in) wait, and then find it gone. For deleting the company.
   */
  async lockForDeletion(tx: PlatformTx, id: string): Promise<TenantRow | undefined> {
    const [row] = await tx.select().from(tenants).where(eq(tenants.id, id)).limit(1).for('update');
    return row;
  }

  /** The company's own row, once every row of its data is gone (platform/db/tenant-data-eraser.ts). */
  async remove(tx: PlatformTx, id: string): Promise<void> {
    await tx.delete(tenants).where(eq(tenants.id, id));
  }
}
