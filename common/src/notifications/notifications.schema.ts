import { z } from 'zod';

/**
 * A notification, with `code` and `params`: the renderer words the code
 * in the user's language; `text` is the English (and the only text of rows written before codes).
 */
export const notificationSchema = z.object({
  _id: z.string(),
  code: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  text: z.string(),
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number(),
  unreadCount: z.number(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /notifications/read: the given ids, or every unread one when `ids` is absent. */
export const markNotificationsReadSchema = z.object({ ids: z.array(z.uuid()).max(500).optional() });
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadSchema>;
