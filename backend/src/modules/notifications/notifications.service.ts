import { Injectable } from '@nestjs/common';
import { notificationText, type MarkNotificationsReadRequest, type Notification, type NotificationCode, type NotificationList, type NotificationParams } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import type { NotificationRow } from './notifications.table.js';
import { NotificationsRepository } from './notifications.repository.js';

const LIST_LIMIT = 50;

/** What happened, as a code with parameters (the renderer words it in the user's language). */
export interface NotificationInput {
  code: NotificationCode;
  params?: NotificationParams;
  link?: string | null;
}

export const toNotificationDto = (row: NotificationRow): Notification => ({
  _id: row.id,
  code: row.code,
  params: row.params,
  text: row.text,
  link: row.link,
  isRead: row.isRead,
  createdAt: row.createdAt.toISOString(),
});

/** The notification bell: lines per user, pushed live with `new_notification`. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly db: Database,
    private readonly repo: NotificationsRepository,
    private readonly realtime: RealtimeEmitter,
    private readonly clock: Clock,
  ) {}

  async list(actor: TenantActor): Promise<NotificationList> {
    const { items, total, unread } = await this.db.tenant(actor.tenantId, (tx) => this.repo.listForUser(tx, actor.tenantId, actor.userId, LIST_LIMIT));
    return { items: items.map(toNotificationDto), total, unreadCount: unread };
  }

  async markRead(actor: TenantActor, input: MarkNotificationsReadRequest): Promise<{ updated: number }> {
    const updated = await this.db.tenant(actor.tenantId, (tx) => this.repo.markRead(tx, actor.tenantId, actor.userId, input.ids));
    return { updated };
  }

  /**
   * Writes one line for each user and pushes it to them (system work: no acting user). Stored as
   * the code and its parameters, with the English text as the fallback.
   */
  async notifyUsers(tenantId: string, userIds: string[], { code, params = {}, link = null }: NotificationInput): Promise<Notification[]> {
    const now = this.clock.now();
    const text = notificationText(code, params);
    const rows = await this.db.tenant(tenantId, (tx) =>
      this.repo.insertMany(
        tx,
        [...new Set(userIds)].map((userId) => ({ tenantId, userId, code, params, text, link, createdAt: now })),
      ),
    );
    for (const row of rows) this.realtime.toUser(row.userId, 'new_notification', toNotificationDto(row));
    return rows.map(toNotificationDto);
  }

  /** Tells every active admin of the company. */
  async notifyAdmins(tenantId: string, notification: NotificationInput): Promise<Notification[]> {
    const adminIds = await this.db.tenant(tenantId, (tx) => this.repo.activeAdminIds(tx, tenantId));
    return this.notifyUsers(tenantId, adminIds, notification);
  }
}
