import { bridgeError, bridgeOk, IPC_CHANNELS, notificationRequestSchema, type NotificationClick } from '@crm/common';
import type { BrowserWindow, NotificationConstructorOptions } from 'electron';
import { focusWindow } from '../window.main';
import { ENGLISH_TEXTS, type MainTexts } from '../i18n/catalogue.main';
import type { IpcRouter } from './ipc-router.main';

/** The part of Electron's Notification class used here. */
export interface NotificationLike {
  on(event: 'click' | 'close', listener: () => void): unknown;
  show(): void;
}
export interface NotificationClass {
  new (options: NotificationConstructorOptions): NotificationLike;
  isSupported(): boolean;
}

export type NotifiableWindow = Pick<BrowserWindow, 'isMinimized' | 'restore' | 'show' | 'focus' | 'isDestroyed'> & {
  webContents: Pick<BrowserWindow['webContents'], 'send'>;
};

/**
 * Native notifications. A click brings the window forward and tells the renderer which route to
 * open (the chat of the message). Shown notifications are kept referenced until closed: a
 * garbage-collected Notification silently loses its click handler.
 */
export function registerNotificationIpc(
  router: IpcRouter,
  { Notification, getWindow, texts = ENGLISH_TEXTS }: { Notification: NotificationClass; getWindow: () => NotifiableWindow | null; texts?: MainTexts },
): void {
  const live = new Set<NotificationLike>();

  router.handle(IPC_CHANNELS.showNotification, notificationRequestSchema, ({ title, body, route, silent }) => {
    if (!Notification.isSupported()) return bridgeError(texts.t('notificationsUnsupported'));
    const notification = new Notification({ title, body, silent });
    live.add(notification);
    notification.on('close', () => live.delete(notification));
    notification.on('click', () => {
      live.delete(notification);
      const window = getWindow();
      if (!window || window.isDestroyed()) return;
      focusWindow(window);
      if (route) window.webContents.send(IPC_CHANNELS.notificationClickedEvent, { route } satisfies NotificationClick);
    });
    notification.show();
    return bridgeOk(null);
  });
}
