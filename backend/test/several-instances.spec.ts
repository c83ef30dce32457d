import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, signIn, type SeededCompany, type SeededUser } from './fixtures.js';
import { startInstance, type Instance } from './instances.js';
import { connectSocket, connectWhatsApp, inbound, messengerTestEnv, sleep, startMessengerApp, type TestSocket } from './messenger.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/*
 * The backend as it runs at scale: two instances, separate OS processes, on one PostgreSQL
 * database, one Redis (Socket.IO's adapter and the presence counts) and one DATA_DIR (the stored
 * WhatsApp sessions). What the users of one company notice when their sockets, requests and the
 * company's WhatsApp session are spread over both: events reach their whole audience and nobody
 * else, a message sent through either instance goes out through the session's owner, presence and
 * forced sign-outs are heard everywhere, and when the owner is killed its session moves and
 * nothing is lost or sent twice.
 *
 * Isolation in a shared Redis: every room the app emits to is named by a company, user or session
 * id (fresh UUIDs per run), and presence counts are keyed by user id, so runs side by side do not
 * hear each other.
 *
 * Instance B owns the WhatsApp session (it connected it); the last case kills it.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const LEASE_SECONDS = 4;
const GRACE_SECONDS = 0.5;

describe.skipIf(!onPostgres || !REDIS_URL)('two backend instances on PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let dataDir: string;
  let a: Instance;
  let b: Instance;
  let company: SeededCompany;
  let other: SeededCompany;
  let adminToken: string;
  let adminOnA: TestSocket;
  let rep1OnB: TestSocket;
  const sockets: TestSocket[] = [];
  /** The contact of the first cases, assigned to rep 1. */
  let contactId: string;

  const [rep1, rep2, rep3, rep4] = [0, 1, 2, 3].map((i) => () => company.sales[i]);

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'crm-instances-'));
    // migrates and seeds in this process, then makes way for the two instances
    const seeder = await startMessengerApp({ database, env: { WHATSAPP_LEASE_SECONDS: '36000' } });
    company = await seedCompany(seeder, 'instances', { sales: 4 });
    other = await seedCompany(seeder, 'instances-other', { sales: 1 });
    await seeder.stop();

    const env = messengerTestEnv({
      DATABASE_URL: database.databaseUrl!,
      DATA_DIR: dataDir,
      REDIS_URL: REDIS_URL!,
      // this run's own namespace in Redis: other test files' instances never answer (or delay) its requests
      REDIS_PREFIX: `test-${database.name}`,
      WHATSAPP_LEASE_SECONDS: String(LEASE_SECONDS),
      PRESENCE_OFFLINE_GRACE_SECONDS: String(GRACE_SECONDS),
      // what the simulated phone received, appended by whichever process sent it: counted across a SIGKILL
      WHATSAPP_SIM_DELIVERY_LOG: '1',
    });
    [a, b] = await Promise.all([startInstance({ ...env, INSTANCE_ID: 'instance-a' }), startInstance({ ...env, INSTANCE_ID: 'instance-b' })]);
    adminToken = await signIn(a, company.admin.email);
    await connectWhatsApp(b, adminToken);
    adminOnA = await open(a, adminToken);
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([a?.kill(), b?.kill()]);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function open(instance: Instance, token: string) {
    const s = await connectSocket(instance, token);
    sockets.push(s);
    return s;
  }
  async function openAs(instance: Instance, user: SeededUser) {
    return open(instance, await signIn(instance, user.email));
  }
  /** Resolves once the server has disconnected the socket. */
  const disconnection = (s: TestSocket, timeoutMs = 5_000) =>
    s.socket.disconnected
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the socket was not disconnected')), timeoutMs);
          s.socket.once('disconnect', () => (clearTimeout(timer), resolve()));
        });
  const closed = (s: TestSocket) => {
    const gone = disconnection(s);
    s.close();
    return gone;
  };
  const presenceOn = async (instance: Instance, userId: string) => (await instance.api.get('/users', { token: adminToken })).body.data.find((u: { _id: string }) => u._id === userId);
  /** What the simulated phone received from either process, by body. */
  const delivered = (): string[] => {
    const file = join(dataDir, 'whatsapp-sim', 'delivered.log');
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { body: string }).body);
  };
  const sentBodies = async (instance: Instance) => ((await instance.api.get('/dev/whatsapp/sent', { token: adminToken })).body.data as { body: string }[]).map((s) => s.body);

  it("an inbound message on B's session reaches the admin on A and the assigned rep on B as msg:new, once each; not the rep's colleague, nor another company", async () => {
    const adminOnB = await open(b, adminToken);
    rep1OnB = await openAs(b, rep1());
    const rep2OnA = await openAs(a, rep2());
    const otherOnA = await openAs(a, other.admin);
    const otherOnB = await openAs(b, other.admin);

    const first = await inbound(b, adminToken, { from: '+201001110001', name: 'Layla', body: 'Hello' });
    expect(first.status).toBe(200);
    contactId = first.body.data.contactId;
    await adminOnA.waitFor('msg:new', (m) => m.body === 'Hello');

    // assigned through A: the new owner's socket on B hears the conversation is now theirs
    const assign = await a.api.put('/leads/assign-bulk', { leadIds: [contactId], salesId: rep1().id }, { token: adminToken });
    expect(assign.status).toBe(200);
    await rep1OnB.waitFor('chat:update', (c) => c.contactId === contactId && c.assignedTo?._id === rep1().id);

    expect((await inbound(b, adminToken, { from: '+201001110001', body: 'Is it in stock?' })).status).toBe(200);
    const onA = await adminOnA.waitFor('msg:new', (m) => m.body === 'Is it in stock?');
    expect(onA).toMatchObject({ contactId, direction: 'in', status: 'received' });
    await adminOnB.waitFor('msg:new', (m) => m.body === 'Is it in stock?');
    await rep1OnB.waitFor('msg:new', (m) => m.body === 'Is it in stock?');
    expect(await rep1OnB.waitFor('msg:notification', (n) => n.messageBody === 'Is it in stock?')).toMatchObject({ assignedTo: rep1().id, contactId });

    // whatever else was on its way has arrived by now
    await sleep(500);
    const heard = (s: TestSocket) => s.all('msg:new').filter((m) => m.body === 'Is it in stock?').length;
    expect([heard(adminOnA), heard(adminOnB), heard(rep1OnB)]).toEqual([1, 1, 1]);
    expect(heard(rep2OnA)).toBe(0);
    // (the first message may have gone to rep 2 by round-robin, before the reassignment)
    expect(rep2OnA.all('msg:notification').filter((n) => n.messageBody === 'Is it in stock?')).toEqual([]);
    for (const s of [otherOnA, otherOnB]) {
      expect(s.all('msg:new')).toEqual([]);
      expect(s.all('chat:update')).toEqual([]);
    }
  }, 30_000);

  it("messages posted on A, which does not own the session, are answered pending and sent by B's session in the order posted; sockets on both instances hear them sent", async () => {
    const bodies = ['Routed 1', 'Routed 2', 'Routed 3', 'Routed 4'];
    const ids: string[] = [];
    for (const body of bodies) {
      const res = await a.api.post('/messages', { contactId, body }, { token: adminToken });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ body, status: 'pending' });
      ids.push(res.body.data._id);
    }

    for (const s of [adminOnA, rep1OnB]) {
      for (const id of ids) await s.waitFor('msg:update', (m) => m._id === id && m.status === 'sent', 10_000);
    }
    // heard sent in the order posted
    const sentOrder = adminOnA
      .all('msg:update')
      .filter((m) => ids.includes(m._id) && m.status === 'sent')
      .map((m) => m._id);
    expect([...new Set(sentOrder)]).toEqual(ids);

    // B's session sent them, in order, once each; A runs no session
    expect((await sentBodies(b)).filter((body) => body.startsWith('Routed'))).toEqual(bodies);
    const onA = await a.api.get('/dev/whatsapp/sent', { token: adminToken });
    expect(onA.status).toBe(409);
    expect(onA.body.code).toBe('whatsapp.not_started');
    const stored = (await a.api.get(`/messages?contactId=${contactId}`, { token: adminToken })).body.data.items as { body: string; status: string }[];
    expect(stored.filter((m) => m.body.startsWith('Routed')).map((m) => [m.body, m.status])).toEqual(bodies.map((body) => [body, 'sent']));
  }, 30_000);

  it('a user connected only to B is online for the admin on A (event and GET /users on A), and offline once their last socket closes', async () => {
    const rep = rep3();
    const onB = await openAs(b, rep);
    await adminOnA.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline);
    expect(await presenceOn(a, rep.id)).toMatchObject({ isOnline: true, status: 'online' });

    await closed(onB);
    const offline = await adminOnA.waitFor('user:status_change', (e) => e.userId === rep.id && !e.isOnline);
    expect(
      adminOnA
        .all('user:status_change')
        .filter((e) => e.userId === rep.id)
        .map((e) => e.isOnline),
    ).toEqual([true, false]);
    for (const instance of [a, b]) expect(await presenceOn(instance, rep.id)).toMatchObject({ isOnline: false, status: 'offline', lastSeen: offline.lastSeen });
  }, 30_000);

  it("an admin on A deactivates a user: every one of the user's sockets, on B and on A, gets force_logout and is cut; their tokens are refused by both", async () => {
    const rep = rep4();
    const [first, second] = [await signIn(b, rep.email), await signIn(a, rep.email)];
    const mine = [await open(b, first), await open(a, second), await open(b, second)];
    await adminOnA.waitFor('user:status_change', (e) => e.userId === rep.id && e.isOnline);

    const res = await a.api.put(`/users/${rep.id}`, { isActive: false }, { token: adminToken });
    expect(res.status).toBe(200);
    const told = { reason: 'deactivated', message: 'Your account has been deactivated. Please contact your administrator.' };
    for (const s of mine) expect(await s.waitFor('force_logout')).toEqual(told);
    await Promise.all(mine.map((s) => disconnection(s)));

    for (const instance of [a, b]) {
      for (const token of [first, second]) {
        const me = await instance.api.get('/auth/me', { token });
        expect(me.status).toBe(401);
        expect(me.body.error).toBe(told.message);
      }
    }
    // and the admin on A hears them gone
    await adminOnA.waitFor('user:status_change', (e) => e.userId === rep.id && !e.isOnline);
  }, 30_000);

  /** Posted on A while the owner B was dead: body, the answer's status, id. */
  const whileDown: { body: string; status: string; id: string }[] = [];
  let samiId: string;

  it('the owner B is killed: the session moves to A within the lease time, without a QR; inbound messages before and after the kill are stored once', async () => {
    const before = await inbound(b, adminToken, { from: '+201001110002', name: 'Sami', body: 'Before the kill', id: 'false_201001110002@c.us_BEFORE1' });
    expect(before.body.data.status).toBe('stored');
    samiId = before.body.data.contactId;
    adminOnA.clear();

    await b.kill('SIGKILL');
    const killedAt = Date.now();
    // staff go on writing meanwhile (what becomes of these: the next case)
    for (const body of ['While down 1', 'While down 2', 'While down 3']) {
      const res = await a.api.post('/messages', { contactId: samiId, body }, { token: adminToken });
      expect(res.status).toBe(200);
      whileDown.push({ body, status: res.body.data.status, id: res.body.data._id });
    }

    // the phone delivers the last message again on reconnection: once A runs the session, it is a duplicate
    let again: { status: number; body: { data: { status: string } } } | undefined;
    while (Date.now() - killedAt < LEASE_SECONDS * 1000 + 10_000) {
      again = await inbound(a, adminToken, { from: '+201001110002', body: 'Before the kill', id: 'false_201001110002@c.us_BEFORE1' });
      if (again.status === 200) break;
      await sleep(100);
    }
    expect(again?.status).toBe(200);
    expect(again?.body.data.status).toBe('duplicate');
    // the lease time, plus at most one renewal period and the reconnection
    expect(Date.now() - killedAt).toBeLessThan(LEASE_SECONDS * 1000 + 4_000);
    expect((await a.api.get('/whatsapp/status', { token: adminToken })).body.data).toMatchObject({ state: 'connected', qr: null });
    await adminOnA.waitFor('wa:status', (s) => s.state === 'connected');
    expect(adminOnA.all('wa:status').filter((s) => s.state === 'scan' || s.qr)).toEqual([]);

    expect((await inbound(a, adminToken, { from: '+201001110002', body: 'After the kill', id: 'false_201001110002@c.us_AFTER1' })).body.data.status).toBe('stored');
    const stored = (await a.api.get(`/messages?contactId=${samiId}`, { token: adminToken })).body.data.items as { body: string }[];
    expect(stored.filter((m) => m.body === 'Before the kill')).toHaveLength(1);
    expect(stored.filter((m) => m.body === 'After the kill')).toHaveLength(1);
  }, 60_000);

  it('what was posted on A while the owner was dead was kept pending and is sent by the session on A once it moved: each once, in order; nothing B had sent goes out again', async () => {
    expect(whileDown.map((m) => m.status)).toEqual(['pending', 'pending', 'pending']);
    for (const { id } of whileDown) await adminOnA.waitFor('msg:update', (m) => m._id === id && m.status === 'sent', 15_000);
    const bodies = whileDown.map((m) => m.body);
    const stored = (await a.api.get(`/messages?contactId=${samiId}`, { token: adminToken })).body.data.items as { body: string; status: string }[];
    expect(stored.filter((m) => m.body.startsWith('While down')).map((m) => [m.body, m.status])).toEqual(bodies.map((body) => [body, 'sent']));
    expect((await sentBodies(a)).filter((body) => body.startsWith('While down'))).toEqual(bodies);
    // the phone got each message once over both processes
    await sleep(500);
    const phone = delivered();
    for (const body of [...bodies, 'Routed 1', 'Routed 2', 'Routed 3', 'Routed 4'])
      expect(
        phone.filter((d) => d === body),
        body,
      ).toHaveLength(1);
  }, 30_000);
});
