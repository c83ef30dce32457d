import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { OpenSockets, sleep, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { RealtimeGateway } from '../../platform/realtime/realtime.gateway.js';
import { userRoom } from '../../platform/realtime/rooms.js';

// a short grace so the test need not wait the default 5 s (long enough for a GET /users inside it on a busy machine)
const GRACE_MS = 1_500;

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminToken: string;
let watcher: TestSocket;
let outsider: TestSocket;
const sockets = new OpenSockets();

beforeAll(async () => {
  t = await startMessengerApp({ env: { PRESENCE_OFFLINE_GRACE_SECONDS: String(GRACE_MS / 1000) } });
  a = await seedCompany(t, 'pres-alpha', { sales: 4 });
  b = await seedCompany(t, 'pres-beta', { sales: 0 });
  adminToken = await signIn(t, a.admin.email);
  watcher = await sockets.open(t, adminToken);
  outsider = await sockets.open(t, await signIn(t, b.admin.email));
}, 60_000);
afterAll(async () => {
  sockets.closeAll();
  await t?.close();
});

const open = (token: string) => sockets.open(t, token);
const changesOf = (userId: string) => watcher.all('user:status_change').filter((e) => e.userId === userId);
const presenceOf = async (userId: string) => (await t.api.get('/users', { token: adminToken })).body.data.find((u: { _id: string }) => u._id === userId);

describe('presence', () => {
  it('a user with two windows is online until both are gone: one online, one offline with lastSeen, only to their company', async () => {
    const rep = a.sales[0];
    const token = await signIn(t, rep.email);
    const first = await open(token);
    await watcher.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline);
    const second = await open(await signIn(t, rep.email));
    await first.closeAndWait();
    await sleep(GRACE_MS + 600);
    expect(changesOf(rep.id).map((e) => e.isOnline)).toEqual([true]);
    expect(await presenceOf(rep.id)).toMatchObject({ isOnline: true, status: 'online' });

    // later than the sign-in: the offline's lastSeen is the one GET /users shows from now on
    t.clock.advance(3_600_000);
    await second.closeAndWait();
    const offline = await watcher.waitFor('user:status_change', (e) => e.userId === rep.id && !e.isOnline);
    expect(offline.lastSeen).toBe(t.clock.now().toISOString());
    expect((await presenceOf(rep.id)).lastSeen).toBe(offline.lastSeen);
    expect(changesOf(rep.id).map((e) => e.isOnline)).toEqual([true, false]);
    expect(await presenceOf(rep.id)).toMatchObject({ isOnline: false, status: 'offline' });
    expect(outsider.all('user:status_change').filter((e) => e.userId === rep.id)).toEqual([]);
  }, 30_000);

  it('a reconnect within the grace time is not an offline flap', async () => {
    const rep = a.sales[1];
    const token = await signIn(t, rep.email);
    const first = await open(token);
    await watcher.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline);
    await first.closeAndWait();
    await open(token);
    await sleep(GRACE_MS + 600);
    expect(changesOf(rep.id).map((e) => e.isOnline)).toEqual([true]);
  }, 30_000);

  it('idle after the idle time without input in any window, online again on input; only the company hears it', async () => {
    const rep = a.sales[2];
    const one = await open(await signIn(t, rep.email));
    const two = await open(await signIn(t, rep.email));
    await watcher.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline);
    const presence = t.app.get(RealtimeGateway).presence;

    // input in one window keeps the user from being idle
    t.clock.advance(t.config.presence.idleMs - 1_000);
    one.socket.emit('presence:input');
    await sleep(200);
    t.clock.advance(2_000);
    await presence.sweepIdle();
    expect(watcher.all('user:idle').filter((e) => e.userId === rep.id)).toEqual([]);

    t.clock.advance(t.config.presence.idleMs);
    await presence.sweepIdle();
    expect(await watcher.waitFor('user:idle', (e) => e.userId === rep.id)).toEqual({ userId: rep.id });
    expect(await presenceOf(rep.id)).toMatchObject({ isOnline: true, status: 'idle' });
    expect(outsider.all('user:idle').filter((e) => e.userId === rep.id)).toEqual([]);

    const before = changesOf(rep.id).length;
    two.socket.emit('presence:input');
    await watcher.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline && changesOf(rep.id).length > before);
    expect(await presenceOf(rep.id)).toMatchObject({ isOnline: true, status: 'online' });
  }, 30_000);

  it('a user whose last window closed (a reload, an app restart) is still online in GET /users within the grace time; offline after it, with the event', async () => {
    const rep = a.sales[3];
    const window = await open(await signIn(t, rep.email));
    await watcher.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline);
    await window.closeAndWait();
    // the server has let the socket go
    const server = t.app.get(RealtimeGateway).server;
    while ((await server.in(userRoom(rep.id)).fetchSockets()).length > 0) await sleep(10);
    const closedAt = Date.now();

    // as the events have it: no offline was announced, so the list does not say offline either
    expect(await presenceOf(rep.id)).toMatchObject({ isOnline: true, status: 'online' });
    expect(Date.now() - closedAt).toBeLessThan(GRACE_MS); // the read above was inside the grace time
    expect(changesOf(rep.id).map((e) => e.isOnline)).toEqual([true]);

    const offline = await watcher.waitFor('user:status_change', (e) => e.userId === rep.id && !e.isOnline);
    expect(await presenceOf(rep.id)).toMatchObject({ isOnline: false, status: 'offline', lastSeen: offline.lastSeen });
    expect(changesOf(rep.id).map((e) => e.isOnline)).toEqual([true, false]);
  }, 30_000);
});
