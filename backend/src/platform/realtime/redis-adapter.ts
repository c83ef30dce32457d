import type { Logger } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Server } from 'socket.io';

/**
 * With REDIS_URL set, events emitted on one backend instance reach sockets connected to the others.
 * Returns the publishing client, which also serves plain commands (presence counts).
 */
export async function attachRedisAdapter(server: Server, url: string, logger: Logger) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  pub.on('error', (err) => logger.warn(`redis: ${err.message}`));
  sub.on('error', (err) => logger.warn(`redis: ${err.message}`));
  await Promise.all([pub.connect(), sub.connect()]);
  server.adapter(createAdapter(pub, sub));
  server.engine.on('close', () => void Promise.allSettled([pub.quit(), sub.quit()]));
  logger.log('Socket.IO fan-out through Redis enabled');
  return pub;
}
