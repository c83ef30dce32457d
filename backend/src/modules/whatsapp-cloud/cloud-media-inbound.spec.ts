import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenSockets, startMessengerApp } from '../../../test/messenger.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectCloudCompany, imageMessage, processed, signedWebhook, storedMessage, textMessage, until, type CloudAccount } from '../../../test/cloud-api.js';
import { FakeGraphApi } from '../../../test/fake-graph-api.js';
import type { TestApp } from '../../../test/test-app.js';

const NUMBER = '106540352242922';
const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const CUSTOMER = '201001113333';

/** An inbound image from the customer, who is named Karim. */
const photo = (id: string, mediaId: string, caption: string) => imageMessage(CUSTOMER, id, { caption, mime_type: 'image/png', id: mediaId }, 'Karim');

describe('Inbound media on the official API that fails to download, and marking chats read at Meta', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let a: SeededCompany;
  let admin: string;
  let cloud: CloudAccount;
  const sockets = new OpenSockets();

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    t = await startMessengerApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url, WHATSAPP_CLOUD_MEDIA_RETRY_SECONDS: '1', WHATSAPP_CLOUD_MEDIA_RETRIES: '3' } });
    a = await seedCompany(t, 'cloud-inbound-media', { sales: 1 });
    admin = await signIn(t, a.admin.email);
    cloud = await connectCloudCompany(t, graph, { tenantId: a.tenantId, admin, phoneNumberId: NUMBER, appSecret: SECRET });
  });
  afterAll(async () => {
    sockets.closeAll();
    await t?.close();
    await graph?.stop();
  });

  it('a download that fails is stored as "not available" with its caption, retried by the job until the file is stored, and pushed live', async () => {
    const png = await QRCode.toBuffer('a photo of the broken part');
    graph.addMedia('1480012345', png, 'image/png');
    // the first fetch (while processing the delivery) and the job's first two tries fail
    graph.failDownloads.set('1480012345', 3);
    const socket = await sockets.open(t, admin);
    expect((await signedWebhook(t, cloud, photo('wamid.photo-1', '1480012345', 'This one is broken'))).status).toBe(200);

    const arrived = await socket.waitFor('msg:new', (m) => m.body === 'This one is broken', 10_000);
    // the message is never lost: an image without its file yet (the chat reads "Media not available")
    expect(arrived).toMatchObject({ type: 'image', direction: 'in', meta: null });
    const page = await t.api.get(`/messages?contactId=${arrived.contactId}`, { token: admin });
    expect(page.body.data.items.find((m: { _id: string }) => m._id === arrived._id)).toMatchObject({ type: 'image', meta: null });

    const update = await socket.waitFor('msg:update', (m) => m._id === arrived._id && m.meta !== null, 30_000);
    expect(update.meta).toMatchObject({ mediaType: 'image/png', size: png.length });
    expect(graph.failDownloads.get('1480012345')).toBe(0);
    const row = await storedMessage(t, a, 'wamid.photo-1');
    expect(row).toMatchObject({ type: 'image', body: 'This one is broken', mediaMime: 'image/png', mediaSize: png.length });
    const file = await fetch(t.url + update.meta!.mediaUrl);
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
  }, 60_000);

  it('a download that fails on every try gives up: the message is marked "not available" for good, pushed live, and the admins are told', async () => {
    graph.addMedia('1480099999', await QRCode.toBuffer('a lost voice note'), 'image/png');
    // Meta's media URL answers 500 to the first fetch and to every try of the job
    graph.failDownloads.set('1480099999', 1_000);
    const socket = await sockets.open(t, admin);
    expect((await signedWebhook(t, cloud, photo('wamid.photo-lost', '1480099999', 'Here is the receipt'))).status).toBe(200);
    const arrived = await socket.waitFor('msg:new', (m) => m.body === 'Here is the receipt', 10_000);
    expect(arrived).toMatchObject({ type: 'image', meta: null, errorCode: null });

    const notified = socket.waitFor('new_notification', (n) => n.code === 'message.media_unavailable', 60_000);
    const update = await socket.waitFor('msg:update', (m) => m._id === arrived._id && m.errorCode === 'media_unavailable', 60_000);
    expect(update).toMatchObject({ type: 'image', meta: null, body: 'Here is the receipt', retryable: false });
    expect(await notified).toMatchObject({ params: { name: 'Karim' }, link: `/contacts/${arrived.contactId}`, isRead: false });
    // the first fetch and the four tries of the job (the first and its three retries), then no more
    expect(graph.failDownloads.get('1480099999')).toBe(1_000 - 5);

    const page = await t.api.get(`/messages?contactId=${arrived.contactId}`, { token: admin });
    expect(page.body.data.items.find((m: { _id: string }) => m._id === arrived._id)).toMatchObject({ meta: null, errorCode: 'media_unavailable' });
    const bell = await t.api.get('/notifications', { token: admin });
    expect(bell.body.data.items.filter((n: { code: string }) => n.code === 'message.media_unavailable')).toHaveLength(1);
  }, 90_000);

  it('opening a chat with unread messages marks the latest read at Meta, once; opening it again sends nothing', async () => {
    expect((await signedWebhook(t, cloud, textMessage(CUSTOMER, 'wamid.unread-1', 'Any news?'))).status).toBe(200);
    expect((await signedWebhook(t, cloud, textMessage(CUSTOMER, 'wamid.unread-2', 'Hello?'))).status).toBe(200);
    const latest = await processed(t, a, 'wamid.unread-2', 30_000);
    const before = graph.readMarks.length;
    expect((await t.api.post(`/chats/${latest.contactId}/read`, undefined, { token: admin })).status).toBe(200);
    await until(
      async () => graph.readMarks.length,
      (n) => n > before,
      5_000,
    );
    expect(graph.readMarks.slice(before)).toEqual([{ phoneNumberId: NUMBER, body: { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.unread-2' } }]);
    // opened again (another user, nothing unread): Meta hears nothing more
    expect((await t.api.post(`/chats/${latest.contactId}/read`, undefined, { token: admin })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(graph.readMarks.length).toBe(before + 1);
  });

  it("Meta failing the read mark is not the user's error: the chat opens and its unread count clears", async () => {
    expect((await signedWebhook(t, cloud, textMessage(CUSTOMER, 'wamid.unread-3', 'Still there?'))).status).toBe(200);
    const row = await processed(t, a, 'wamid.unread-3', 30_000);
    graph.failing.set(NUMBER, { status: 500, error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } });
    const before = graph.readMarks.length;
    const res = await t.api.post(`/chats/${row.contactId}/read`, undefined, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.unreadCount).toBe(0);
    await until(
      async () => graph.requests.filter((r) => r === `POST /v23.0/${NUMBER}/messages`).length,
      (n) => n > 0,
      3_000,
    );
    graph.failing.delete(NUMBER);
    expect(graph.readMarks.length).toBe(before);
  });
});
