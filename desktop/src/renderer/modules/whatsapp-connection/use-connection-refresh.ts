import type { WhatsAppStatusEvent } from '@crm/common';
import { useEffect, useRef } from 'react';
import { useRealtimeStore } from '../realtime/store';

/** The states in which the server has just recorded what Meta answered on the stored settings. */
const SETTLED = new Set(['connected', 'needs_attention']);

/**
 * Reloads the stored connection when the company's WhatsApp becomes connected or needs attention
 * (`wa:status`): the session's own call to Meta is recorded on the settings, so the page does not
 * keep saying "Not tested yet" or "Connected" after the server learnt otherwise.
 */
export function useConnectionRefresh(active: boolean, reload: () => void): void {
  const socket = useRealtimeStore((state) => state.socket);
  const latest = useRef(reload);
  latest.current = reload;

  useEffect(() => {
    if (!socket || !active) return;
    const onStatus = (status: WhatsAppStatusEvent) => {
      if (SETTLED.has(status.state)) latest.current();
    };
    socket.on('wa:status', onStatus);
    return () => {
      socket.off('wa:status', onStatus);
    };
  }, [socket, active]);
}
