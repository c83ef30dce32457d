import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectSocket, connectWhatsApp, inbound, sleep, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { ManualClock } from '../../platform/clock.js';
import { SimulatorDriver } from './drivers/simulator.driver.js';
import { WHATSAPP_SESSION_LEASE, type WhatsAppSessionLease } from './whatsapp-session-lease.js';
import { WhatsAppSessions } from './whatsapp-sessions.service.js';

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

  const sessionsOf = (app: TestApp) => app.app.get(WhatsAppSessions);
  const leaseOf = (app: TestApp) => app.app.get<WhatsAppSessionLease>(WHATSAPP_SESSION_LEASE);

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'crm-wa-instances-'));
    const clock = new ManualClock(new Date());
    const env = { DATA_DIR: dataDir, WHATSAPP_LEASE_SECONDS: String(LEASE_SECONDS) };
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

  it('only the instance that connected runs the session: the other neither starts it at boot nor in its sweep, and reports the owner\'s state', async () => {
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

  it('a message sent through the instance that does not own the session is kept, failed and retryable (no routing yet)', async () => {
    const first = await inbound(one, token, { from: '+201001230001', name: 'Hana', body: 'Hello' });
    const res = await two.api.post('/messages', { contactId: first.body.data.contactId, body: 'Sent via B' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'failed', retryable: true });
  });

  it('logged out through the instance that does not own the session: the owner stops it at its next renewal, and nobody restarts it', async () => {
    const other = await seedCompany(one, 'wa-owner-logout');
    const otherToken = await signIn(one, other.admin.email);
    await connectWhatsApp(one, otherToken);
    expect(leaseOf(one).holds(other.tenantId)).toBe(true);

    expect((await two.api.delete('/whatsapp/session', { token: otherToken })).status).toBe(200);
    for (let i = 0; i < 100 && sessionsOf(one).sessionOf(other.tenantId); i++) await sleep(50);
    expect(sessionsOf(one).sessionOf(other.tenantId)).toBeUndefined();
    await Promise.all([sessionsOf(one).leaseRoundOnce(), sessionsOf(two).leaseRoundOnce()]);
    expect(sessionsOf(one).sessionOf(other.tenantId)).toBeUndefined();
    expect(sessionsOf(two).sessionOf(other.tenantId)).toBeUndefined();
    for (const app of [one, two]) expect((await app.api.get('/whatsapp/status', { token: otherToken })).body.data.state).toBe('not_configured');
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
