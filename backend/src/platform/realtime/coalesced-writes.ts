import type { Server } from 'socket.io';

type Corkable = { cork(): void; uncork(): void; writableCorked?: number };

/**
 * One write to the network per flush of a connection, not one per frame (issue 17). Engine.io hands
 * a connection's queued packets to the WebSocket transport in one go, and `ws` writes each frame as
 * its own corked pair (header, payload): at 2,000 inbound msg/s to 50 sockets that was ~12,000
 * `writev` system calls a second, an eighth of the main thread. Corking the TCP socket from the
 * engine's `flush` event to its `drain` event (both emitted synchronously around the transport's
 * send) joins a flush's frames into one `writev`; frames and their order are unchanged.
 */
export function coalesceWebSocketWrites(server: Server) {
  const corked = new WeakMap<object, Corkable>();
  server.engine.on('flush', (conn: object) => {
    const tcp = tcpSocketOf(conn);
    if (!tcp) return;
    tcp.cork();
    corked.set(conn, tcp);
  });
  server.engine.on('drain', (conn: object) => {
    const tcp = corked.get(conn);
    if (!tcp) return;
    corked.delete(conn);
    tcp.uncork();
  });
}

/** The TCP socket under a connection on the WebSocket transport (undefined for long-polling). */
function tcpSocketOf(conn: object): Corkable | undefined {
  const transport = (conn as { transport?: { name?: string; socket?: { _socket?: unknown } } }).transport;
  if (transport?.name !== 'websocket') return undefined;
  const tcp = transport.socket?._socket as Partial<Corkable> | undefined;
  return typeof tcp?.cork === 'function' && typeof tcp.uncork === 'function' ? (tcp as Corkable) : undefined;
}
