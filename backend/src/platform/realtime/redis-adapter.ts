import type { Logger } from '@nestjs/common';
import { RedisAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Namespace, Server } from 'socket.io';
import { BroadcastCodec } from './broadcast-codec.js';

/** The adapter's channels of a deployment (REDIS_PREFIX) start with this. */
export const adapterKey = (prefix: string) => `${prefix}:socket.io`;

type Client = ReturnType<typeof createClient>;
type BroadcastOptions = { rooms: Set<string>; except?: Set<string>; flags?: { local?: boolean } };

/** The in-memory adapter's broadcast, which the Redis adapter extends: this instance's sockets only. */
const deliverHere = (Object.getPrototypeOf(RedisAdapter.prototype) as { broadcast(packet: unknown, opts: BroadcastOptions): void }).broadcast;

/**
 * The Redis adapter, except that an event reaches this instance's own sockets first and whatever
 * becomes of its publish: while Redis is down (or the publish fails) the instance's own clients
 * still get every event at once, and only the other instances' miss them.
 */
class LocalFirstRedisAdapter extends RedisAdapter {
  constructor(
    nsp: Namespace,
    pub: unknown,
    sub: unknown,
    private readonly key: string,
    private readonly codec: BroadcastCodec,
    private readonly publishFailed: (err: unknown) => void,
  ) {
    super(nsp, pub, sub, { key, parser: codec });
  }

  override broadcast(packet: { nsp?: string }, opts: BroadcastOptions) {
    packet.nsp = this.nsp.name;
    deliverHere.call(this, packet, opts);
    if (opts.flags?.local) return;
    try {
      // what RedisAdapter.broadcast publishes (its wire format, which every instance reads): [uid, packet, opts] on the
      // namespace's channel, or on the room's own channel for one room
      const message = this.codec.encode([this.uid, packet, { rooms: [...opts.rooms], except: [...new Set(opts.except)], flags: opts.flags }]);
      const room = opts.rooms.size === 1 ? `${opts.rooms.values().next().value}#` : '';
      // not awaited, as RedisAdapter does: its rejection reaches publishFailed (unhandledRejectionsCaught below)
      void (this.pubClient as Client).publish(`${this.key}#${this.nsp.name}#${room}`, message as Buffer);
    } catch (err) {
      this.publishFailed(err);
    }
  }
}

/**
 * With REDIS_URL set, events emitted on one backend instance reach sockets connected to the others.
 * Returns the publishing client, which also serves plain commands (presence counts).
 */
export async function attachRedisAdapter(server: Server, url: string, prefix: string, logger: Logger) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  pub.on('error', (err) => logger.warn(`redis: ${err.message}`));
  sub.on('error', (err) => logger.warn(`redis: ${err.message}`));

  // While a connection to Redis is down (Redis stopped or restarted, the network cut), or when Redis
  // closed the subscription because this instance read too slowly (client-output-buffer-limit
  // pubsub, 32 MB by default: an instance busy for tens of seconds), events published meanwhile are
  // lost: the other instances' events to this one, and this instance's publishes that were on their
  // way. The clients would never know. So once both connections are back, this instance's connections
  // are closed, once: the clients reconnect (1-10 s back-off) and fetch again what they show, as
  // after any reconnect. Meanwhile this instance's own sockets get its own events at once
  // (LocalFirstRedisAdapter), and a failed publish is no unhandled rejection, which would end the process.
  let lost = false;
  let publishLossLogged = false;
  const connectionLost = () => {
    lost = true;
  };
  const connectionBack = () => {
    if (!lost || !pub.isReady || !sub.isReady) return;
    lost = false;
    publishLossLogged = false;
    logger.warn("redis: the connection to Redis was lost and is back; events between the instances may have been missed, this instance's sockets reconnect to catch up");
    // their connections closed, not the sockets: a socket the server disconnects does not reconnect
    for (const socket of server.sockets.sockets.values()) socket.conn.close();
  };
  for (const client of [pub, sub]) {
    client.on('reconnecting', connectionLost);
    client.on('ready', connectionBack);
  }
  const publishFailed = (err: unknown) => {
    lost = true;
    if (publishLossLogged) return;
    publishLossLogged = true;
    logger.warn(`redis: events not published (${err instanceof Error ? err.message : err}); the other instances' sockets re-sync once Redis is back`);
  };
  await Promise.all([pub.connect(), sub.connect()]);

  // The adapter publishes without awaiting. With the client's default command timeout (5 s), a
  // publish still queued after 5 s (an instance that busy) would be dropped, its event never
  // reaching the other instances. Without a timeout a busy instance's events arrive late, not
  // never; a broken connection still fails the ones on their way (reported once, see above).
  const publisher = unhandledRejectionsCaught(pub.withCommandOptions({ timeout: 0 }), ['publish'], publishFailed);
  // the adapter's (un)subscriptions are not awaited either: one failing (Redis down at shutdown) must not end the process
  const subscriber = unhandledRejectionsCaught(sub, ['subscribe', 'pSubscribe', 'unsubscribe', 'pUnsubscribe'], () => undefined);
  // the prefix keeps deployments sharing one Redis apart: a request to all instances (fetchSockets) waits for every subscriber of its channel
  const key = adapterKey(prefix);
  // Socket.IO calls this with `new`, once per namespace: a function, not an arrow
  server.adapter(function adapterOf(nsp: Namespace) {
    const codec = new BroadcastCodec();
    const adapter = new LocalFirstRedisAdapter(nsp, publisher, subscriber, key, codec, publishFailed);
    codec.setOwnUid(adapter.uid as string);
    return adapter;
  } as never);
  server.engine.on('close', () => void Promise.allSettled([pub.quit(), sub.quit()]));
  logger.log('Socket.IO fan-out through Redis enabled');
  return pub;
}

/**
 * The client, for a caller that does not await the given methods: their rejections go to `failed`
 * (the promise returned is still the command's own, for a caller that does await).
 */
function unhandledRejectionsCaught<C extends object>(client: C, methods: string[], failed: (err: unknown) => void): C {
  // node-redis clients are layered this way themselves (withCommandOptions): the methods reach the client through the prototype
  const caught = Object.create(client) as Record<string, unknown>;
  for (const method of methods) {
    const original = (client as Record<string, unknown>)[method] as (...args: unknown[]) => Promise<unknown>;
    caught[method] = function (this: unknown, ...args: unknown[]) {
      try {
        const sent = original.apply(this, args);
        sent.catch(failed);
        return sent;
      } catch (err) {
        failed(err);
        return Promise.resolve(undefined);
      }
    };
  }
  return caught as C;
}
