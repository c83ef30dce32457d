import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { OpenSockets, sleep, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { ManualClock } from '../../platform/clock.js';
import { RealtimeGateway } from '../../platform/realtime/realtime.gateway.js';
import { userRoom } from '../../platform/realtime/rooms.js';

/*
 * Presence when the company's users are spread over two backend instances (one PostgreSQL, one
 * Redis): what one instance's users do is heard, and counted, on the other. Two backends on one
 * PGlite cannot exist (it is in-process), so this runs on PostgreSQL with Redis only.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? (onPostgres ? 'redis://127.0.0.1:6379' : undefined);
// a short grace so the test need not wait the default 5 s (long enough for a GET /users inside it on a busy machine)
const GRACE_MS = 1_500;

describe.skipIf(!onPostgres || !REDIS_URL)('presence across two backend instances behind the Redis adapter', () => {
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  let company: SeededCompany;
  let watcherOnTwo: TestSocket;
  let adminToken: string;
  const sockets = new OpenSockets();

  beforeAll(async () => {
    database = await createTestDatabase();
    // one clock for both, as one wall clock for two machines
    const clock = new ManualClock(new Date());
    const env = { REDIS_URL: REDIS_URL!, PRESENCE_OFFLINE_GRACE_SECONDS: String(GRACE_MS / 1000) };
    one = await startMessengerApp({ database, env, clock });
    two = await startMessengerApp({ database, env, clock });
    company = await seedCompany(one, 'pres-redis', { sales: 4 });
    adminToken = await signIn(two, company.admin.email);
    watcherOnTwo = await open(two, adminToken);
  }, 120_000);
  afterAll(async () => {
    sockets.closeAll();
    await one?.stop();
    await two?.stop();
    await database?.drop();
  });

  const open = (app: TestApp, token: string) => sockets.open(app, token);
  const changesOf = (userId: string) => watcherOnTwo.all('user:status_change').filter((e) => e.userId === userId);
  const presenceOn = async (app: TestApp, userId: string) => (await app.api.get('/users', { token: adminToken })).body.data.find((u: { _id: string }) => u._id === userId);

  it('a user on instance A is heard online and offline (with lastSeen) by a colleague on B; GET /users on either says so', async () => {
    const rep = company.sales[0];
    const onOne = await open(one, await signIn(one, rep.email));
    await watcherOnTwo.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline);
    for (const app of [one, two]) expect(await presenceOn(app, rep.id)).toMatchObject({ isOnline: true, status: 'online' });

    // an hour on: the lastSeen of the offline announcement is not the sign-in's
    one.clock.advance(3_600_000);
    await onOne.closeAndWait();
    const offline = await watcherOnTwo.waitFor('user:status_change', (e) => e.userId === rep.id && !e.isOnline);
    expect(changesOf(rep.id).map((e) => e.isOnline)).toEqual([true, false]);
    expect(offline.lastSeen).toBe(one.clock.now().toISOString());
    for (const app of [one, two]) expect(await presenceOn(app, rep.id)).toMatchObject({ isOnline: false, status: 'offline', lastSeen: offline.lastSeen });
  }, 60_000);

  it('a user with one socket on A and one on B stays online until both are gone', async () => {
    const rep = company.sales[1];
    const onOne = await open(one, await signIn(one, rep.email));
    await watcherOnTwo.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline);
    const onTwo = await open(two, await signIn(two, rep.email));

    await onOne.closeAndWait();
    await sleep(GRACE_MS + 800);
    expect(changesOf(rep.id).map((e) => e.isOnline)).toEqual([true]);
    for (const app of [one, two]) expect(await presenceOn(app, rep.id)).toMatchObject({ isOnline: true, status: 'online' });

    // and the other way round: a new window on A, the one on B closes
    const again = await open(one, await signIn(one, rep.email));
    await onTwo.closeAndWait();
    await sleep(GRACE_MS + 800);
    expect(changesOf(rep.id).map((e) => e.isOnline)).toEqual([true]);

    await again.closeAndWait();
    await watcherOnTwo.waitFor('user:status_change', (e) => e.userId === rep.id && !e.isOnline);
    expect(changesOf(rep.id).map((e) => e.isOnline)).toEqual([true, false]);
    for (const app of [one, two]) expect(await presenceOn(app, rep.id)).toMatchObject({ isOnline: false, status: 'offline' });
  }, 60_000);

  it('idle on A (no input in any window, on either instance) is heard on B, and online again on input', async () => {
    const rep = company.sales[2];
    const token = await signIn(one, rep.email);
    const onOne = await open(one, token);
    const onTwo = await open(two, await signIn(two, rep.email));
    await watcherOnTwo.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline);
    const sweep = () => Promise.all([one, two].map((app) => app.app.get(RealtimeGateway).presence.sweepIdle()));

    // the window on B still has input: not idle although A's is
    one.clock.advance(one.config.presence.idleMs - 1_000);
    onTwo.socket.emit('presence:input');
    await sleep(200);
    one.clock.advance(2_000);
    await sweep();
    await sleep(300);
    expect(watcherOnTwo.all('user:idle').filter((e) => e.userId === rep.id)).toEqual([]);

    one.clock.advance(one.config.presence.idleMs);
    await sweep();
    expect(await watcherOnTwo.waitFor('user:idle', (e) => e.userId === rep.id)).toEqual({ userId: rep.id });
    for (const app of [one, two]) expect(await presenceOn(app, rep.id)).toMatchObject({ isOnline: true, status: 'idle' });

    const before = changesOf(rep.id).length;
    onOne.socket.emit('presence:input');
    await watcherOnTwo.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline && changesOf(rep.id).length > before);
    for (const app of [one, two]) expect(await presenceOn(app, rep.id)).toMatchObject({ isOnline: true, status: 'online' });
  }, 60_000);

  it('a user whose last window (on A) closed is still online in GET /users on A and on B within the grace time; offline on both after it, with the event', async () => {
    const rep = company.sales[3];
    const onOne = await open(one, await signIn(one, rep.email));
    await watcherOnTwo.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline);
    await onOne.closeAndWait();
    const server = one.app.get(RealtimeGateway).server;
    while ((await server.in(userRoom(rep.id)).fetchSockets()).length > 0) await sleep(10);
    const closedAt = Date.now();

    for (const app of [two, one]) expect(await presenceOn(app, rep.id)).toMatchObject({ isOnline: true, status: 'online' });
    expect(Date.now() - closedAt).toBeLessThan(GRACE_MS); // both reads were inside the grace time
    expect(changesOf(rep.id).map((e) => e.isOnline)).toEqual([true]);

    const offline = await watcherOnTwo.waitFor('user:status_change', (e) => e.userId === rep.id && !e.isOnline);
    for (const app of [one, two]) expect(await presenceOn(app, rep.id)).toMatchObject({ isOnline: false, status: 'offline', lastSeen: offline.lastSeen });
    expect(changesOf(rep.id).map((e) => e.isOnline)).toEqual([true, false]);
  }, 60_000);
});
