import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase } from '../../../test/test-database.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectSocket, connectWhatsApp, messengerTestEnv, sleep, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import { Database } from '../../platform/db/database.js';
import { SimulatorDriver } from './drivers/simulator.driver.js';
import { MessengerEvents, type MessengerEventMap } from './messenger-events.js';
import { WHATSAPP_SESSION_LEASE, type WhatsAppSessionLease } from './whatsapp-session-lease.js';
import { WhatsAppSessionsService } from './whatsapp-sessions.service.js';
import { WhatsAppRepository } from './whatsapp.repository.js';
import { WhatsAppWatchdogService } from './whatsapp-watchdog.service.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminA: string;
let salesA: string;
let adminB: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startMessengerApp();
  a = await seedCompany(t, 'wa-alpha');
  b = await seedCompany(t, 'wa-bravo');
  [adminA, salesA, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, b.admin.email)]);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

const socketFor = async (token: string) => {
  const s = await connectSocket(t, token);
  sockets.push(s);
  return s;
};

describe('connect flow', () => {
  it('not configured → account → start shows a QR (to the admins only) → scanned → connected, pushed to the whole company only', async () => {
    const admin = await socketFor(adminA);
    const sales = await socketFor(salesA);
    const other = await socketFor(adminB);

    expect((await t.api.get('/whatsapp/status', { token: adminA })).body.data).toMatchObject({ state: 'not_configured', ready: false, qr: null, tenantId: a.tenantId });
    const account = await t.api.post('/whatsapp/accounts', { name: 'Default Account' }, { token: adminA });
    expect(account.status).toBe(200);
    expect(account.body.data).toMatchObject({ name: 'Default Account', state: 'not_configured' });
    expect((await t.api.post('/whatsapp/accounts', { name: 'Default Account' }, { token: adminA })).body.data._id).toBe(account.body.data._id);

    const start = await t.api.post('/whatsapp/start', undefined, { token: adminA });
    expect(start.status).toBe(200);
    expect(['initializing', 'scan']).toContain(start.body.data.state);
    const scan = await admin.waitFor('wa:status', (s) => s.state === 'scan');
    expect(scan).toMatchObject({ ready: false, tenantId: a.tenantId });
    expect(scan.qr).toMatch(/^data:image\/png;base64,/);
    // a rep sees the state, never the QR: whoever scans it links their phone as the company's
    expect(await sales.waitFor('wa:status', (s) => s.state === 'scan')).toMatchObject({ ready: false, tenantId: a.tenantId, qr: null });
    expect((await t.api.get('/whatsapp/status', { token: salesA })).body.data).toMatchObject({ state: 'scan', qr: null });

    expect((await t.api.post('/dev/whatsapp/connect-now', undefined, { token: adminA })).status).toBe(200);
    const connected = await admin.waitFor('wa:status', (s) => s.state === 'connected');
    expect(connected).toMatchObject({ ready: true, qr: null, tenantId: a.tenantId });
    await sales.waitFor('wa:status', (s) => s.state === 'connected');
    expect(admin.all('wa:status').map((s) => s.state)).toEqual(['initializing', 'scan', 'connected']);
    expect(other.all('wa:status')).toEqual([]);
    expect((await t.api.get('/whatsapp/status', { token: adminB })).body.data.state).toBe('not_configured');
  });

  it('wa:get_status is answered from the cache to the asking socket', async () => {
    const sales = await socketFor(salesA);
    sales.socket.emit('wa:get_status');
    expect(await sales.waitFor('wa:status')).toMatchObject({ state: 'connected', ready: true, tenantId: a.tenantId });
  });

  it('a dropped connection reconnects by itself with the stored session (no QR)', async () => {
    const admin = await socketFor(adminA);
    await t.api.post('/dev/whatsapp/disconnect', { mode: 'drop' }, { token: adminA });
    const dropped = await admin.waitFor('wa:status', (s) => s.state === 'disconnected');
    // the reason as a code the renderer words, beside the English
    expect(dropped).toMatchObject({ reason: 'The connection was lost. Reconnecting…', reasonCode: 'reconnecting' });
    const connected = await admin.waitFor('wa:status', (s) => s.state === 'connected');
    expect(connected).toMatchObject({ reason: null, reasonCode: null });
    expect(admin.all('wa:status').some((s) => s.state === 'scan')).toBe(false);
  });
});

describe('who links the company WhatsApp (whatsapp.session.manage: admins)', () => {
  let c: SeededCompany;
  let adminC: string;
  let salesC: string;
  beforeAll(async () => {
    c = await seedCompany(t, 'wa-charlie');
    [adminC, salesC] = await Promise.all([signIn(t, c.admin.email), signIn(t, c.sales[0].email)]);
  });

  it("refuses a rep's account and start with 403 permission_denied, and starts nothing", async () => {
    const admin = await socketFor(adminC);
    const sales = await socketFor(salesC);
    const account = await t.api.post('/whatsapp/accounts', { name: 'My own phone' }, { token: salesC });
    expect([account.status, account.body.code]).toEqual([403, 'permission_denied']);
    const start = await t.api.post('/whatsapp/start', undefined, { token: salesC });
    expect([start.status, start.body.code]).toEqual([403, 'permission_denied']);
    await sleep(100);
    expect(t.app.get(WhatsAppSessionsService).runsHere(c.tenantId)).toBe(false);
    expect(t.app.get(SimulatorDriver).stateOf(c.tenantId)).toBeUndefined();
    expect(await t.app.get(Database).tenant(c.tenantId, (tx) => t.app.get(WhatsAppRepository).find(tx, c.tenantId))).toBeUndefined();
    expect((await t.api.get('/whatsapp/status', { token: adminC })).body.data).toMatchObject({ state: 'not_configured', qr: null });
    expect([...admin.all('wa:status'), ...sales.all('wa:status')]).toEqual([]);
  });

  it("gives the QR to the admins' sockets and GET /whatsapp/status only; reps get the state without it; other companies nothing", async () => {
    const admin = await socketFor(adminC);
    const sales = await socketFor(salesC);
    const otherCompany = await socketFor(adminB);
    expect((await t.api.post('/whatsapp/accounts', { name: 'Default Account' }, { token: adminC })).status).toBe(200);
    expect((await t.api.post('/whatsapp/start', undefined, { token: adminC })).status).toBe(200);

    const adminScan = await admin.waitFor('wa:status', (s) => s.state === 'scan');
    expect(adminScan.qr).toMatch(/^data:image\/png;base64,/);
    expect(await sales.waitFor('wa:status', (s) => s.state === 'scan')).toMatchObject({ tenantId: c.tenantId, ready: false, qr: null });

    const adminStatus = (await t.api.get('/whatsapp/status', { token: adminC })).body.data;
    expect(adminStatus).toMatchObject({ state: 'scan', qr: adminScan.qr });
    expect((await t.api.get('/whatsapp/status', { token: salesC })).body.data).toMatchObject({ state: 'scan', tenantId: c.tenantId, qr: null });

    // asked over the socket too (wa:get_status)
    expect(sales.all('wa:status').every((s) => s.qr === null)).toBe(true);
    sales.clear();
    admin.clear();
    sales.socket.emit('wa:get_status');
    admin.socket.emit('wa:get_status');
    expect(await sales.waitFor('wa:status')).toMatchObject({ state: 'scan', qr: null });
    expect(await admin.waitFor('wa:status')).toMatchObject({ state: 'scan', qr: adminScan.qr });

    // the admin scans it: connected for everyone
    expect((await t.api.post('/dev/whatsapp/connect-now', undefined, { token: adminC })).status).toBe(200);
    await admin.waitFor('wa:status', (s) => s.state === 'connected');
    await sales.waitFor('wa:status', (s) => s.state === 'connected');
    expect(sales.all('wa:status').every((s) => s.qr === null)).toBe(true);
    expect(otherCompany.all('wa:status')).toEqual([]);
    expect((await t.api.get('/whatsapp/status', { token: adminB })).body.data).toMatchObject({ state: 'not_configured', qr: null, tenantId: b.tenantId });

    // a rep's start changes nothing once connected either
    expect((await t.api.post('/whatsapp/start', undefined, { token: salesC })).status).toBe(403);
    expect((await t.api.get('/whatsapp/status', { token: salesC })).body.data).toMatchObject({ state: 'connected', ready: true });
  });
});

describe('watchdog', () => {
  it('a session that stopped answering moves to needs_qr (never Connected) and the admins are notified', async () => {
    const admin = await socketFor(adminA);
    const sales = await socketFor(salesA);
    const down: MessengerEventMap['whatsapp.down'][] = [];
    t.app.get(MessengerEvents).on('whatsapp.down', (e) => void down.push(e));
    const watchdog = t.app.get(WhatsAppWatchdogService);

    await watchdog.runOnce();
    expect((await t.api.get('/whatsapp/status', { token: adminA })).body.data.state).toBe('connected');

    await t.api.post('/dev/whatsapp/disconnect', { mode: 'silent' }, { token: adminA });
    await watchdog.runOnce();
    expect((await t.api.get('/whatsapp/status', { token: adminA })).body.data.state).toBe('connected');
    await watchdog.runOnce();
    const status = (await t.api.get('/whatsapp/status', { token: adminA })).body.data;
    expect(status).toMatchObject({ state: 'needs_qr', ready: false, qr: null });
    expect(status.reason).toMatch(/stopped answering/);
    expect(status.reasonCode).toBe('not_answering');
    expect(await admin.waitFor('wa:status', (s) => s.state === 'needs_qr')).toMatchObject({ reasonCode: 'not_answering' });

    const note = await admin.waitFor('new_notification');
    expect(note.text).toMatch(/WhatsApp needs a new QR scan/);
    expect(note.link).toBe('/whatsapp');
    const bell = await t.api.get('/notifications', { token: adminA });
    expect(bell.body.data.unreadCount).toBe(1);
    expect(bell.body.data.items[0]).toMatchObject({ text: note.text, isRead: false });
    expect(sales.all('new_notification')).toEqual([]);
    expect((await t.api.get('/notifications', { token: salesA })).body.data.total).toBe(0);
    expect((await t.api.get('/notifications', { token: adminB })).body.data.total).toBe(0);
    expect((await t.api.post('/notifications/read', { ids: [note._id] }, { token: adminB })).body.data.updated).toBe(0);
    expect(down).toEqual([expect.objectContaining({ tenantId: a.tenantId, state: 'needs_qr' })]);

    expect((await t.api.post('/notifications/read', {}, { token: adminA })).body.data.updated).toBe(1);
    expect((await t.api.get('/notifications', { token: adminA })).body.data.unreadCount).toBe(0);
  });

  it('a logout from the phone moves to needs_qr at once; starting again asks for a QR', async () => {
    await connectWhatsApp(t, adminA);
    const admin = await socketFor(adminA);
    await t.api.post('/dev/whatsapp/disconnect', { mode: 'logout' }, { token: adminA });
    const status = await admin.waitFor('wa:status', (s) => s.state === 'needs_qr');
    expect(status.reason).toMatch(/logged out from the phone/);
    expect(status.reasonCode).toBe('logged_out');
    expect((await t.api.get('/whatsapp/status', { token: adminA })).body.data).toMatchObject({ state: 'needs_qr', reasonCode: 'logged_out' });
    await admin.waitFor('new_notification');
    await t.api.post('/whatsapp/start', undefined, { token: adminA });
    await admin.waitFor('wa:status', (s) => s.state === 'scan');
  });
});

describe('delete session', () => {
  it('is for admins; it logs out, forgets the session and says so', async () => {
    await connectWhatsApp(t, adminA);
    const forbidden = await t.api.delete('/whatsapp/session', { token: salesA });
    expect(forbidden.status).toBe(403);
    const admin = await socketFor(adminA);
    const res = await t.api.delete('/whatsapp/session', { token: adminA });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('Session deleted. Please request new QR.');
    await admin.waitFor('wa:status', (s) => s.state === 'not_configured');
    await t.api.post('/whatsapp/start', undefined, { token: adminA });
    await admin.waitFor('wa:status', (s) => s.state === 'scan');
  });
});

describe('logout order', () => {
  it('stores the logged-out state (auto-start off) before the lease is given up, so no lease round can take the session over', async () => {
    const d = await seedCompany(t, 'wa-delta');
    const token = await signIn(t, d.admin.email);
    await connectWhatsApp(t, token);
    const lease = t.app.get<WhatsAppSessionLease>(WHATSAPP_SESSION_LEASE);
    const stored = () => t.app.get(Database).tenant(d.tenantId, (tx) => t.app.get(WhatsAppRepository).find(tx, d.tenantId));
    const seen: unknown[] = [];
    const release = lease.release.bind(lease);
    const spy = vi.spyOn(lease, 'release').mockImplementation(async (tenantId: string) => {
      if (tenantId === d.tenantId) seen.push(await stored().then((row) => ({ state: row?.state, autoStart: row?.autoStart })));
      return release(tenantId);
    });
    try {
      expect((await t.api.delete('/whatsapp/session', { token })).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(seen).toEqual([{ state: 'not_configured', autoStart: false }]);
    expect(t.app.get(WhatsAppSessionsService).runsHere(d.tenantId)).toBe(false);
    expect((await t.api.get('/whatsapp/status', { token })).body.data.state).toBe('not_configured');
  });
});

describe('simulator dev routes', () => {
  it('a sales user cannot log out or re-link the company WhatsApp through them (admins only), but may play the customer phone', async () => {
    await connectWhatsApp(t, adminA);
    for (const mode of ['logout', 'drop', 'silent']) {
      const res = await t.api.post('/dev/whatsapp/disconnect', { mode }, { token: salesA });
      expect(res.status, mode).toBe(403);
    }
    expect((await t.api.post('/dev/whatsapp/connect-now', undefined, { token: salesA })).status).toBe(403);
    await sleep(50);
    expect((await t.api.get('/whatsapp/status', { token: salesA })).body.data).toMatchObject({ state: 'connected', ready: true });
    // the customer's side of the simulated phone stays open to every signed-in user of the company
    const inbound = await t.api.post('/dev/whatsapp/inbound', { from: '+201001112233', body: 'hello from the customer' }, { token: salesA });
    expect(inbound.status).toBe(200);
  });

  it("the outbox lists what this company's session sent, oldest first (admins only); 409 where no session of the company runs", async () => {
    await connectWhatsApp(t, adminA);
    const contactId = (await t.api.post('/dev/whatsapp/inbound', { from: '+201001112244', body: 'hi' }, { token: adminA })).body.data.contactId;
    for (const body of ['first out', 'second out']) expect((await t.api.post('/messages', { contactId, body }, { token: adminA })).body.data.status).toBe('sent');
    const sent = await t.api.get('/dev/whatsapp/sent', { token: adminA });
    expect(sent.status).toBe(200);
    expect(sent.body.data.slice(-2)).toMatchObject([
      { body: 'first out', chatId: '201001112244@c.us' },
      { body: 'second out', chatId: '201001112244@c.us' },
    ]);
    expect(sent.body.data[sent.body.data.length - 1].waMessageId).toMatch(/^true_201001112244@c\.us_/);
    expect((await t.api.get('/dev/whatsapp/sent', { token: salesA })).status).toBe(403);
    // the other company never started one: nothing of company A's leaks, and the answer says why
    const none = await t.api.get('/dev/whatsapp/sent', { token: adminB });
    expect([none.status, none.body.code]).toEqual([409, 'whatsapp.not_started']);
  });
});

describe('restart', () => {
  it('a connected session restarts when the backend starts, without a new QR', async () => {
    const database = await createTestDatabase({ persistent: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'crm-wa-restart-'));
    const first = await startTestApp({ database, env: messengerTestEnv({ DATA_DIR: dataDir }) });
    const c = await seedCompany(first, 'wa-restart');
    await connectWhatsApp(first, await signIn(first, c.admin.email));
    await first.stop();
    const second = await startTestApp({ database, env: messengerTestEnv({ DATA_DIR: dataDir }) });
    try {
      const token = await signIn(second, c.admin.email);
      let state = '';
      for (let i = 0; i < 400 && state !== 'connected'; i++) {
        state = (await second.api.get('/whatsapp/status', { token })).body.data.state;
        if (state !== 'connected') await sleep(20);
      }
      expect(state).toBe('connected');
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('with the real driver', () => {
  it('the simulator dev routes do not exist', async () => {
    const real = await startTestApp({ env: { WHATSAPP_DRIVER: 'wwebjs' } });
    try {
      const c = await seedCompany(real, 'wa-real');
      const token = await signIn(real, c.admin.email);
      for (const path of ['/dev/whatsapp/inbound', '/dev/whatsapp/connect-now', '/dev/whatsapp/disconnect', '/dev/whatsapp/revoke']) {
        expect((await real.api.post(path, { from: '+201001234567', body: 'x', id: 'x' }, { token })).status, path).toBe(404);
      }
      expect((await real.api.get('/dev/whatsapp/sent', { token })).status).toBe(404);
      expect((await real.api.get('/whatsapp/status', { token })).body.data.state).toBe('not_configured');
    } finally {
      await real.close();
    }
  });
});
