import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMessengerApp } from '../../../test/messenger.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectCloudCompany, received, textMessage } from '../../../test/cloud-api.js';
import { FakeGraphApi, THROUGHPUT_REACHED } from '../../../test/fake-graph-api.js';
import { recorderWebm } from '../../../test/webm.js';
import type { TestApp } from '../../../test/test-app.js';

const NUMBER = '106540352242922';
const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const CUSTOMER = '201001112222';

describe('Sending media through the official WhatsApp Cloud API, and what Meta answers about throughput', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let a: SeededCompany;
  let admin: string;
  let contactId: string;

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    t = await startMessengerApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url, WHATSAPP_CLOUD_THROUGHPUT_BACKOFF_MS: '30', WHATSAPP_CLOUD_THROUGHPUT_RETRIES: '3' } });
    a = await seedCompany(t, 'cloud-media-a', { sales: 0 });
    admin = await signIn(t, a.admin.email);
    const cloud = await connectCloudCompany(t, graph, { tenantId: a.tenantId, admin, phoneNumberId: NUMBER, appSecret: SECRET });
    contactId = (await received(t, cloud, textMessage(CUSTOMER, 'wamid.hello', 'Send me the catalogue'))).contactId;
  });
  afterAll(async () => {
    await t?.close();
    await graph?.stop();
  });

  const upload = async (data: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type }), name);
    const res = await t.api.post('/messages/upload', form, { token: admin });
    expect(res.status).toBe(200);
    return res.body.data as { path: string; fileName: string; type: string };
  };
  const lastSent = () => graph.sent[graph.sent.length - 1].body;

  it('an image with a caption is uploaded (multipart, messaging_product=whatsapp) and sent by the id Meta gave it', async () => {
    const png = await QRCode.toBuffer('the spring catalogue');
    const file = await upload(png, 'catalogue.png', 'image/png');
    const res = await t.api.post('/messages', { contactId, type: 'image', body: 'Our spring catalogue', meta: { path: file.path, fileName: file.fileName } }, { token: admin });
    expect(res.body.data).toMatchObject({ status: 'sent', type: 'image' });
    const uploaded = graph.uploads[graph.uploads.length - 1];
    expect(uploaded).toMatchObject({ phoneNumberId: NUMBER, messagingProduct: 'whatsapp', type: 'image/png', mime: 'image/png', size: png.length });
    expect(lastSent()).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to: CUSTOMER, type: 'image', image: { id: uploaded.mediaId, caption: 'Our spring catalogue' } });
  });

  it('a document goes with its file name and caption', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const file = await upload(pdf, 'price-list.pdf', 'application/pdf');
    const res = await t.api.post('/messages', { contactId, body: 'Prices for May', meta: { path: file.path, fileName: 'price-list.pdf' } }, { token: admin });
    expect(res.body.data).toMatchObject({ status: 'sent', type: 'document' });
    const uploaded = graph.uploads[graph.uploads.length - 1];
    expect(uploaded).toMatchObject({ type: 'application/pdf', fileName: 'price-list.pdf' });
    expect(lastSent()).toMatchObject({ type: 'document', document: { id: uploaded.mediaId, filename: 'price-list.pdf', caption: 'Prices for May' } });
  });

  it('a recorded voice note reaches Meta as OGG/Opus with voice: true', async () => {
    const file = await upload(recorderWebm(), 'voice.webm', 'audio/webm');
    const res = await t.api.post('/messages', { contactId, type: 'voice', meta: { path: file.path } }, { token: admin });
    expect(res.body.data).toMatchObject({ status: 'sent', type: 'voice', meta: { mediaType: 'audio/ogg' } });
    const uploaded = graph.uploads[graph.uploads.length - 1];
    expect(uploaded.type).toBe('audio/ogg');
    expect(graph.media.get(uploaded.mediaId)!.data.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(lastSent()).toMatchObject({ type: 'audio', audio: { id: uploaded.mediaId, voice: true } });
  });

  it("an image over Meta's 5 MB is refused before anything is uploaded, with a clear reason on the message", async () => {
    const png = await QRCode.toBuffer('big');
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10, 0)]);
    const file = await upload(big, 'huge.png', 'image/png');
    const [uploads, sends] = [graph.uploads.length, graph.sent.length];
    const res = await t.api.post('/messages', { contactId, type: 'image', meta: { path: file.path } }, { token: admin });
    expect(res.body.data).toMatchObject({ status: 'failed', errorCode: 'media_too_large', retryable: false });
    expect(res.body.data.error).toContain('images up to 5 MB');
    expect(graph.uploads.length).toBe(uploads);
    expect(graph.sent.length).toBe(sends);
  });

  it('Meta answering 130429 (throughput) twice: the send waits, tries again and is sent once', async () => {
    graph.refuseNextSends.set(NUMBER, [
      { status: 400, error: THROUGHPUT_REACHED },
      { status: 400, error: THROUGHPUT_REACHED },
    ]);
    const before = graph.requests.filter((r) => r === `POST /v23.0/${NUMBER}/messages`).length;
    const res = await t.api.post('/messages', { contactId, body: 'After the rush', clientId: 'throughput-1' }, { token: admin });
    expect(res.body.data).toMatchObject({ status: 'sent', error: null });
    expect(graph.requests.filter((r) => r === `POST /v23.0/${NUMBER}/messages`).length - before).toBe(3);
    expect(graph.sent.filter((s) => (s.body as { text?: { body?: string } }).text?.body === 'After the rush')).toHaveLength(1);
  });

  it('130429 on every try: after the retries the message fails as rate_limited (a rep may send it again)', async () => {
    graph.refuseNextSends.set(
      NUMBER,
      Array.from({ length: 4 }, () => ({ status: 400, error: THROUGHPUT_REACHED })),
    );
    const res = await t.api.post('/messages', { contactId, body: 'Still busy' }, { token: admin });
    expect(res.body.data).toMatchObject({ status: 'failed', errorCode: 'rate_limited', retryable: true });
    expect(graph.refuseNextSends.get(NUMBER)).toHaveLength(0);
  });

  it.each([
    [131056, 'pair_rate_limited'],
    [131026, 'undeliverable'],
    [131047, 'window_closed'],
    [190, 'token_invalid'],
  ] as const)('Meta refusing with %i is not tried again: one call, failed as %s', async (code, errorCode) => {
    graph.refuseNextSends.set(NUMBER, [
      { status: 400, error: { message: `refused ${code}`, type: 'OAuthException', code } },
      { status: 400, error: { message: `refused ${code}`, type: 'OAuthException', code } },
    ]);
    const res = await t.api.post('/messages', { contactId, body: `Refused ${code}` }, { token: admin });
    expect(res.body.data).toMatchObject({ status: 'failed', errorCode });
    // one of the two refusals queued was used: no second try
    expect(graph.refuseNextSends.get(NUMBER)).toHaveLength(1);
    graph.refuseNextSends.delete(NUMBER);
  });
});
