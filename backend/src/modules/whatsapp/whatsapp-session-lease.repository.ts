import { Injectable } from '@nestjs/common';
import { and, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { PlatformTx } from '../../platform/db/database.types.js';
import { tenants } from '../tenants/tenants.table.js';
import { whatsappSessionLeases as leases } from './whatsapp-session-lease.table.js';
import { whatsappAccounts } from './whatsapp.table.js';

/** The SQL of the session leases (platform path: instances coordinate across companies). */
@Injectable()
export class WhatsAppSessionLeaseRepository {
  /** Takes the lease if it is free, expired or already ours; true when we hold it now. */
  async acquire(tx: PlatformTx, tenantId: string, owner: string, now: Date, expiresAt: Date): Promise<boolean> {
    const rows = await tx
      .insert(leases)
      .values({ tenantId, owner, expiresAt })
      .onConflictDoUpdate({
        target: leases.tenantId,
        set: { owner, expiresAt },
        setWhere: or(lte(leases.expiresAt, now), eq(leases.owner, owner)),
      })
      .returning({ tenantId: leases.tenantId });
    return rows.length === 1;
  }

  /** Moves the expiry of the leases still ours; answers which those are. */
  async renew(tx: PlatformTx, tenantIds: string[], owner: string, expiresAt: Date): Promise<string[]> {
    if (!tenantIds.length) return [];
    const rows = await tx
      .update(leases)
      .set({ expiresAt })
      .where(and(eq(leases.owner, owner), inArray(leases.tenantId, tenantIds)))
      .returning({ tenantId: leases.tenantId });
    return rows.map((r) => r.tenantId);
  }

  /** Our lease ends now: another instance may take the session over at its next sweep. */
  async expire(tx: PlatformTx, tenantIds: string[], owner: string, now: Date): Promise<void> {
    if (!tenantIds.length) return;
    await tx
      .update(leases)
      .set({ expiresAt: now })
      .where(and(eq(leases.owner, owner), inArray(leases.tenantId, tenantIds)));
  }

  /** Our lease is gone (the session was stopped on purpose): nobody takes it over by itself. */
  async remove(tx: PlatformTx, tenantId: string, owner: string): Promise<void> {
    await tx.delete(leases).where(and(eq(leases.tenantId, tenantId), eq(leases.owner, owner)));
  }

  /** Takes a live lease away from another instance (it stops the session at its next renewal); true if there was one. */
  async revoke(tx: PlatformTx, tenantId: string, owner: string, now: Date): Promise<boolean> {
    const rows = await tx
      .delete(leases)
      .where(and(eq(leases.tenantId, tenantId), ne(leases.owner, owner), gt(leases.expiresAt, now)))
      .returning({ tenantId: leases.tenantId });
    return rows.length > 0;
  }

  /** The instance holding a live lease on the tenant's session, if it is not `owner`. */
  async heldElsewhere(tx: PlatformTx, tenantId: string, owner: string, now: Date): Promise<boolean> {
    const [row] = await tx
      .select({ owner: leases.owner })
      .from(leases)
      .where(and(eq(leases.tenantId, tenantId), ne(leases.owner, owner), gt(leases.expiresAt, now)))
      .limit(1);
    return !!row;
  }

  /**
   * Sessions that should run (connected before, never logged out, company not suspended: the
   * auto-start flag) and that no instance runs: their lease expired (its owner died, or handed it
   * over at shutdown). At boot also those with no lease at all, or a lease of this very instance id
   * (a restart with a stable INSTANCE_ID): what a single backend restarts today.
   */
  async toTakeOver(tx: PlatformTx, owner: string, now: Date, atBoot: boolean): Promise<string[]> {
    const expired = and(sql`${leases.tenantId} is not null`, lte(leases.expiresAt, now));
    const free = atBoot ? or(isNull(leases.tenantId), expired, eq(leases.owner, owner)) : expired;
    const rows = await tx
      .select({ tenantId: whatsappAccounts.tenantId })
      .from(whatsappAccounts)
      .innerJoin(tenants, eq(tenants.id, whatsappAccounts.tenantId))
      .leftJoin(leases, eq(leases.tenantId, whatsappAccounts.tenantId))
      .where(and(eq(whatsappAccounts.autoStart, true), eq(tenants.isActive, true), free));
    return rows.map((r) => r.tenantId);
  }
}
