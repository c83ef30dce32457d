import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { tenants } from '../tenants/tenants.table.js';
import { whatsappAccounts, type WhatsappAccountRow } from './whatsapp.table.js';

export type AccountPatch = Partial<Pick<WhatsappAccountRow, 'state' | 'reasonCode' | 'connectionKind' | 'autoStart' | 'phoneNumber' | 'lastConnectedAt' | 'lastEventAt' | 'name'>>;

@Injectable()
export class WhatsAppRepository {
  async find(tx: TenantTx, tenantId: string): Promise<WhatsappAccountRow | undefined> {
    const [row] = await tx.select().from(whatsappAccounts).where(eq(whatsappAccounts.tenantId, tenantId)).limit(1);
    return row;
  }

  /** The tenant's one account, created on first use (idempotent, also under concurrency). */
  async ensure(tx: TenantTx, tenantId: string, name = 'Default Account'): Promise<WhatsappAccountRow> {
    const [created] = await tx.insert(whatsappAccounts).values({ tenantId, name }).onConflictDoNothing().returning();
    return created ?? (await this.find(tx, tenantId))!;
  }

  async update(tx: TenantTx, tenantId: string, patch: AccountPatch): Promise<void> {
    await tx.update(whatsappAccounts).set(patch).where(eq(whatsappAccounts.tenantId, tenantId));
  }

  /**
   * Sessions to restart when the backend starts: connected before, never logged out, of a company
   * not suspended (its session restarts on re-activation). Platform path (no tenant yet).
   */
  async listAutoStart(tx: PlatformTx): Promise<string[]> {
    const rows = await tx
      .select({ tenantId: whatsappAccounts.tenantId })
      .from(whatsappAccounts)
      .innerJoin(tenants, eq(tenants.id, whatsappAccounts.tenantId))
      .where(and(eq(whatsappAccounts.autoStart, true), eq(tenants.isActive, true)));
    return rows.map((r) => r.tenantId);
  }
}
