import { create } from 'zustand';
import { isDesktop } from '../../lib/bridge';
import { openRealtimeSocket, type CrmSocket } from '../../lib/realtime-client';
import { getServerOrigin } from '../../lib/server-origin';

export type RealtimeStatus = 'disconnected' | 'connecting' | 'connected';

interface RealtimeState {
  status: RealtimeStatus;
  socket: CrmSocket | null;
  /** Opens (or reuses) the socket for this token. */
  connect: (token: string) => CrmSocket;
  disconnect: () => void;
}

/** The realtime connection of the signed-in user: one socket at a time. */
export const useRealtimeStore = create<RealtimeState>()((set, get) => ({
  status: 'disconnected',
  socket: null,

  connect: (token) => {
    const current = get().socket;
    if (current && (current.auth as { token?: string }).token === token) return current;
    current?.disconnect();

    const socket = openRealtimeSocket({ url: getServerOrigin(), token, websocketOnly: isDesktop() });
    socket.on('connect', () => set({ status: 'connected' }));
    socket.on('disconnect', () => set({ status: socket.active ? 'connecting' : 'disconnected' }));
    socket.on('connect_error', () => set({ status: socket.active ? 'connecting' : 'disconnected' }));
    set({ socket, status: 'connecting' });
    return socket;
  },

  disconnect: () => {
    get().socket?.disconnect();
    set({ socket: null, status: 'disconnected' });
  },
}));
