import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OpenSockets, startMessengerApp } from '../../../test/messenger.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { processed, signedWebhook, statusUpdate, storedMessage, textMessage, until, type CloudWebhookTarget } from '../../../test/cloud-api.js';
import { FakeGraphApi, TOKEN_EXPIRED, type FakeNumber } from '../../../test/fake-graph-api.js';
import type { TestApp } from '../../../test/test-app.js';
import { messages } from '../messages/messages.table.js';
import { notifications } from '../notifications/notifications.table.js';
import { whatsappAccounts } from '../whatsapp/whatsapp.table.js';
import { WhatsAppWatchdogService } from '../whatsapp/whatsapp-watchdog.service.js';

const A_NUMBER = '106540352242922';
const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const CUSTOMER = '201001112222';

describe('A company on the official WhatsApp Cloud API: its session, sending, marks and inbound end to end', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let a: SeededCompany, b: SeededCompany;
  let adminA: string, adminB: string, salesA: string;
  let number: FakeNumber;
  const sockets = new OpenSockets();
  const settings = () => ({ phoneNumberId: A_NUMBER, businessAccountId: '102290129340398', accessToken: number.token, appSecret: SECRET, verifyToken: 'verify-me' });

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    number = graph.addNumber(A_NUMBER, { displayPhoneNumber: '+20 100 123 4567', verifiedName: 'Company A' });
    t = await startMessengerApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url, PUBLIC_URL: 'https://crm.example.com' } });
    a = await seedCompany(t, 'cloud-session-a', { sales: 1 });
    b = await seedCompany(t, 'cloud-session-b', { sales: 1 });
    [adminA, adminB, salesA] = await Promise.all([signIn(t, a.admin.email), signIn(t, b.admin.email), signIn(t, a.sales[0].email)]);
  });
  afterAll(async () => {
    sockets.closeAll();
    await t?.close();
    await graph?.stop();
  });

  const cloud: CloudWebhookTarget = { phoneNumberId: A_NUMBER, appSecret: SECRET };
  const status = async (token: string) => (await t.api.get('/whatsapp/status', { token })).body.data;
  const message = (waMessageId: string) => storedMessage(t, a, waMessageId);

  it('saving the settings starts the session on the Cloud API driver: connected once Meta answers for the number', async () => {
    expect((await status(adminA)).state).toBe('not_configured');
    expect((await t.api.put('/whatsapp/cloud', settings(), { token: adminA })).status).toBe(200);
    const connected = await until(
      () => status(adminA),
      (s) => s.state === 'connected',
    );
    expect(connected).toMatchObject({ state: 'connected', ready: true, phoneNumber: '201001234567', qr: null });
    expect(graph.requests).toContain(`GET /v23.0/${A_NUMBER}`);
    // the rep reads the same state; another company is untouched
    expect((await status(salesA)).state).toBe('connected');
    expect((await status(adminB)).state).toBe('not_configured');
    // the status is cached and pushed first, stored just after
    const [account] = await until(
      () => t.db.tenant(a.tenantId, (tx) => tx.select().from(whatsappAccounts)),
      ([row]) => row?.autoStart === true,
    );
    expect(account).toMatchObject({ connectionKind: 'cloud', autoStart: true });
  });

  let contactId: string;

  it('a signed inbound webhook message reaches the admin socket as msg:new', async () => {
    const socket = await sockets.open(t, adminA);
    expect((await signedWebhook(t, cloud, textMessage(CUSTOMER, 'wamid.in-1', 'Do you deliver to Giza?'))).status).toBe(200);
    const event = await socket.waitFor('msg:new', (m) => m.body === 'Do you deliver to Giza?', 10_000);
    expect(event).toMatchObject({ direction: 'in', type: 'text' });
    contactId = event.contactId;
  });

  it("a text sent from the messenger goes out as Meta's documented POST /{id}/messages and is sent with Meta's id", async () => {
    const res = await t.api.post('/messages', { contactId, body: 'Yes, tomorrow', clientId: 'cloud-1' }, { token: salesA });
    expect(res.status).toBe(200);
    const sent = await until(async () => graph.sent.find((s) => (s.body as { text?: { body?: string } }).text?.body === 'Yes, tomorrow'), Boolean);
    expect(sent).toEqual({
      phoneNumberId: A_NUMBER,
      body: { messaging_product: 'whatsapp', recipient_type: 'individual', to: CUSTOMER, type: 'text', text: { preview_url: false, body: 'Yes, tomorrow' } },
    });
    const rows = await until(
      () => t.db.tenant(a.tenantId, (tx) => tx.select().from(messages).where(eq(messages.clientId, 'cloud-1'))),
      (r) => r[0]?.status === 'sent',
    );
    expect(rows[0]).toMatchObject({ status: 'sent', direction: 'out' });
    expect(rows[0].waMessageId).toMatch(/^wamid\./);
  });

  it('statuses delivered then read move its ticks', async () => {
    const [row] = await t.db.tenant(a.tenantId, (tx) => tx.select().from(messages).where(eq(messages.clientId, 'cloud-1')));
    const wamid = row.waMessageId!;
    expect((await signedWebhook(t, cloud, statusUpdate(wamid, 'delivered', CUSTOMER))).status).toBe(200);
    expect(
      (
        await until(
          () => message(wamid),
          (m) => m.ack === 2,
        )
      ).ack,
    ).toBe(2);
    expect((await signedWebhook(t, cloud, statusUpdate(wamid, 'read', CUSTOMER))).status).toBe(200);
    expect(
      (
        await until(
          () => message(wamid),
          (m) => m.ack === 3,
        )
      ).ack,
    ).toBe(3);
  });

  it("a failed status marks the message failed with Meta's reason, worded by code (131026: undeliverable), and pushes it", async () => {
    const socket = await sockets.open(t, adminA);
    expect((await t.api.post('/messages', { contactId, body: 'Our catalogue', clientId: 'cloud-2' }, { token: salesA })).status).toBe(200);
    const [row] = await until(
      () => t.db.tenant(a.tenantId, (tx) => tx.select().from(messages).where(eq(messages.clientId, 'cloud-2'))),
      (r) => r[0]?.status === 'sent',
    );
    const wamid = row.waMessageId!;
    const failed = statusUpdate(wamid, 'failed', CUSTOMER, [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }]);
    expect((await signedWebhook(t, cloud, failed)).status).toBe(200);
    const marked = await until(
      () => message(wamid),
      (m) => m.status === 'failed',
    );
    expect(marked).toMatchObject({ status: 'failed', errorCode: 'undeliverable', errorParams: { metaCode: 131026 }, errorRetryable: false });
    expect(marked.error).toContain('Meta 131026: Message undeliverable');
    const update = await socket.waitFor('msg:update', (m) => m._id === row.id && m.status === 'failed');
    expect(update).toMatchObject({ errorCode: 'undeliverable' });
    // Meta redelivers: nothing changes
    expect((await signedWebhook(t, cloud, failed)).status).toBe(200);
    expect((await message(wamid)).status).toBe('failed');
  });

  it('a send Meta refuses (131047, outside the 24-hour window) fails with that reason, not a bare refusal', async () => {
    graph.failing.set(A_NUMBER, { status: 400, error: { message: 'Re-engagement message', type: 'OAuthException', code: 131047 } });
    expect((await t.api.post('/messages', { contactId, body: 'Still there?', clientId: 'cloud-3' }, { token: salesA })).status).toBe(200);
    const [row] = await until(
      () => t.db.tenant(a.tenantId, (tx) => tx.select().from(messages).where(eq(messages.clientId, 'cloud-3'))),
      (r) => r[0]?.status === 'failed',
    );
    graph.failing.delete(A_NUMBER);
    expect(row).toMatchObject({ status: 'failed', errorCode: 'window_closed', errorRetryable: false, waMessageId: null });
    expect(row.error).toContain('Meta 131047');
  });

  it('the watchdog finds Meta refusing the token (190): needs_attention with token_invalid, and the admins are told', async () => {
    graph.failing.set(A_NUMBER, { status: 401, error: TOKEN_EXPIRED });
    await t.app.get(WhatsAppWatchdogService).runOnce();
    const attention = await until(
      () => status(adminA),
      (s) => s.state === 'needs_attention',
    );
    expect(attention).toMatchObject({ state: 'needs_attention', ready: false, reasonCode: 'token_invalid' });
    const told = await until(
      () => t.db.tenant(a.tenantId, (tx) => tx.select().from(notifications).where(eq(notifications.code, 'whatsapp.needs_attention'))),
      (rows) => rows.length > 0,
    );
    expect(told.map((n) => n.userId)).toContain(a.admin.id);
    expect(told[0]).toMatchObject({ link: '/settings/whatsapp', params: { reason: 'token_invalid' } });
    expect(told.map((n) => n.userId)).not.toContain(a.sales[0].id);
    // a send now waits: nothing reaches Meta
    const before = graph.sent.length;
    await t.api.post('/messages', { contactId, body: 'while refused' }, { token: adminA });
    expect(graph.sent.length).toBe(before);
  });

  it('saving the settings again (a new token) reconnects', async () => {
    graph.failing.delete(A_NUMBER);
    expect((await t.api.put('/whatsapp/cloud', settings(), { token: adminA })).status).toBe(200);
    expect(
      (
        await until(
          () => status(adminA),
          (s) => s.state === 'connected',
        )
      ).state,
    ).toBe('connected');
  });

  it("a rep may not save or remove the settings, and another company's admin removing nothing leaves A connected", async () => {
    expect((await t.api.put('/whatsapp/cloud', settings(), { token: salesA })).status).toBe(403);
    expect((await t.api.delete('/whatsapp/cloud', { token: salesA })).status).toBe(403);
    expect((await t.api.delete('/whatsapp/cloud', { token: adminB })).status).toBe(404);
    expect((await status(adminA)).state).toBe('connected');
  });

  it('the 24-hour window: the message list tells whether it is open; once closed a free-form message is refused before Meta, nothing stored', async () => {
    const page = await t.api.get(`/messages?contactId=${contactId}`, { token: salesA });
    expect(page.body.data.replyWindow.open).toBe(true);
    expect(Date.parse(page.body.data.replyWindow.closesAt)).toBeGreaterThan(t.clock.now().getTime() + 23 * 3_600_000);
    t.clock.advance(25 * 3_600_000);
    [adminA, salesA] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email)]);
    const sentBefore = graph.sent.length;
    const countBefore = (await t.db.tenant(a.tenantId, (tx) => tx.select().from(messages))).length;
    const refused = await t.api.post('/messages', { contactId, body: 'Hello again', clientId: 'cloud-late' }, { token: salesA });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('whatsapp.window_closed');
    expect(refused.body.error).toBe('More than 24 hours since this contact last wrote: send an approved template.');
    expect(graph.sent.length).toBe(sentBefore);
    expect((await t.db.tenant(a.tenantId, (tx) => tx.select().from(messages))).length).toBe(countBefore);
    expect((await t.api.get(`/messages?contactId=${contactId}`, { token: salesA })).body.data.replyWindow.open).toBe(false);
    // the contact writes again: the window opens again
    expect((await signedWebhook(t, cloud, textMessage(CUSTOMER, 'wamid.in-2', 'Hello?'))).status).toBe(200);
    await processed(t, a, 'wamid.in-2');
    expect((await t.api.post('/messages', { contactId, body: 'Hello again', clientId: 'cloud-late' }, { token: salesA })).status).toBe(200);
  });

  it('DELETE stops the Cloud session: the company falls back to the QR kind, not configured until an admin starts it', async () => {
    expect((await t.api.delete('/whatsapp/cloud', { token: adminA })).status).toBe(200);
    expect((await status(adminA)).state).toBe('not_configured');
    const [account] = await t.db.tenant(a.tenantId, (tx) => tx.select().from(whatsappAccounts));
    expect(account).toMatchObject({ connectionKind: 'qr', autoStart: false });
    // linked by QR there is no window
    expect((await t.api.get(`/messages?contactId=${contactId}`, { token: adminA })).body.data.replyWindow).toBeNull();
    // starting now is the QR driver (the simulator here): a QR to scan
    expect((await t.api.post('/whatsapp/start', undefined, { token: adminA })).status).toBe(200);
    expect(
      (
        await until(
          () => status(adminA),
          (s) => s.state === 'scan',
        )
      ).state,
    ).toBe('scan');
  });
});
