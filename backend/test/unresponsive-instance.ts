import { createClient } from 'redis';
import { RedisPresenceCounter } from '../src/platform/realtime/presence-counter.js';
import { adapterKey } from '../src/platform/realtime/redis-adapter.js';

export type UnresponsiveInstance = {
  /** A socket of the user is open on this instance (counted in Redis, as the real one counts it). */
  connect(userId: string): Promise<void>;
  /** Gone: no longer subscribed, its sockets no longer counted. */
  stop(): Promise<void>;
};

/**
 * A backend instance of the deployment (REDIS_PREFIX) that hangs, as the others see it: it is
 * subscribed to the Socket.IO adapter's request channel, so every fetchSockets waits for its
 * answer, but it never answers; its heartbeat is still fresh, so the users' sockets it counted
 * still count. (A hung process stops its heartbeat too, 30 s later; an overloaded one does not.)
 */
export async function startUnresponsiveInstance(redisUrl: string, prefix: string): Promise<UnresponsiveInstance> {
  const redis = createClient({ url: redisUrl });
  const subscriber = redis.duplicate();
  await Promise.all([redis.connect(), subscriber.connect()]);
  // the adapter's request channel of the default namespace ("<key>-request#<namespace>#", @socket.io/redis-adapter)
  await subscriber.subscribe(`${adapterKey(prefix)}-request#/#`, () => undefined);
  const counter = await RedisPresenceCounter.start(redis, prefix);
  return {
    connect: async (userId) => void (await counter.add(userId)),
    stop: async () => {
      await counter.stop();
      await Promise.allSettled([subscriber.quit(), redis.quit()]);
    },
  };
}
