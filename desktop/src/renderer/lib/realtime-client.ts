import { SOCKET_IO_PATH, type ClientToServerEvents, type ServerToClientEvents, type SocketAuth } from '@crm/common';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type CrmSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketFactory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => CrmSocket;

export interface OpenSocketOptions {
  url: string;
  token: string;
  /**
   * The desktop app talks to a server of another origin: WebSocket upgrades are not subject to
   * CORS, HTTP long-polling is, so the desktop skips polling.
   */
  websocketOnly: boolean;
  factory?: SocketFactory;
}

/** Opens the authenticated realtime connection; Socket.IO reconnects on its own after drops. */
export function openRealtimeSocket({ url, token, websocketOnly, factory = io }: OpenSocketOptions): CrmSocket {
  const auth: SocketAuth = { token };
  return factory(url, {
    path: SOCKET_IO_PATH,
    auth,
    transports: websocketOnly ? ['websocket'] : ['polling', 'websocket'],
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
    timeout: 20_000,
  });
}
