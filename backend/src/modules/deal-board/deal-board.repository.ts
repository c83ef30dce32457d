import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { PipelineStatus } from '@crm/common';
import type { TenantTx } from '../../platform/db/database.types.js';
import { dealBoardSettings } from './deal-board.table.js';

export type BoardSettingsRow = { staleDays: Partial<Record<PipelineStatus, number>>; lostReasons: string[] };
/** The board's own table: a company's stale thresholds and lost reasons. */
@Injectable()
export class DealBoardRepository {
  async settings(tx: TenantTx, tenantId: string): Promise<BoardSettingsRow> {
    const [row] = await tx.select({ staleDays: dealBoardSettings.staleDays, lostReasons: dealBoardSettings.lostReasons }).from(dealBoardSettings).where(eq(dealBoardSettings.tenantId, tenantId));
    return row ?? { staleDays: {}, lostReasons: [] };
  }

  async saveSettings(tx: TenantTx, tenantId: string, settings: BoardSettingsRow, now: Date): Promise<void> {
    await tx
      .insert(dealBoardSettings)
      .values({ tenantId, ...settings, updatedAt: now })
      .onConflictDoUpdate({ target: dealBoardSettings.tenantId, set: { ...settings, updatedAt: now } });
  }
}
