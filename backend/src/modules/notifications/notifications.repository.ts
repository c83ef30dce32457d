import { Injectable } from '@nestjs/common';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import type { NotificationParams } from '@crm/common';
import { users } from '../users/users.table.js';
import { notifications, type NotificationRow } from './notifications.table.js';
import { newestFirst } from '../../platform/db/order.js';

@Injectable()
export class NotificationsRepository {
  async insertMany(
    tx: TenantTx | PlatformTx,
    rows: { tenantId: string; userId: string; code: string; params: NotificationParams; text: string; link: string | null; createdAt: Date; isRead?: boolean }[],
  ): Promise<NotificationRow[]> {
    if (rows.length === 0) return [];
    return tx.insert(notifications).values(rows).returning();
  }

  async listForUser(tx: TenantTx, tenantId: string, userId: string, limit: number) {
    const mine = and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId));
    const items = await tx.select().from(notifications).where(mine).orderBy(newestFirst(notifications.createdAt), newestFirst(notifications.id)).limit(limit);
    const [{ total }] = await tx.select({ total: count() }).from(notifications).where(mine);
    const [{ unread }] = await tx
      .select({ unread: count() })
      .from(notifications)
      .where(and(mine, eq(notifications.isRead, false)));
    return { items, total, unread };
  }

  async markRead(tx: TenantTx, tenantId: string, userId: string, ids?: string[]): Promise<number> {
    const rows = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId), eq(notifications.isRead, false), ids ? inArray(notifications.id, ids) : undefined))
      .returning({ id: notifications.id });
    return rows.length;
  }

  async activeAdminIds(tx: TenantTx, tenantId: string): Promise<string[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.role, 'admin'), eq(users.isActive, true)));
    return rows.map((r) => r.id);
  }
}
