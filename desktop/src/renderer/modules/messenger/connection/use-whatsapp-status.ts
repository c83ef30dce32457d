import { WHATSAPP_STATUS_REFRESH_MS, type WhatsAppStatusEvent } from '@crm/common';
import { useEffect } from 'react';
import { useRealtimeStore } from '../../realtime/store';
import { useWhatsAppStore } from './store';

/**
 * The tenant's WhatsApp status while the messenger is open: the cached one at once (fresh for
 * 300 s), `wa:get_status` on mount and after each (re)connect, `wa:status` pushes, and a refresh
 * every 300 s.
 */
export function useWhatsAppStatus(tenantId: string): void {
  const socket = useRealtimeStore((state) => state.socket);

  useEffect(() => {
    void useWhatsAppStore.getState().loadStatus(tenantId);
  }, [tenantId]);

  useEffect(() => {
    if (!socket) return;
    const onStatus = (status: WhatsAppStatusEvent) => useWhatsAppStore.getState().setStatus({ ...status, reason: status.reason ?? null, phoneNumber: status.phoneNumber ?? null });
    const ask = () => socket.emit('wa:get_status');
    socket.on('wa:status', onStatus);
    socket.on('connect', ask);
    ask();
    return () => {
      socket.off('wa:status', onStatus);
      socket.off('connect', ask);
    };
  }, [socket]);

  useEffect(() => {
    const timer = setInterval(() => {
      const live = useRealtimeStore.getState();
      if (live.socket && live.status === 'connected') live.socket.emit('wa:get_status');
      else void useWhatsAppStore.getState().loadStatus(tenantId, { force: true });
    }, WHATSAPP_STATUS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [tenantId]);
}
