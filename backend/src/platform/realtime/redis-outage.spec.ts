import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, connect as tcpConnect, type AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attachRedisAdapter } from './redis-adapter.js';

/*
 * Redis itself goes away and comes back. This must not be the machine's shared Redis (other work
 * uses it): the spec starts a throwaway redis-server of its own on a free port, stops and restarts
 * it, and is skipped where redis-server is not installed.
 */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A redis-server that keeps nothing on disk; resolves once it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = tcpConnect(port, '127.0.0.1', () => (probe.end(), resolve(true)));
      probe.on('error', () => resolve(false));
    });
    if (up) return child;
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start on port ${port}`);
}

/** Stops it as an operator (or a crash of Redis) would: its connections close. */
async function stopRedis(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe.skipIf(!hasRedisServer)('the Socket.IO fan-out while Redis is down and after it is back (a throwaway redis-server)', () => {
  let port: number;
  let redis: ChildProcess;
  const opened: { http: HttpServer; io: Server }[] = [];
  const clients: Socket[] = [];
  const unhandled: unknown[] = [];
  const collect = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    process.on('unhandledRejection', collect);
  }, 20_000);
  afterEach(async () => {
    clients.splice(0).forEach((c) => c.close());
    await Promise.all(opened.splice(0).map(({ io }) => new Promise<void>((resolve) => void io.close(() => resolve()))));
  });
  afterAll(async () => {
    process.off('unhandledRejection', collect);
    await stopRedis(redis);
  });

  async function instance() {
    const http = createServer();
    const io = new Server(http);
    await attachRedisAdapter(io, `redis://127.0.0.1:${port}`, 'test-outage', new Logger('test'));
    io.on('connection', (s) => void s.join('room'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    opened.push({ http, io });
    return { io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
  }

  it("keeps delivering to the instance's own sockets while Redis is down, does not fail on the publishes Redis dropped, and has every client re-sync once Redis is back", async () => {
    const a = await instance();
    const client = connect(a.url, { transports: ['websocket'], reconnectionDelay: 100, reconnectionDelayMax: 200 });
    clients.push(client);
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    await sleep(100); // joined
    const got: number[] = [];
    const drops: string[] = [];
    client.on('msg:new', (n: number) => got.push(n));
    client.on('disconnect', (reason) => drops.push(reason));

    // a burst whose publishes are still on their way to Redis when it stops (dropped with the connection)
    const body = 'x'.repeat(32 * 1024);
    let n = 0;
    for (; n < 100; n++) a.io.to('room').emit('msg:new', n, body);
    await stopRedis(redis);
    // Redis down: events keep coming, as inbound messages do
    for (let i = 0; i < 20; i++, n++) {
      a.io.to('room').emit('msg:new', n, body);
      await sleep(50);
    }
    await sleep(300);
    expect(drops).toEqual([]);
    expect(got).toEqual([...Array(n).keys()]); // every one, once, in order, without waiting for Redis
    expect(unhandled).toEqual([]); // under node (no handler), an unhandled rejection ends the process

    // Redis back: this instance's clients are told to re-sync (their connection closes, they reconnect and fetch)
    const back = new Promise<void>((resolve) => client.io.once('reconnect', () => resolve()));
    redis = await startRedis(port);
    await back;
    expect(drops).toEqual(['transport close']);
    await sleep(1_000); // once, not once per connection to Redis
    expect(drops).toEqual(['transport close']);

    // and events of the other instances reach them again
    const b = await instance();
    await sleep(200);
    const received = new Promise<number>((resolve) => client.once('msg:new', resolve));
    b.io.to('room').emit('msg:new', -1);
    expect(await received).toBe(-1);
    expect(unhandled).toEqual([]);
  }, 60_000);
});
