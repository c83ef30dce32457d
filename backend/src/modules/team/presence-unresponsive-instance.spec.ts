import { Logger } from '@nestjs/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { OpenSockets, sleep, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { startUnresponsiveInstance, type UnresponsiveInstance } from '../../../test/unresponsive-instance.js';
import { ManualClock } from '../../platform/clock.js';
import { ALL_INSTANCES_READ_MS, PARTIAL_READS_MS } from '../../platform/realtime/presence.tracker.js';
import { RealtimeGateway } from '../../platform/realtime/realtime.gateway.js';

/*
 * Presence while one backend instance of the deployment hangs (subscribed to the Socket.IO
 * adapter's requests but never answering them): Team Users still opens, within about a second
 * rather than failing after the adapter's 5 s, with what can still be known: the sockets of the
 * instance asked, and the Redis counts for the others. PostgreSQL and Redis only (two backends on
 * one database).
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? (onPostgres ? 'redis://127.0.0.1:6379' : undefined);

describe.skipIf(!onPostgres || !REDIS_URL)('presence while another backend instance does not answer', () => {
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  let hung: UnresponsiveInstance | undefined;
  let company: SeededCompany;
  let adminToken: string;
  let watcherOnOne: TestSocket;
  const sockets = new OpenSockets();

  beforeAll(async () => {
    database = await createTestDatabase();
    const clock = new ManualClock(new Date());
    const env = { REDIS_URL: REDIS_URL! };
    one = await startMessengerApp({ database, env, clock });
    two = await startMessengerApp({ database, env, clock });
    company = await seedCompany(one, 'pres-hung', { sales: 6 });
    adminToken = await signIn(one, company.admin.email);
    watcherOnOne = await open(one, adminToken);
  }, 120_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    sockets.closeAll();
    await hung?.stop();
    await one?.stop();
    await two?.stop();
    await database?.drop();
  });

  const open = (app: TestApp, token: string) => sockets.open(app, token);
  const statusOf = (users: { _id: string; status: string }[], userId: string) => users.find((u) => u._id === userId)?.status;
  const sweepOne = () => one.app.get(RealtimeGateway).presence.sweepIdle();

  it('GET /users answers within 2 s, with the presence of the answering instance exact and the others as the Redis counts say', async () => {
    const [idleOnOne, onOne, onTwo, onHungOnly, onOneAndHung, offline] = company.sales;
    await open(one, await signIn(one, idleOnOne.email));
    const busy = [await open(one, await signIn(one, onOne.email)), await open(one, await signIn(one, onOneAndHung.email)), await open(two, await signIn(two, onTwo.email))];
    // idleOnOne is idle: no input for the idle time, while the others' windows had some
    one.clock.advance(one.config.presence.idleMs + 1_000);
    for (const s of busy) s.socket.emit('presence:input');
    await sleep(200);
    await sweepOne();
    await watcherOnOne.waitFor('user:idle', (e) => e.userId === idleOnOne.id);

    // then an instance with a window of onHungOnly and one of onOneAndHung stops answering
    hung = await startUnresponsiveInstance(REDIS_URL!, one.config.redisPrefix);
    await hung.connect(onHungOnly.id);
    await hung.connect(onOneAndHung.id);

    const warn = vi.spyOn(Logger.prototype, 'warn');
    const started = Date.now();
    const res = await one.api.get('/users', { token: adminToken });
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    expect(took).toBeLessThan(5_000); // before: the adapter's 5 s, then a failure
    const users = res.body.data as { _id: string; status: string }[];
    expect(statusOf(users, idleOnOne.id)).toBe('idle');
    expect(statusOf(users, onOne.id)).toBe('online');
    expect(statusOf(users, onOneAndHung.id)).toBe('online');
    // sockets elsewhere, known from the counts only: online
    expect(statusOf(users, onTwo.id)).toBe('online');
    expect(statusOf(users, onHungOnly.id)).toBe('online');
    expect(statusOf(users, offline.id)).toBe('offline');
    // the operator is told, once for the one read
    expect(warn.mock.calls.filter(([message]) => String(message).includes('did not answer'))).toHaveLength(1);

    // the next pages do not wait for the silent instance again, and say nothing more
    const again = Date.now();
    const next = await one.api.get('/users', { token: adminToken });
    expect(Date.now() - again).toBeLessThan(ALL_INSTANCES_READ_MS);
    expect(next.body.data).toEqual(users);
    expect(warn.mock.calls.filter(([message]) => String(message).includes('did not answer'))).toHaveLength(1);
  }, 60_000);

  it('the idle sweep still announces a user whose windows are all here and idle, not one with a window on the silent instance', async () => {
    const [, onOne, , , onOneAndHung] = company.sales;
    one.clock.advance(one.config.presence.idleMs + 1_000);
    const started = Date.now();
    await sweepOne();
    expect(Date.now() - started).toBeLessThan(5_000);
    await watcherOnOne.waitFor('user:idle', (e) => e.userId === onOne.id);
    await sleep(300);
    expect(watcherOnOne.all('user:idle').filter((e) => e.userId === onOneAndHung.id)).toEqual([]);
  }, 60_000);

  it('asks every instance again once the silent one is gone and the pause after its silence is over', async () => {
    const [, , , onHungOnly] = company.sales;
    await hung!.stop();
    hung = undefined;
    one.clock.advance(PARTIAL_READS_MS + 1_000);
    const warn = vi.spyOn(Logger.prototype, 'warn');
    const ask = vi.spyOn(one.app.get(RealtimeGateway).server, 'in');
    const res = await one.api.get('/users', { token: adminToken });
    expect(statusOf(res.body.data, onHungOnly.id)).toBe('offline');
    expect(ask).toHaveBeenCalled(); // every instance asked (server.local.in is another operator)
    expect(warn.mock.calls.filter(([message]) => String(message).includes('did not answer'))).toEqual([]);
  }, 60_000);
});
