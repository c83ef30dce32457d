import { notificationText, type NotificationCode, type NotificationParams } from '@crm/common';
import type { PlatformTx } from '../../platform/db/database.types.js';
import type { NotificationsRepository } from '../notifications/notifications.repository.js';
import type { DemoContext } from './demo-crm-data.js';

const HOUR = 3_600_000;

type DemoNotification = { code: NotificationCode; params: NotificationParams; link: string | null; hoursAgo: number; isRead: boolean };

/** What the bell shows each demo user on a first visit, so someone trying the demo finds it in use: a few codes, some unread. */
export function demoNotifications(companyName: string): { admin: DemoNotification[]; sales: DemoNotification[] } {
  const welcome: DemoNotification = { code: 'demo.welcome', params: { company: companyName }, link: null, hoursAgo: 0, isRead: false };
  return {
    admin: [
      welcome,
      { code: 'product.low_stock', params: { name: 'Leather Sandals', stock: 4, min: 6 }, link: '/products', hoursAgo: 3, isRead: false },
      { code: 'task.commented', params: { by: 'Sara Sales', title: 'Confirm the Alexandria delivery' }, link: '/team/tasks', hoursAgo: 20, isRead: true },
      { code: 'whatsapp.needs_qr', params: { reason: 'logged_out' }, link: '/whatsapp', hoursAgo: 50, isRead: true },
    ],
    sales: [welcome, { code: 'task.assigned', params: { by: 'Demo Admin', title: 'Call back the customers who asked about prices' }, link: '/my-tasks', hoursAgo: 5, isRead: false }],
  };
}

/** Demo mode only (called by the demo seeder): fills the demo users' bells. */
export async function seedDemoNotifications(tx: PlatformTx, ctx: DemoContext, companyName: string, repo: NotificationsRepository): Promise<void> {
  const lines = demoNotifications(companyName);
  const rows = [...lines.admin.map((line) => ({ line, userId: ctx.adminId })), ...ctx.salesIds.flatMap((userId) => lines.sales.map((line) => ({ line, userId })))].map(({ line, userId }) => ({
    tenantId: ctx.tenantId,
    userId,
    code: line.code,
    params: line.params,
    text: notificationText(line.code, line.params),
    link: line.link,
    isRead: line.isRead,
    createdAt: new Date(ctx.now.getTime() - line.hoursAgo * HOUR),
  }));
  await repo.insertMany(tx, rows);
}
