import type { NotificationList } from '@crm/common';
import { api } from '../../lib/api';

/** The signed-in user's notifications. */
export const notificationsApi = {
  list: () => api.get<NotificationList>('/notifications'),
  /** Without ids: every unread one. */
  markRead: (ids?: string[]) => api.post<{ updated: number }>('/notifications/read', ids ? { ids } : {}),
};
