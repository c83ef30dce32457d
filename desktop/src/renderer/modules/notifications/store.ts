import { NOTIFICATIONS_MARK_READ_AFTER_MS, type Notification, type NotificationEvent } from '@crm/common';
import { create } from 'zustand';
import { errorMessage } from '../../lib/error-message';
import { notificationsApi } from './api';

/** 2 s after the bell opens, unread items are marked read. */
export const MARK_READ_AFTER_MS = NOTIFICATIONS_MARK_READ_AFTER_MS;

export type NotificationsStatus = 'idle' | 'loading' | 'ready' | 'error';

interface NotificationsState {
  items: Notification[];
  unreadCount: number;
  status: NotificationsStatus;
  error: string | null;
  load: () => Promise<void>;
  /** A `new_notification` from the socket: on top, unread. */
  push: (event: NotificationEvent) => void;
  /** POST /notifications/read for every unread one. */
  markAllRead: () => Promise<void>;
}

export const useNotificationsStore = create<NotificationsState>()((set, get) => ({
  items: [],
  unreadCount: 0,
  status: 'idle',
  error: null,

  load: async () => {
    set({ status: 'loading', error: null });
    try {
      const list = await notificationsApi.list();
      set({ items: list.items, unreadCount: list.unreadCount, status: 'ready' });
    } catch (error) {
      set({ status: 'error', error: errorMessage(error, 'notifications:loadFailed', { list: true }) });
    }
  },

  push: (event) => {
    if (get().items.some((item) => item._id === event._id)) return;
    const item: Notification = { _id: event._id, code: event.code ?? null, params: event.params ?? null, text: event.text, link: event.link ?? null, isRead: event.isRead, createdAt: event.createdAt };
    set((state) => ({ items: [item, ...state.items], unreadCount: state.unreadCount + (item.isRead ? 0 : 1) }));
  },

  markAllRead: async () => {
    if (get().unreadCount === 0 && !get().items.some((item) => !item.isRead)) return;
    const before = get();
    set({ items: before.items.map((item) => (item.isRead ? item : { ...item, isRead: true })), unreadCount: 0 });
    try {
      await notificationsApi.markRead();
    } catch {
      // Still unread on the server: show them as unread again.
      set({ items: before.items, unreadCount: before.unreadCount });
    }
  },
}));

export function resetNotificationsStoreForTests(): void {
  useNotificationsStore.setState({ items: [], unreadCount: 0, status: 'idle', error: null });
}
