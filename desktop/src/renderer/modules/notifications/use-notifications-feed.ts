import type { NotificationEvent } from '@crm/common';
import { useEffect } from 'react';
import { useRealtimeStore } from '../realtime/store';
import { playNotificationSound } from './beep';
import { useNotificationsStore } from './store';

/** Loads the signed-in user's notifications and adds each `new_notification` on top, with a sound. */
export function useNotificationsFeed(sound: () => void = playNotificationSound): void {
  const socket = useRealtimeStore((state) => state.socket);

  useEffect(() => {
    void useNotificationsStore.getState().load();
  }, []);

  useEffect(() => {
    if (!socket) return;
    const onNotification = (event: NotificationEvent) => {
      useNotificationsStore.getState().push(event);
      sound();
    };
    // After a reconnect, catch up with what was pushed while offline.
    const onReconnect = () => void useNotificationsStore.getState().load();
    socket.on('new_notification', onNotification);
    socket.io?.on?.('reconnect', onReconnect);
    return () => {
      socket.off('new_notification', onNotification);
      socket.io?.off?.('reconnect', onReconnect);
    };
  }, [socket, sound]);
}
