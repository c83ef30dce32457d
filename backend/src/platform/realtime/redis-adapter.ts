import type { Logger } from '@nestjs/common';
import { RedisAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Namespace, Server } from 'socket.io';
import { BroadcastCodec } from './broadcast-codec.js';

/** The adapter's channels of a deployment (REDIS_PREFIX) start with this. */
export const adapterKey = (prefix: string) => `${prefix}:socket.io`;

/**
 * With REDIS_URL set, events emitted on one backend instance reach sockets connected to the others.
 * Returns the publishing client, which also serves plain commands (presence counts).
 */
export async function attachRedisAdapter(server: Server, url: string, prefix: string, logger: Logger) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  pub.on('error', (err) => logger.warn(`redis: ${err.message}`));
  sub.on('error', (err) => logger.warn(`redis: ${err.message}`));
  // The subscription can be cut: Redis restarted, or Redis closed it because this instance read
  // too slowly (client-output-buffer-limit pubsub, 32 MB by default: an instance busy for tens of
  // seconds). The events published meanwhile are gone, and the clients would never know. Once it
  // is back, this instance's connections are closed: the clients reconnect (1-10 s back-off) and
  // fetch again what they show, as after any reconnect.
  let subscribedBefore = false;
  sub.on('ready', () => {
    if (subscribedBefore) {
      logger.warn("redis: the Socket.IO subscription was cut and is back; other instances' events may have been missed, this instance's sockets reconnect to catch up");
      // their connections closed, not the sockets: a socket the server disconnects does not reconnect
      for (const socket of server.sockets.sockets.values()) socket.conn.close();
    }
    subscribedBefore = true;
  });
  await Promise.all([pub.connect(), sub.connect()]);
  // The adapter publishes without awaiting. With the client's default command timeout (5 s), a
  // publish still queued after 5 s (an instance that busy) would be dropped, its event never
  // reaching the other instances, and its rejection, which nobody handles, would end the process.
  // Without a timeout a busy instance's events arrive late, not never; a broken connection still
  // fails them (and is reported above).
  // the prefix keeps deployments sharing one Redis apart: a request to all instances (fetchSockets) waits for every subscriber of its channel
  const publisher = pub.withCommandOptions({ timeout: 0 });
  // Socket.IO calls this with `new`, once per namespace: a function, not an arrow
  server.adapter(function adapterOf(nsp: Namespace) {
    const parser = new BroadcastCodec();
    const adapter = new RedisAdapter(nsp, publisher, sub, { key: adapterKey(prefix), parser });
    parser.setOwnUid(adapter.uid);
    return adapter;
  } as never);
  server.engine.on('close', () => void Promise.allSettled([pub.quit(), sub.quit()]));
  logger.log('Socket.IO fan-out through Redis enabled');
  return pub;
}
