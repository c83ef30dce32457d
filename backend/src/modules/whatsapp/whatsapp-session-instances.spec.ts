import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectSocket, connectWhatsApp, inbound, sleep, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { ManualClock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { SimulatorDriver } from './drivers/simulator.driver.js';
import { WHATSAPP_SESSION_LEASE, type WhatsAppSessionLease } from './whatsapp-session-lease.js';
import { WhatsAppSessionsService } from './whatsapp-sessions.service.js';
import { WhatsAppRepository } from './whatsapp.repository.js';
import { OutboundMessagesService } from '../messages/outbound-messages.service.js';

/*
 * One company's WhatsApp session with two backend instances on one PostgreSQL and one DATA_DIR
 * (shared storage for the simulator's stored pairing): only the lease holder runs it, and when it
 * stops the other takes it over from the stored session. Two backends on one PGlite cannot exist
 * (it is in-process), so this runs on PostgreSQL only.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const LEASE_SECONDS = 3;

describe.skipIf(!onPostgres)('WhatsApp session ownership across two backend instances', () => {
  let database: TestDatabase;
  let dataDir: string;
  let one: TestApp;
  let two: TestApp;
  let company: SeededCompany;
  let token: string;
  let onTwo: TestSocket;

  const sessionsOf = (app: TestApp) => app.app.get(WhatsAppSessionsService);
  const leaseOf = (app: TestApp) => app.app.get<WhatsAppSessionLease>(WHATSAPP_SESSION_LEASE);

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'crm-wa-instances-'));
    const clock = new ManualClock(new Date());
    // with Redis, each instance's sockets hear the other's events (the Socket.IO Redis adapter)
    const env = { DATA_DIR: dataDir, WHATSAPP_LEASE_SECONDS: String(LEASE_SECONDS), ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}) };
    one = await startMessengerApp({ database, env, clock });
    company = await seedCompany(one, 'wa-owner');
    token = await signIn(one, company.admin.email);
    await connectWhatsApp(one, token);
    two = await startMessengerApp({ database, env, clock });
    onTwo = await connectSocket(two, await signIn(two, company.admin.email));
  }, 120_000);
  afterAll(async () => {
    onTwo?.close();
    await one?.stop().catch(() => undefined);
    await two?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("only the instance that connected runs the session: the other neither starts it at boot nor in its sweep, and reports the owner's state", async () => {
    expect(leaseOf(one).holds(company.tenantId)).toBe(true);
    await sessionsOf(two).leaseRoundOnce();
    await sleep(LEASE_SECONDS * 1000);
    expect(sessionsOf(two).sessionOf(company.tenantId)).toBeUndefined();
    expect(leaseOf(two).holds(company.tenantId)).toBe(false);
    expect(sessionsOf(one).connectedTenants()).toEqual([company.tenantId]);
    // a start asked of the other instance does not start a second session
    expect((await two.api.post('/whatsapp/start', undefined, { token })).body.data.state).toBe('connected');
    expect(sessionsOf(two).sessionOf(company.tenantId)).toBeUndefined();
    expect((await two.api.get('/whatsapp/status', { token })).body.data).toMatchObject({ state: 'connected', ready: true });
  }, 30_000);

  it("messages sent through the instance that does not own the session are sent by the owner's session, in the order written, and both instances hear it", async () => {
    const first = await inbound(one, token, { from: '+201001230001', name: 'Hana', body: 'Hello' });
    const contactId = first.body.data.contactId as string;
    const onOne = await connectSocket(one, token);
    try {
      const asked: { _id: string; status: string }[] = [];
      for (const body of ['Via B 1', 'Via B 2', 'Via B 3']) {
        const res = await two.api.post('/messages', { contactId, body }, { token });
        expect(res.status).toBe(200);
        // stored at once, sent by the owner
        expect(res.body.data).toMatchObject({ status: 'pending', body });
        asked.push(res.body.data);
      }
      // typed on the owner right after: it goes after what was written before it through B
      const direct = await one.api.post('/messages', { contactId, body: 'Via A' }, { token });
      expect(direct.body.data.status).toBe('sent');
      for (const socket of process.env.REDIS_URL ? [onOne, onTwo] : [onOne]) {
        for (const m of asked) await socket.waitFor('msg:update', (u) => u._id === m._id && u.status === 'sent', 10_000);
      }
      const sentBy = (app: TestApp) =>
        app.app
          .get(SimulatorDriver)
          .sent.filter((s) => s.tenantId === company.tenantId)
          .map((s) => (s.content.kind === 'text' ? s.content.body : ''));
      const sentByOwner = sentBy(one);
      expect(sentBy(two)).toEqual([]);
      expect(sentByOwner.filter((b) => b.startsWith('Via '))).toEqual(['Via B 1', 'Via B 2', 'Via B 3', 'Via A']);
      // B ran no session of its own
      expect(sessionsOf(two).sessionOf(company.tenantId)).toBeUndefined();
      const stored = (await two.api.get(`/messages?contactId=${contactId}`, { token })).body.data.items as { body: string; status: string }[];
      expect(stored.filter((m) => m.body.startsWith('Via ')).map((m) => [m.body, m.status])).toEqual([
        ['Via B 1', 'sent'],
        ['Via B 2', 'sent'],
        ['Via B 3', 'sent'],
        ['Via A', 'sent'],
      ]);
    } finally {
      onOne.close();
    }
  }, 30_000);

  it('a follow-up step due while its job runs on the instance that does not own the session is sent through the owner', async () => {
    const res = await inbound(one, token, { from: '+201001230005', name: 'Rana', body: 'Hi' });
    const contactId = res.body.data.contactId as string;
    const asked = await sessionsOf(two).canSend(company.tenantId);
    expect(asked).toBe(true);
    const message = await two.app.get(OutboundMessagesService).send(company.tenantId, { contactId, body: 'Automated via B', automated: true });
    expect(message.status).toBe('pending');
    let status = '';
    for (let i = 0; i < 100 && status !== 'sent'; i++) {
      await sleep(50);
      const items = (await two.api.get(`/messages?contactId=${contactId}`, { token })).body.data.items as { _id: string; status: string }[];
      status = items.find((m) => m._id === message._id)?.status ?? '';
    }
    expect(status).toBe('sent');
  }, 30_000);

  it.skipIf(!process.env.REDIS_URL)(
    "the QR reaches the admins' sockets on the other instance too, and never a rep's there",
    async () => {
      const other = await seedCompany(one, 'wa-owner-qr');
      const [adminToken, salesToken] = await Promise.all([signIn(one, other.admin.email), signIn(one, other.sales[0].email)]);
      const adminOnTwo = await connectSocket(two, adminToken);
      const salesOnTwo = await connectSocket(two, salesToken);
      try {
        expect((await one.api.post('/whatsapp/start', undefined, { token: adminToken })).status).toBe(200);
        expect((await adminOnTwo.waitFor('wa:status', (s) => s.state === 'scan')).qr).toMatch(/^data:image\/png;base64,/);
        expect(await salesOnTwo.waitFor('wa:status', (s) => s.state === 'scan')).toMatchObject({ tenantId: other.tenantId, qr: null });
        expect((await one.api.post('/dev/whatsapp/connect-now', undefined, { token: adminToken })).status).toBe(200);
        await salesOnTwo.waitFor('wa:status', (s) => s.state === 'connected');
        expect(salesOnTwo.all('wa:status').every((s) => s.qr === null)).toBe(true);
      } finally {
        adminOnTwo.close();
        salesOnTwo.close();
        await one.api.delete('/whatsapp/session', { token: adminToken });
      }
    },
    30_000,
  );

  it('logged out through the instance that does not own the session: the owner stops it at its next renewal, and nobody restarts it', async () => {
    const other = await seedCompany(one, 'wa-owner-logout');
    const otherToken = await signIn(one, other.admin.email);
    await connectWhatsApp(one, otherToken);
    expect(leaseOf(one).holds(other.tenantId)).toBe(true);

    // the owner runs a lease round as soon as its lease is revoked: by then the database must say "logged out, no auto-start"
    const stored = () => two.app.get(Database).tenant(other.tenantId, (tx) => two.app.get(WhatsAppRepository).find(tx, other.tenantId));
    // the owner's own write of "connected, auto-start on" lands first (it is stored off the owner's path)
    for (let i = 0; i < 100 && !(await stored())?.autoStart; i++) await sleep(20);
    expect(await stored()).toMatchObject({ state: 'connected', autoStart: true });
    const atRevoke: unknown[] = [];
    const lease = leaseOf(two);
    const revokeElsewhere = lease.revokeElsewhere.bind(lease);
    const spy = vi.spyOn(lease, 'revokeElsewhere').mockImplementation(async (tenantId: string) => {
      if (tenantId === other.tenantId) atRevoke.push(await stored().then((row) => ({ state: row?.state, autoStart: row?.autoStart })));
      return revokeElsewhere(tenantId);
    });
    try {
      expect((await two.api.delete('/whatsapp/session', { token: otherToken })).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(atRevoke).toEqual([{ state: 'not_configured', autoStart: false }]);
    for (let i = 0; i < 100 && sessionsOf(one).sessionOf(other.tenantId); i++) await sleep(50);
    expect(sessionsOf(one).sessionOf(other.tenantId)).toBeUndefined();
    await Promise.all([sessionsOf(one).leaseRoundOnce(), sessionsOf(two).leaseRoundOnce()]);
    expect(sessionsOf(one).sessionOf(other.tenantId)).toBeUndefined();
    expect(sessionsOf(two).sessionOf(other.tenantId)).toBeUndefined();
    // each instance reads the state the logout stored (the owner's own last word may land just before it)
    for (const app of [one, two]) {
      let state = '';
      for (let i = 0; i < 40 && state !== 'not_configured'; i++, await sleep(50)) state = (await app.api.get('/whatsapp/status', { token: otherToken })).body.data.state;
      expect(state).toBe('not_configured');
    }
  }, 30_000);

  it('the owner stops: the other instance takes the session over within the lease time, connected without a new QR, and an inbound message is stored once', async () => {
    const stoppedAt = Date.now();
    await one.stop();
    let state = '';
    while (state !== 'connected' && Date.now() - stoppedAt < LEASE_SECONDS * 1000 + 5_000) {
      await sleep(50);
      state = (await two.api.get('/whatsapp/status', { token })).body.data.state;
    }
    expect(state).toBe('connected');
    expect(Date.now() - stoppedAt).toBeLessThan(LEASE_SECONDS * 1000 + 2_000);
    expect(leaseOf(two).holds(company.tenantId)).toBe(true);
    expect(onTwo.all('wa:status').map((s) => s.state)).not.toContain('scan');
    expect(onTwo.all('wa:status').every((s) => !s.qr)).toBe(true);

    const res = await inbound(two, token, { from: '+201001230002', name: 'Omar', body: 'After the move', id: 'false_201001230002@c.us_MOVED1' });
    expect(res.status).toBe(200);
    const messages = (await two.api.get(`/messages?contactId=${res.body.data.contactId}`, { token })).body.data.items as { body: string }[];
    expect(messages.filter((m) => m.body === 'After the move')).toHaveLength(1);
    expect(two.app.get(SimulatorDriver).session(company.tenantId).state).toBe('connected');
  }, 30_000);
});
