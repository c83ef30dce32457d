import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { seedCompany, seedSuperAdmin, signIn, superSignIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectSocket, connectWhatsApp, inbound, sleep, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { users } from '../users/users.table.js';
import { userSessions } from './auth.table.js';
import { AuthService } from './auth.service.js';

const onPostgres = !!process.env.TEST_DATABASE_URL;
// the sweep re-checks connected sockets' sessions every second here (30 s by default)
const SWEEP = { SESSION_SWEEP_SECONDS: '1' };

let t: TestApp;
let a: SeededCompany;
let adminToken: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startMessengerApp({ env: SWEEP });
  a = await seedCompany(t, 'sess-alpha', { sales: 2 });
  adminToken = await signIn(t, a.admin.email);
  await connectWhatsApp(t, adminToken);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

async function socketFor(app: TestApp, token: string) {
  const s = await connectSocket(app, token);
  sockets.push(s);
  return s;
}

/** Resolves once the server has disconnected the socket, with what it had received by then. */
function disconnection(s: TestSocket, timeoutMs = 5_000): Promise<string[]> {
  if (s.socket.disconnected) return Promise.resolve(s.received.map((r) => r.event));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket was not disconnected')), timeoutMs);
    s.socket.once('disconnect', () => (clearTimeout(timer), resolve(s.received.map((r) => r.event))));
  });
}

/** A handshake with this token: 'connected' when accepted, else the auth_error message it got before being cut. */
function handshake(app: TestApp, token: string): Promise<string> {
  const socket = io(app.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  return new Promise((resolve) => {
    let refusal: string | undefined;
    socket.on('auth_error' as never, (e: { message: string }) => {
      refusal = e.message;
    });
    socket.on('disconnect', () => resolve(refusal ?? 'disconnected'));
    socket.on('connect', () => setTimeout(() => (socket.connected ? (resolve('connected'), socket.close()) : undefined), 300));
  });
}

/**
 * A positive barrier instead of a sleep: the socket asks for the WhatsApp status and waits for the
 * answer. The server wrote anything it had sent this socket before that answer on the same
 * connection, so whatever has not arrived by then was never sent.
 */
async function roundTrip(s: TestSocket): Promise<void> {
  const before = s.all('wa:status').length;
  const answered = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no wa:status answer')), 5_000);
    const check = () => (s.all('wa:status').length > before ? (clearTimeout(timer), s.socket.offAny(check), resolve()) : undefined);
    s.socket.onAny(check);
  });
  s.socket.emit('wa:get_status');
  await answered;
}

const phone = (n: number) => `+2010055${String(n).padStart(5, '0')}`;

describe('a session that ends takes its live connections with it', () => {
  it('logout disconnects that session at once (no force_logout: the user asked) and no further msg:new reaches it', async () => {
    const mine = await signIn(t, a.admin.email);
    const leaving = await socketFor(t, mine);
    const staying = await socketFor(t, adminToken); // the same user's other session
    await inbound(t, adminToken, { from: phone(1), body: 'before sign-out' });
    await leaving.waitFor('msg:new', (m) => m.body === 'before sign-out');

    expect((await t.api.post('/auth/logout', undefined, { token: mine })).status).toBe(200);
    expect(await disconnection(leaving)).not.toContain('force_logout');

    // the other session got the later message: the server has pushed it; the one that left is
    // disconnected (and never reconnects), so it cannot have it
    await inbound(t, adminToken, { from: phone(1), body: 'after sign-out' });
    await staying.waitFor('msg:new', (m) => m.body === 'after sign-out');
    expect(leaving.socket.connected).toBe(false);
    expect(leaving.all('msg:new').map((m) => m.body)).toEqual(['before sign-out']);
    expect(staying.socket.connected).toBe(true);
  });

  it("refuses a handshake with an ended session's token", async () => {
    const token = await signIn(t, a.sales[0].email);
    expect(await handshake(t, token)).toBe('connected');
    await t.api.post('/auth/logout', undefined, { token });
    expect(await handshake(t, token)).toBe('Your session has ended. Please sign in again.');
  });

  it('a user deactivated by a write that says nothing is cut by the sweep: force_logout with the reason, then disconnect', async () => {
    const company = await seedCompany(t, 'sess-deact', { sales: 1 });
    const token = await signIn(t, company.sales[0].email);
    const colleague = await socketFor(t, await signIn(t, company.admin.email));
    const socket = await socketFor(t, token);
    await t.db.platform((tx) => tx.update(users).set({ isActive: false }).where(eq(users.id, company.sales[0].id)));

    const notice = await socket.waitFor('force_logout');
    expect(notice).toEqual({ reason: 'deactivated', message: 'Your account has been deactivated. Please contact your administrator.' });
    expect(await disconnection(socket)).toContain('force_logout');
    const [row] = await t.db.platform((tx) => tx.select().from(userSessions).where(eq(userSessions.userId, company.sales[0].id)));
    expect(row).toMatchObject({ endReason: 'deactivated', logoutAt: expect.any(Date) });
    expect(colleague.socket.connected).toBe(true);
    expect(await handshake(t, token)).toBe('Your account has been deactivated. Please contact your administrator.');
  });

  it('endSessions (role or password changed) sends force_logout with the reason and disconnects every session of the user, only them', async () => {
    const user = a.sales[1];
    const [first, second] = [await signIn(t, user.email), await signIn(t, user.email)];
    const sockets = [await socketFor(t, first), await socketFor(t, second)];
    const bystander = await socketFor(t, await signIn(t, a.sales[0].email));

    expect(await t.app.get(AuthService).endSessions({ userId: user.id }, 'role_changed')).toBe(2);
    for (const s of sockets) {
      expect(await s.waitFor('force_logout')).toEqual({ reason: 'role_changed', message: 'Your role has changed. Please sign in again.' });
      expect(await disconnection(s)).toContain('force_logout');
    }
    expect((await t.api.get('/auth/me', { token: first })).body.error).toBe('Your role has changed. Please sign in again.');
    await roundTrip(bystander);
    expect(bystander.socket.connected).toBe(true);
    expect(bystander.all('force_logout')).toEqual([]);
  });

  it("a company's suspension ends all of its sessions and sockets, no other company's", async () => {
    const company = await seedCompany(t, 'sess-susp', { sales: 1 });
    const theirs = [await socketFor(t, await signIn(t, company.admin.email)), await socketFor(t, await signIn(t, company.sales[0].email))];
    const other = await socketFor(t, adminToken);
    await t.app.get(AuthService).endSessions({ tenantId: company.tenantId }, 'suspended');
    for (const s of theirs) {
      expect((await s.waitFor('force_logout')).reason).toBe('suspended');
      await disconnection(s);
    }
    await roundTrip(other);
    expect(other.socket.connected).toBe(true);
    expect(other.all('force_logout')).toEqual([]);
  });

  it("super administrator logout closes the super administrator's socket", async () => {
    await seedSuperAdmin(t);
    const token = await superSignIn(t);
    const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await sleep(200); // the server authenticates after the transport opens
    const closed = new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error('the super socket was not disconnected')), 5_000);
      socket.once('disconnect', () => resolve(undefined));
    });
    await t.api.post('/super/logout', undefined, { token });
    await closed;
    expect(socket.connected).toBe(false);
  });

  // last: moving the clock ends every session of this app
  it('an idle session is cut by the sweep though no request ends it: force_logout (expired), then disconnect', async () => {
    const token = await signIn(t, a.sales[0].email);
    const socket = await socketFor(t, token);
    t.clock.advance(t.config.session.idleMs + 1_000);
    expect(await socket.waitFor('force_logout')).toEqual({ reason: 'expired', message: 'Your session has expired. Please sign in again.' });
    await disconnection(socket);
    const admin = await signIn(t, a.admin.email);
    const listening = await socketFor(t, admin);
    await inbound(t, admin, { from: phone(2), body: 'nobody listening' });
    // a live socket of the company got it: the server has pushed it; the cut one never reconnects
    await listening.waitFor('msg:new', (m) => m.body === 'nobody listening');
    expect(socket.socket.connected).toBe(false);
    expect(socket.all('msg:new')).toEqual([]);
  });
});

// Two backends on one PGlite cannot exist (it is in-process), so this runs on PostgreSQL only.
describe.skipIf(!onPostgres)('two backend instances behind the Redis adapter', () => {
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await database?.drop();
  });

  it('ending a session on one instance cuts its socket on the other', async () => {
    database = await createTestDatabase();
    const env = { ...SWEEP, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
    one = await startMessengerApp({ database, env });
    two = await startMessengerApp({ database, env });
    const company = await seedCompany(one, 'sess-redis', { sales: 1 });

    const token = await signIn(one, company.admin.email);
    const onOne = await socketFor(one, token);
    expect((await two.api.post('/auth/logout', undefined, { token })).status).toBe(200);
    expect(await disconnection(onOne)).not.toContain('force_logout');

    const salesToken = await signIn(two, company.sales[0].email);
    const salesOnOne = await socketFor(one, salesToken);
    await two.app.get(AuthService).endSessions({ userId: company.sales[0].id }, 'password_changed');
    expect(await salesOnOne.waitFor('force_logout')).toEqual({ reason: 'password_changed', message: 'Your password was changed. Please sign in again.' });
    await disconnection(salesOnOne);
  });
});
