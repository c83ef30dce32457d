import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startMessengerApp } from '../../../test/messenger.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { inboundMessages, postWebhook, signature, signedWebhook, statusUpdate, textMessage, until, webhookEvents, webhookPayload } from '../../../test/cloud-api.js';
import { ACCOUNT_LOCKED, FakeGraphApi, TOKEN_EXPIRED, type FakeNumber } from '../../../test/fake-graph-api.js';
import type { TestApp } from '../../../test/test-app.js';
import { messages } from '../messages/messages.table.js';
import { SecretBox } from '../../platform/secrets/secret-box.js';
import { whatsappCloudConnections } from './whatsapp-cloud.table.js';

const A_NUMBER = '106540352242922';
const B_NUMBER = '206540352242933';

describe('WhatsApp Cloud API: settings, test connection, webhooks', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let a: SeededCompany, b: SeededCompany;
  let adminA: string, adminB: string, salesA: string;
  let numberA: FakeNumber, numberB: FakeNumber;
  const settings = (number: FakeNumber, phoneNumberId: string, secret: string) => ({
    phoneNumberId,
    businessAccountId: '102290129340398',
    accessToken: number.token,
    appSecret: secret,
    verifyToken: `verify-${secret}`,
  });
  const A_SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const B_SECRET = 'ffeeddccbbaa99887766554433221100';

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    numberA = graph.addNumber(A_NUMBER, { displayPhoneNumber: '+20 100 123 4567', verifiedName: 'Company A' });
    numberB = graph.addNumber(B_NUMBER);
    t = await startMessengerApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url, PUBLIC_URL: 'https://crm.example.com/' } });
    a = await seedCompany(t, 'cloud-a', { sales: 1 });
    b = await seedCompany(t, 'cloud-b', { sales: 1 });
    [adminA, adminB, salesA] = await Promise.all([signIn(t, a.admin.email), signIn(t, b.admin.email), signIn(t, a.sales[0].email)]);
  });
  afterAll(async () => {
    await t?.close();
    await graph?.stop();
  });

  const cloudA = { phoneNumberId: A_NUMBER, appSecret: A_SECRET };
  const cloudB = { phoneNumberId: B_NUMBER, appSecret: B_SECRET };
  const deliver = (phoneNumberId: string, payload: unknown, secret: string | null) => postWebhook(t, phoneNumberId, JSON.stringify(payload), secret);
  const events = (tenantId: string) => webhookEvents(t, tenantId);
  const inbound = (tenantId: string) => inboundMessages(t, tenantId);

  describe('settings', () => {
    it('an admin sets the connection; the answer and GET hold no secret, only its last 4 characters, and the webhook URL', async () => {
      const put = await t.api.put('/whatsapp/cloud', settings(numberA, A_NUMBER, A_SECRET), { token: adminA });
      expect(put.status).toBe(200);
      const text = JSON.stringify(put.body);
      for (const secret of [numberA.token, A_SECRET, `verify-${A_SECRET}`]) expect(text).not.toContain(secret);
      expect(put.body.data).toMatchObject({
        phoneNumberId: A_NUMBER,
        accessTokenHint: `…${numberA.token.slice(-4)}`,
        appSecretHint: '…8f90',
        verifyTokenHint: '…8f90',
        webhookUrl: `https://crm.example.com/api/webhooks/whatsapp/${A_NUMBER}`,
        state: 'untested',
      });
      const get = await t.api.get('/whatsapp/cloud', { token: adminA });
      // the session started by the save may have heard from Meta meanwhile (then it reads connected)
      const settled = ({ state, lastTestedAt, updatedAt, ...rest }: Record<string, unknown>) => rest;
      expect(settled(get.body.data)).toEqual(settled(put.body.data));
      expect(['untested', 'connected']).toContain(get.body.data.state);
      // at rest: sealed, not readable
      const [row] = await t.db.tenant(a.tenantId, (tx) => tx.select().from(whatsappCloudConnections));
      expect(JSON.stringify(row)).not.toContain(numberA.token);
      expect(JSON.stringify(row)).not.toContain(A_SECRET);
    });

    it('validates the body with the field named', async () => {
      const res = await t.api.put('/whatsapp/cloud', { ...settings(numberA, 'abc', A_SECRET) }, { token: adminA });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('phoneNumberId');
    });

    it('a sales rep may not read, change, test or remove it (403)', async () => {
      expect((await t.api.get('/whatsapp/cloud', { token: salesA })).status).toBe(403);
      expect((await t.api.put('/whatsapp/cloud', settings(numberA, A_NUMBER, A_SECRET), { token: salesA })).status).toBe(403);
      expect((await t.api.post('/whatsapp/cloud/test', undefined, { token: salesA })).status).toBe(403);
      expect((await t.api.delete('/whatsapp/cloud', { token: salesA })).status).toBe(403);
    });

    it("another company's admin neither sees nor changes nor removes it, and cannot take its phone number ID", async () => {
      expect((await t.api.get('/whatsapp/cloud', { token: adminB })).status).toBe(404);
      expect((await t.api.post('/whatsapp/cloud/test', undefined, { token: adminB })).status).toBe(404);
      expect((await t.api.delete('/whatsapp/cloud', { token: adminB })).status).toBe(404);
      const taken = await t.api.put('/whatsapp/cloud', settings(numberB, A_NUMBER, B_SECRET), { token: adminB });
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('whatsapp.cloud_number_taken');
      expect((await t.api.get('/whatsapp/cloud', { token: adminA })).body.data.phoneNumberId).toBe(A_NUMBER);
      expect((await t.api.put('/whatsapp/cloud', settings(numberB, B_NUMBER, B_SECRET), { token: adminB })).status).toBe(200);
    });
  });

  describe('test connection', () => {
    it("reads the number from the Graph API with the stored token: connected, with Meta's name for it", async () => {
      const res = await t.api.post('/whatsapp/cloud/test', undefined, { token: adminA });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ state: 'connected', reasonCode: null, displayPhoneNumber: '+20 100 123 4567', verifiedName: 'Company A' });
      expect(res.body.data.lastTestedAt).toBeTruthy();
      expect(graph.requests).toContain(`GET /v23.0/${A_NUMBER}`);
    });

    it('Meta error 190 (token expired or revoked) and 131031 (account locked) need attention with their reason codes', async () => {
      graph.failing.set(A_NUMBER, { status: 401, error: TOKEN_EXPIRED });
      const expired = await t.api.post('/whatsapp/cloud/test', undefined, { token: adminA });
      expect(expired.body.data).toMatchObject({ state: 'needs_attention', reasonCode: 'token_invalid' });
      expect(expired.body.data.reason).toContain('Session has expired');
      graph.failing.set(A_NUMBER, { status: 400, error: ACCOUNT_LOCKED });
      const locked = await t.api.post('/whatsapp/cloud/test', undefined, { token: adminA });
      expect(locked.body.data).toMatchObject({ state: 'needs_attention', reasonCode: 'account_locked' });
      graph.failing.delete(A_NUMBER);
      expect((await t.api.post('/whatsapp/cloud/test', undefined, { token: adminA })).body.data.state).toBe('connected');
    });
  });

  describe('webhook verification (GET)', () => {
    const verify = (number: string, token: string, challenge = '1158201444') =>
      fetch(`${t.url}/api/webhooks/whatsapp/${number}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=${challenge}`);

    it("answers the challenge as plain text when the verify token is the number's", async () => {
      const res = await verify(A_NUMBER, `verify-${A_SECRET}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe('1158201444');
    });

    it("403 for a wrong token, another company's token, an unknown number, or another mode", async () => {
      expect((await verify(A_NUMBER, 'wrong-token')).status).toBe(403);
      expect((await verify(A_NUMBER, `verify-${B_SECRET}`)).status).toBe(403);
      expect((await verify('999999999', `verify-${A_SECRET}`)).status).toBe(403);
      const other = await fetch(`${t.url}/api/webhooks/whatsapp/${A_NUMBER}?hub.mode=unsubscribe&hub.verify_token=verify-${A_SECRET}&hub.challenge=1`);
      expect(other.status).toBe(403);
    });
  });

  describe('webhook deliveries (POST)', () => {
    it('a missing or wrong signature answers 401 and stores nothing', async () => {
      const payload = webhookPayload(A_NUMBER, textMessage('201001112222', 'wamid.unsigned', 'hello'));
      expect((await deliver(A_NUMBER, payload, null)).status).toBe(401);
      expect((await deliver(A_NUMBER, payload, 'not-the-secret')).status).toBe(401);
      // signed by company B's app secret, sent to A's number
      expect((await deliver(A_NUMBER, payload, B_SECRET)).status).toBe(401);
      // the body changed after signing
      const raw = JSON.stringify(payload);
      const tampered = await fetch(`${t.url}/api/webhooks/whatsapp/${A_NUMBER}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature(raw, A_SECRET) },
        body: raw.replace('hello', 'hellO'),
      });
      expect(tampered.status).toBe(401);
      expect(await events(a.tenantId)).toHaveLength(0);
      expect(await events(b.tenantId)).toHaveLength(0);
    });

    it("a signed inbound text is stored, answered 200, and becomes A's message once, even when Meta redelivers it", async () => {
      const text = textMessage('201001112222', 'wamid.HBgLMjAxMDAxMTEyMjIyFQIAEhgg', 'Is the blue one in stock?');
      const res = await signedWebhook(t, cloudA, text);
      expect(res.status).toBe(200);
      expect((await signedWebhook(t, cloudA, text)).status).toBe(200);
      const stored = await until(
        () => inbound(a.tenantId),
        (rows) => rows.length > 0,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ body: 'Is the blue one in stock?', type: 'text', waMessageId: 'wamid.HBgLMjAxMDAxMTEyMjIyFQIAEhgg' });
      const processed = await until(
        () => events(a.tenantId),
        (rows) => rows.filter((r) => r.status === 'processed').length === 2,
      );
      expect(processed.map((r) => r.status)).toEqual(['processed', 'processed']);
      expect(await inbound(a.tenantId)).toHaveLength(1);
      // never in the other company
      expect(await inbound(b.tenantId)).toHaveLength(0);
      expect(await events(b.tenantId)).toHaveLength(0);
    });

    it("a delivery far above the app's usual body limit (Meta sends up to 3 MB) is read and checked like any other", async () => {
      const long = 'ل'.repeat(200_000);
      const payload = webhookPayload(A_NUMBER, textMessage('201007778888', 'wamid.long1', long));
      expect(Buffer.byteLength(JSON.stringify(payload))).toBeGreaterThan(300_000);
      expect((await deliver(A_NUMBER, payload, null)).status).toBe(401);
      expect((await deliver(A_NUMBER, payload, A_SECRET)).status).toBe(200);
      const rows = await until(
        () => inbound(a.tenantId),
        (r) => r.some((m) => m.waMessageId === 'wamid.long1'),
      );
      expect(rows.find((m) => m.waMessageId === 'wamid.long1')?.body).toBe(long);
    });

    it("every message of a delivery counts, and media is fetched from the Graph API with the company's token", async () => {
      graph.addMedia('1234567890', Buffer.from('%PDF-1.4 fake pdf'), 'application/pdf');
      const payload = {
        contacts: [{ profile: { name: 'Omar' }, wa_id: '201003334444' }],
        messages: [
          {
            from: '201003334444',
            id: 'wamid.doc1',
            timestamp: '1764100000',
            type: 'document',
            document: { id: '1234567890', mime_type: 'application/pdf', filename: 'price-list.pdf', caption: 'our prices' },
          },
          { from: '201003334444', id: 'wamid.loc1', timestamp: '1764100001', type: 'location', location: { latitude: 30.0444, longitude: 31.2357, name: 'Tahrir' } },
          { from: '201003334444', id: 'wamid.img1', timestamp: '1764100002', type: 'image', image: { id: 'missing-media', mime_type: 'image/jpeg' } },
        ],
      };
      expect((await signedWebhook(t, cloudA, payload)).status).toBe(200);
      const rows = await until(
        () => inbound(a.tenantId),
        (r) => r.length === 5,
      );
      const byId = new Map(rows.map((r) => [r.waMessageId, r]));
      expect(byId.get('wamid.doc1')).toMatchObject({ type: 'document', body: 'our prices', mediaFileName: 'price-list.pdf', mediaMime: 'application/pdf' });
      expect(byId.get('wamid.loc1')?.body).toContain('Tahrir');
      // a media that cannot be fetched: the image is kept without its file (the chat reads "Media not available"), a job tries again
      expect(byId.get('wamid.img1')).toMatchObject({ type: 'image', body: '', mediaPath: null });
    });

    it("statuses become the marks of our message and never go backwards; B's deliveries never touch A", async () => {
      const [contact] = await inbound(a.tenantId);
      await t.db.tenant(a.tenantId, (tx) =>
        tx.insert(messages).values({ tenantId: a.tenantId, contactId: contact.contactId, direction: 'out', type: 'text', body: 'Yes', status: 'sent', ack: 0, waMessageId: 'wamid.out1' }),
      );
      const ack = async () => (await t.db.tenant(a.tenantId, (tx) => tx.select().from(messages).where(eq(messages.waMessageId, 'wamid.out1'))))[0].ack;
      expect((await signedWebhook(t, cloudA, statusUpdate('wamid.out1', 'read', '201001112222'))).status).toBe(200);
      expect(await until(ack, (v) => v === 3)).toBe(3);
      expect((await signedWebhook(t, cloudA, statusUpdate('wamid.out1', 'delivered', '201001112222'))).status).toBe(200);
      // B's number, B's signature, a status naming A's message id: lands in B (where it matches nothing)
      expect((await signedWebhook(t, cloudB, statusUpdate('wamid.out1', 'failed', '201001112222', [{ code: 131026, title: 'Message undeliverable' }]))).status).toBe(200);
      await until(
        () => events(b.tenantId),
        (rows) => rows.some((r) => r.status === 'processed'),
      );
      await until(
        () => events(a.tenantId),
        (rows) => rows.every((r) => r.status !== 'received'),
      );
      expect(await ack()).toBe(3);
    });

    it("a delivery signed by A but naming B's number in its metadata is not processed as A's", async () => {
      const before = (await inbound(a.tenantId)).length;
      const payload = webhookPayload(B_NUMBER, textMessage('201005556666', 'wamid.mixed', 'hi'));
      expect((await deliver(A_NUMBER, payload, A_SECRET)).status).toBe(200);
      const rows = await until(
        () => events(a.tenantId),
        (r) => r.every((e) => e.status !== 'received'),
      );
      expect(rows.some((e) => e.status === 'failed')).toBe(true);
      expect(await inbound(a.tenantId)).toHaveLength(before);
      expect(await inbound(b.tenantId)).toHaveLength(0);
    });
  });

  it('processed deliveries are forgotten after a week', async () => {
    const before = (await events(a.tenantId)).length;
    expect(before).toBeGreaterThan(0);
    t.clock.advance(8 * 24 * 3_600_000);
    // a week later the sessions have ended too
    [adminA, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, b.admin.email)]);
    expect((await signedWebhook(t, cloudA, textMessage('201001112222', 'wamid.week-later', 'and now?'))).status).toBe(200);
    const left = await until(
      () => events(a.tenantId),
      (rows) => rows.length === 1 && rows[0].status === 'processed',
    );
    expect(left).toHaveLength(1);
    expect((await inbound(a.tenantId)).some((m) => m.waMessageId === 'wamid.week-later')).toBe(true);
  });

  it('secrets that no longer open (SECRETS_KEY changed) refuse webhooks and make the test say so, never a 500', async () => {
    const [row] = await t.db.tenant(a.tenantId, (tx) => tx.select().from(whatsappCloudConnections));
    const foreign = new SecretBox(randomBytes(32));
    await t.db.tenant(a.tenantId, (tx) =>
      tx
        .update(whatsappCloudConnections)
        .set({ accessTokenSealed: foreign.seal('x'), appSecretSealed: foreign.seal(A_SECRET), verifyTokenSealed: foreign.seal('v') })
        .where(eq(whatsappCloudConnections.id, row.id)),
    );
    const get = await t.api.get('/whatsapp/cloud', { token: adminA });
    expect(get.body.data).toMatchObject({ accessTokenHint: null, appSecretHint: null, verifyTokenHint: null });
    const tested = await t.api.post('/whatsapp/cloud/test', undefined, { token: adminA });
    expect(tested.status).toBe(200);
    expect(tested.body.data).toMatchObject({ state: 'needs_attention', reasonCode: 'start_failed' });
    expect(tested.body.data.reason).toContain('cannot be decrypted');
    expect((await signedWebhook(t, cloudA, textMessage('201001112222', 'wamid.nokey', 'x'))).status).toBe(401);
  });

  it('DELETE removes the connection: its webhooks are refused afterwards', async () => {
    expect((await t.api.delete('/whatsapp/cloud', { token: adminA })).status).toBe(200);
    expect((await t.api.get('/whatsapp/cloud', { token: adminA })).status).toBe(404);
    expect((await signedWebhook(t, cloudA, textMessage('201001112222', 'wamid.after', 'x'))).status).toBe(401);
    expect((await t.api.get('/whatsapp/cloud', { token: adminB })).status).toBe(200);
  });
});
