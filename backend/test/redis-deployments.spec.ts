import { Logger } from '@nestjs/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../src/platform/clock.js';
import { seedCompany, signIn, type SeededCompany } from './fixtures.js';
import { OpenSockets, sleep, startMessengerApp, type TestSocket } from './messenger.js';
import type { TestApp } from './test-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { startUnresponsiveInstance, type UnresponsiveInstance } from './unresponsive-instance.js';

/*
 * Two deployments on one Redis, told apart by REDIS_PREFIX only. To make a leak visible they even
 * share one database, so their companies, users and rooms have the very same ids: whatever one
 * deployment's Redis traffic reached the other would land in a room of the same name there.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? (onPostgres ? 'redis://127.0.0.1:6379' : undefined);
const GRACE_MS = 600;

describe.skipIf(!onPostgres || !REDIS_URL)('two deployments sharing one Redis with different REDIS_PREFIX', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let silentInB: UnresponsiveInstance | undefined;
  let company: SeededCompany;
  let adminToken: string;
  let watcherA: TestSocket;
  let watcherB: TestSocket;
  const sockets = new OpenSockets();

  beforeAll(async () => {
    database = await createTestDatabase();
    const clock = new ManualClock(new Date());
    const env = (deployment: string) => ({
      REDIS_URL: REDIS_URL!,
      REDIS_PREFIX: `test-${database.name}-${deployment}`,
      PRESENCE_OFFLINE_GRACE_SECONDS: String(GRACE_MS / 1000),
    });
    a = await startMessengerApp({ database, env: env('a'), clock });
    b = await startMessengerApp({ database, env: env('b'), clock });
    company = await seedCompany(a, 'deployments', { sales: 3 });
    adminToken = await signIn(a, company.admin.email);
    watcherA = await open(a, adminToken);
    watcherB = await open(b, adminToken);
  }, 120_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    sockets.closeAll();
    await silentInB?.stop();
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  const open = (app: TestApp, token: string) => sockets.open(app, token);
  const changes = (watcher: TestSocket, userId: string) =>
    watcher
      .all('user:status_change')
      .filter((e) => e.userId === userId)
      .map((e) => e.isOnline);
  async function presence(app: TestApp) {
    const res = await app.api.get('/users', { token: adminToken });
    expect(res.status).toBe(200);
    const users = res.body.data as { _id: string; status: string }[];
    return { statusOf: (userId: string) => users.find((u) => u._id === userId)?.status };
  }

  it("an event A emits to a company's room never reaches B's sockets in the room of the same name", async () => {
    const rep = company.sales[0];
    await open(a, await signIn(a, rep.email));
    await watcherA.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline);
    await sleep(300);
    expect(changes(watcherB, rep.id)).toEqual([]);
    expect((await presence(a)).statusOf(rep.id)).toBe('online');
    expect((await presence(b)).statusOf(rep.id)).toBe('offline');
  });

  it("A's presence counts do not show in B: a user's last window in B closing is offline in B while their window in A stays", async () => {
    const rep = company.sales[1];
    await open(a, await signIn(a, rep.email));
    const inB = await open(b, await signIn(b, rep.email));
    await watcherB.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline);
    await inB.closeAndWait();
    await watcherB.waitFor('user:status_change', (e) => e.userId === rep.id && !e.isOnline);
    await sleep(GRACE_MS + 300);
    expect(changes(watcherA, rep.id)).toEqual([true]);
    expect(changes(watcherB, rep.id)).toEqual([true, false]);
    expect((await presence(a)).statusOf(rep.id)).toBe('online');
    expect((await presence(b)).statusOf(rep.id)).toBe('offline');
  });

  it("reading who is online in A does not wait for an instance of B that does not answer, nor see B's counts", async () => {
    const [inA, , inSilentB] = company.sales;
    silentInB = await startUnresponsiveInstance(REDIS_URL!, b.config.redisPrefix);
    await silentInB.connect(inSilentB.id);
    const warn = vi.spyOn(Logger.prototype, 'warn');
    const fallbacks = () => warn.mock.calls.filter(([message]) => String(message).includes('did not answer')).length;

    // B itself waits for its silent instance, then reads its own counts: A's users are not in them
    const inBView = await presence(b);
    expect(inBView.statusOf(inSilentB.id)).toBe('online');
    expect(inBView.statusOf(inA.id)).toBe('offline');
    expect(fallbacks()).toBe(1);

    // A asks its own instances only: at once, complete, and without B's silent user
    warn.mockClear();
    const inAView = await presence(a);
    expect(inAView.statusOf(inA.id)).toBe('online');
    expect(inAView.statusOf(inSilentB.id)).toBe('offline');
    expect(fallbacks()).toBe(0);
  });
});
