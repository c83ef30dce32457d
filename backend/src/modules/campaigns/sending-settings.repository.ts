import { Injectable } from '@nestjs/common';
import type { SendingSettings } from '@crm/common';
import { eq, sql } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/database.types.js';
import { sendingPace, sendingSettings } from './campaigns.table.js';

/** SQL of Settings → Sending and of the company's shared pace. */
@Injectable()
export class SendingSettingsRepository {
  async find(tx: TenantTx, tenantId: string): Promise<SendingSettings | undefined> {
    const [row] = await tx.select({ settings: sendingSettings.settings }).from(sendingSettings).where(eq(sendingSettings.tenantId, tenantId));
    return row?.settings;
  }

  async save(tx: TenantTx, tenantId: string, settings: SendingSettings, at: Date): Promise<void> {
    await tx
      .insert(sendingSettings)
      .values({ tenantId, settings, updatedAt: at })
      .onConflictDoUpdate({ target: sendingSettings.tenantId, set: { settings, updatedAt: at } });
  }

  /**
   * Takes the company's next send slot: only when the previous slot's interval has passed and the
   * day's limit is not reached (a new day starts at zero). One conditional write of one row, so
   * instances racing for it get one slot between them. False: wait.
   */
  async takeSlot(tx: TenantTx, tenantId: string, slot: { now: Date; next: Date; day: string; limit: number }): Promise<boolean> {
    const rows = await tx
      .insert(sendingPace)
      .values({ tenantId, nextSendAt: slot.next, day: slot.day, sentOnDay: 1, updatedAt: slot.now })
      .onConflictDoUpdate({
        target: sendingPace.tenantId,
        set: {
          nextSendAt: slot.next,
          sentOnDay: sql`case when ${sendingPace.day} = ${slot.day} then ${sendingPace.sentOnDay} + 1 else 1 end`,
          day: slot.day,
          updatedAt: slot.now,
        },
        setWhere: sql`${sendingPace.nextSendAt} <= ${slot.now.toISOString()}::timestamptz and (${sendingPace.day} <> ${slot.day} or ${sendingPace.sentOnDay} < ${slot.limit})`,
      })
      .returning({ tenantId: sendingPace.tenantId });
    return rows.length > 0 && slot.limit > 0;
  }

  /**
   * Gives back a slot that sent nothing (a recipient skipped after its claim): the day's count goes
   * down and the next send may go now, unless another slot was taken since (its interval stands).
   */
  async giveBack(tx: TenantTx, tenantId: string, slot: { next: Date; day: string; now: Date }): Promise<void> {
    await tx
      .update(sendingPace)
      .set({ nextSendAt: slot.now, sentOnDay: sql`greatest(${sendingPace.sentOnDay} - 1, 0)`, updatedAt: slot.now })
      .where(sql`${sendingPace.tenantId} = ${tenantId} and ${sendingPace.day} = ${slot.day} and ${sendingPace.nextSendAt} = ${slot.next.toISOString()}::timestamptz`);
  }

  /** How many automated sends left today (for the settings screen). */
  async sentOn(tx: TenantTx, tenantId: string, day: string): Promise<number> {
    const [row] = await tx.select({ day: sendingPace.day, sent: sendingPace.sentOnDay }).from(sendingPace).where(eq(sendingPace.tenantId, tenantId));
    return row && row.day === day ? row.sent : 0;
  }
}
