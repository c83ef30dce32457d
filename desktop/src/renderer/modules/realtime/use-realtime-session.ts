import { PRESENCE_INPUT_THROTTLE_MS, chatRoute, isPlaceholderPhone, type ForceLogoutEvent, type MessageNotificationEvent } from '@crm/common';
import { useEffect } from 'react';
import { bridge } from '../../lib/bridge';
import { i18n } from '../../i18n';
import { contactLabel } from '../../ui/ContactPhone';
import { useAuthStore } from '../auth/store';
import { showForceLogoutAlert } from './force-logout-alert';
import { useRealtimeStore } from './store';

/**
 * Keeps the realtime socket open while the signed-in layout is mounted, and handles the
 * session-wide events: force_logout, and desktop notifications for messages assigned to me.
 */
export function useRealtimeSession(): void {
  const token = useAuthStore((state) => state.token);
  const userId = useAuthStore((state) => state.user?._id);

  useEffect(() => {
    if (!token) return;
    const socket = useRealtimeStore.getState().connect(token);

    const onForceLogout = (event: ForceLogoutEvent) => {
      showForceLogoutAlert(event);
      // The guard sends the now-anonymous user to /login.
      void useAuthStore.getState().logout({ notifyServer: false });
    };
    const onMessageNotification = (event: MessageNotificationEvent) => {
      // Only messages assigned to the current user notify.
      if (!userId || event.assignedTo !== userId) return;
      void bridge.showNotification({
        title: notificationTitle(event),
        body: event.messageBody,
        route: chatRoute(event.contactId),
      });
    };

    socket.on('force_logout', onForceLogout);
    socket.on('msg:notification', onMessageNotification);
    const stopReportingInput = reportInput(() => {
      if (!socket.connected) return false;
      socket.emit('presence:input');
      return true;
    });
    return () => {
      stopReportingInput();
      socket.off('force_logout', onForceLogout);
      socket.off('msg:notification', onMessageNotification);
      useRealtimeStore.getState().disconnect();
    };
  }, [token, userId]);
}

/**
 * Who wrote, as the chat list names them: the name, else the number, never a WhatsApp id's
 * placeholder. A server before `contact` sends the two joined in `contactName`.
 */
function notificationTitle(event: MessageNotificationEvent): string {
  if (event.contact) return contactLabel(event.contact.name, event.contact.phone);
  return isPlaceholderPhone(event.contactName) ? i18n.t('common:contactPhone.noNumber') : event.contactName;
}

const INPUT_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/**
 * Tells the server that the user touches this window (at most every PRESENCE_INPUT_THROTTLE_MS),
 * so that colleagues see them idle only when none of their windows had input for a while.
 */
function reportInput(send: () => boolean): () => void {
  let last = 0;
  const onInput = () => {
    const now = Date.now();
    if (now - last < PRESENCE_INPUT_THROTTLE_MS) return;
    // input while the socket is down is not counted: the first input after it is back is reported
    if (send()) last = now;
  };
  for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { passive: true, capture: true });
  return () => {
    for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
  };
}
