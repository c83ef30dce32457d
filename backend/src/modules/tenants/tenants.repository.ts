import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { users } from '../users/users.table.js';
import { tenantSettings, tenants, type TenantRow } from './tenants.table.js';

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

  /** Every company with its staff counts, newest first. */
  async listWithStats(tx: PlatformTx) {
    const adminCount = sql<number>`count(${users.id}) filter (where ${users.role} = 'admin')`.mapWith(Number);
    const salesCount = sql<number>`count(${users.id}) filter (where ${users.role} = 'sales')`.mapWith(Number);
    const rows = await tx
      .select({ tenant: tenants, adminCount, salesCount })
      .from(tenants)
      .leftJoin(users, eq(users.tenantId, tenants.id))
      .groupBy(tenants.id)
      .orderBy(desc(tenants.createdAt));
    const [{ total }] = await tx.select({ total: count() }).from(tenants);
    return { rows, total };
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

  async updateSettings(tx: TenantTx, tenantId: string, patch: { leadDistributionStrategy: string; skipOfflineReps?: boolean }) {
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
