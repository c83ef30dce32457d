import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import type { RedisAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { attachRedisAdapter } from './redis-adapter.js';

// Redis is there when the PostgreSQL suite runs (as for the two-instance tests), or when REDIS_URL says so.
const REDIS_URL = process.env.REDIS_URL ?? (process.env.TEST_DATABASE_URL ? 'redis://127.0.0.1:6379' : undefined);

// both instances of this file in one namespace of their own (REDIS_PREFIX)
const PREFIX = `test-adapter-${randomUUID()}`;

describe.skipIf(!REDIS_URL)('attachRedisAdapter (several instances)', () => {
  const opened: { http: HttpServer; io: Server }[] = [];
  const sockets: Socket[] = [];
  afterEach(async () => {
    sockets.splice(0).forEach((s) => s.close());
    await Promise.all(opened.splice(0).map(({ io }) => new Promise<void>((resolve) => void io.close(() => resolve()))));
  });

  async function instance() {
    const http = createServer();
    const io = new Server(http);
    await attachRedisAdapter(io, REDIS_URL!, PREFIX, new Logger('test'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    opened.push({ http, io });
    return { io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
  }

  it('delivers an event to the sockets of the emitting instance and of the other, once each, to one room and to several', async () => {
    const [a, b] = [await instance(), await instance()];
    const [admins, user] = [randomUUID(), randomUUID()];
    const join = (s: import('socket.io').Socket) => void s.join(s.handshake.query.rooms === 'both' ? [admins, user] : [admins]);
    a.io.on('connection', join);
    b.io.on('connection', join);
    const clients = [
      connect(a.url, { transports: ['websocket'], query: { rooms: 'both' } }),
      connect(b.url, { transports: ['websocket'], query: { rooms: 'both' } }),
      connect(b.url, { transports: ['websocket'] }),
    ];
    sockets.push(...clients);
    await Promise.all(clients.map((c) => new Promise<void>((resolve) => c.once('connect', () => resolve()))));
    await new Promise((r) => setTimeout(r, 100)); // the joins are done
    const got = clients.map(() => [] as string[]);
    clients.forEach((c, i) => c.on('msg:new', (body: string) => got[i].push(body)));

    a.io.to([admins, user]).emit('msg:new', 'to both rooms');
    a.io.to(admins).emit('msg:new', 'to the admins');
    b.io.to(user).emit('msg:new', 'from b to the user');
    await new Promise((r) => setTimeout(r, 300)); // anything doubled would have arrived by now
    // in any order: each instance hands its own sockets an event at once, the other's through Redis
    expect(got[0].sort()).toEqual(['from b to the user', 'to both rooms', 'to the admins']);
    expect(got[1].sort()).toEqual(['from b to the user', 'to both rooms', 'to the admins']);
    expect(got[2].sort()).toEqual(['to both rooms', 'to the admins']);
  });

  it('closes its sockets when Redis cut its subscription, so that they reconnect and catch up with what they missed', async () => {
    const [a, b] = [await instance(), await instance()];
    const room = randomUUID();
    b.io.on('connection', (s) => void s.join(room));
    const client = connect(b.url, { transports: ['websocket'], reconnectionDelay: 100, reconnectionDelayMax: 200 });
    sockets.push(client);
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    const dropped = new Promise<string>((resolve) => {
      client.once('disconnect', (reason) => resolve(reason));
      setTimeout(() => resolve('still connected after 5 s'), 5_000);
    });
    const back = new Promise<void>((resolve) => client.io.once('reconnect', () => resolve()));

    // as Redis does to a subscriber over its output buffer limit
    const subscriber = (b.io.of('/').adapter as unknown as RedisAdapter).subClient as ReturnType<typeof createClient>;
    const id = await subscriber.clientId();
    const admin = createClient({ url: REDIS_URL });
    await admin.connect();
    await admin.sendCommand(['CLIENT', 'KILL', 'ID', String(id)]);
    await admin.quit();

    expect(await dropped).toBe('transport close'); // a drop the client recovers from by itself
    await back;
    await new Promise((r) => setTimeout(r, 200)); // joined again, and subscribed again
    const received = new Promise<string>((resolve) => client.once('msg:new', resolve));
    a.io.to(room).emit('msg:new', 'after the cut');
    expect(await received).toBe('after the cut');
  });

  it("still delivers an instance's events to the others after it was too busy to publish them for longer than Redis's command timeout, and does not crash", async () => {
    const [a, b] = [await instance(), await instance()];
    const room = randomUUID();
    b.io.on('connection', (s) => void s.join(room));
    const client = connect(b.url, { transports: ['websocket'] });
    sockets.push(client);
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    await new Promise((r) => setTimeout(r, 100)); // the join is done

    // more than the socket to Redis takes at once: the rest waits in the client's queue for the socket to drain
    const count = 200;
    const body = 'x'.repeat(64 * 1024);
    let received = 0;
    const all = new Promise<void>((resolve) => client.on('msg:new', () => ++received === count && resolve()));
    for (let i = 0; i < count; i++) a.io.to(room).emit('msg:new', body);
    // then instance a's event loop is busy past the client's 5 s default command timeout (after the first write, before the drain)
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        const until = Date.now() + 5_200;
        while (Date.now() < until);
        resolve();
      }),
    );
    await all;
    expect(received).toBe(count);
  }, 20_000);
});
