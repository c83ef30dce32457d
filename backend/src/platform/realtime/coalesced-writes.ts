import type { Server } from 'socket.io';

type Corkable = { cork(): void; uncork(): void };

/**
 * One write to the network per flush of a connection, not one per frame. Engine.io hands
 * a connection's queued packets to the WebSocket transport in one go, and `ws` writes each frame as
 * its own corked pair (header, payload): at 2,000 inbound msg/s to 50 sockets that was ~12,000
 * `writev` system calls a second, an eighth of the main thread. The engine emits `flush` right
 * before the transport writes a flush's frames, synchronously; corking the TCP socket there and
 * uncorking it on the next tick (Node's documented cork pattern) joins them into one `writev`.
 * Frames and their order are unchanged, and every cork has its uncork whatever the transport does.
 */
export function coalesceWebSocketWrites(server: Server) {
  server.engine.on('flush', (conn: object) => {
    const tcp = tcpSocketOf(conn);
    if (!tcp) return;
    tcp.cork();
    process.nextTick(() => tcp.uncork());
  });
}

/** The TCP socket under a connection on the WebSocket transport (undefined for long-polling). */
function tcpSocketOf(conn: object): Corkable | undefined {
  const transport = (conn as { transport?: { name?: string; socket?: { _socket?: unknown } } }).transport;
  if (transport?.name !== 'websocket') return undefined;
  const tcp = transport.socket?._socket as Partial<Corkable> | undefined;
  return typeof tcp?.cork === 'function' && typeof tcp.uncork === 'function' ? (tcp as Corkable) : undefined;
}
