import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import type { TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectWhatsApp, inbound, startMessengerApp } from '../../../test/messenger.js';
import { SimulatorDriver } from '../whatsapp/drivers/simulator.driver.js';
import { MESSENGER_OPTIONS, type MessengerOptions } from '../whatsapp/messenger-options.js';
import { recorderWebm } from '../../../test/webm.js';
import { announceOnly, streamChunked } from '../../../test/raw-upload.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminA: string;
let adminB: string;
let contactId: string;
let png: Buffer;

beforeAll(async () => {
  t = await startMessengerApp();
  a = await seedCompany(t, 'up-alpha', { sales: 1 });
  b = await seedCompany(t, 'up-bravo', { sales: 1 });
  [adminA, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, b.admin.email)]);
  await connectWhatsApp(t, adminA);
  contactId = (await inbound(t, adminA, { from: '+201001234567', name: 'Mona', body: 'send me a photo' })).body.data.contactId;
  png = await QRCode.toBuffer('a real png');
});
afterAll(() => t?.close());

const upload = (token: string, data: Buffer, name: string, type = 'application/octet-stream') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return t.api.post('/messages/upload', form, { token });
};
const fetchUrl = (url: string) => fetch(t.url + url);

describe('upload', () => {
  it('accepts an image by its content and answers path, name, signed URL and type', async () => {
    const res = await upload(adminA, png, 'photo.bin');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mediaType: 'image/png', type: 'image', size: png.length, fileName: 'photo.png' });
    expect(res.body.data.path).toMatch(new RegExp(`^${a.tenantId}/uploads/[0-9a-f-]+\\.png$`));
    const file = await fetchUrl(res.body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
  });

  it('refuses a disguised file (an executable named .jpg) and says why', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200, 1)]);
    const res = await upload(adminA, exe, 'holiday.jpg', 'image/jpeg');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('This file type is not allowed. Send images, videos, audio, PDF or office documents.');
    const elf = await upload(adminA, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(100, 2)]), 'doc.pdf', 'application/pdf');
    expect(elf.status).toBe(400);
  });

  it('refuses a file over the size limit with a clear text', async () => {
    const options = t.app.get<MessengerOptions>(MESSENGER_OPTIONS);
    const previous = options.uploadMaxBytes;
    options.uploadMaxBytes = 1024 * 1024;
    try {
      const res = await upload(adminA, Buffer.concat([png, Buffer.alloc(1024 * 1024 + 10)]), 'big.png');
      expect(res.status).toBe(413);
      expect(res.body.error).toBe('The file is too large. The limit is 1 MB.');
    } finally {
      options.uploadMaxBytes = previous;
    }
  });

  it('refuses a body announced larger than the limit from its headers, before any of it is sent', async () => {
    const res = await announceOnly(t.url, '/messages/upload', adminA, 1024 ** 3);
    expect(res.bodyBytesSent).toBe(0);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ ok: false, code: 'payload_too_large', error: 'The file is too large. The limit is 16 MB.', params: { maxMb: 16 }, field: 'file' });
    expect(res.connection).toBe('close');
  });

  it('stops reading a chunked body once it passes the limit, answers 413 and closes', async () => {
    const options = t.app.get<MessengerOptions>(MESSENGER_OPTIONS);
    const previous = options.uploadMaxBytes;
    options.uploadMaxBytes = 1024 * 1024;
    try {
      const fileBytes = 256 * 1024 * 1024;
      const res = await streamChunked(t.url, '/messages/upload', adminA, fileBytes);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ ok: false, code: 'payload_too_large', error: 'The file is too large. The limit is 1 MB.' });
      expect(res.connection).toBe('close');
      // the cap, the allowance for the form's other parts and what the sockets' buffers hold; not the 256 MB
      expect(res.bodyBytesSent).toBeLessThan(fileBytes / 8);
    } finally {
      options.uploadMaxBytes = previous;
    }
    // the server still answers on new connections
    expect((await upload(adminA, png, 'after.png')).status).toBe(200);
  });

  it('refuses a request with no file', async () => {
    const res = await t.api.post('/messages/upload', new FormData(), { token: adminA });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please choose a file to upload.');
  });
});

describe('media messages', () => {
  it('sends an upload with a caption; the message carries a signed media URL', async () => {
    const up = (await upload(adminA, png, 'catalogue.png')).body.data;
    const res = await t.api.post('/messages', { contactId, body: 'our new catalogue', meta: { path: up.path, fileName: up.fileName } }, { token: adminA });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'image', body: 'our new catalogue', status: 'sent', meta: { mediaType: 'image/png', fileName: 'catalogue.png', path: up.path } });
    expect((await fetchUrl(res.body.data.meta.mediaUrl)).status).toBe(200);
    const sent = t.app.get(SimulatorDriver).sent.at(-1)!;
    expect(sent.content).toMatchObject({ kind: 'media', mime: 'image/png', caption: 'our new catalogue' });
  });

  it('a received photo is stored and served through a signed URL', async () => {
    const res = await inbound(t, adminA, { from: '+201001234567', body: 'this one', media: { base64: png.toString('base64'), mimeType: 'image/png', fileName: 'x.png' } });
    const message = res.body.data.message;
    expect(message).toMatchObject({ type: 'image', body: 'this one', meta: { mediaType: 'image/png' } });
    expect((await fetchUrl(message.meta.mediaUrl)).status).toBe(200);
    const fresh = await t.api.get(`/messages/${message._id}/media-url`, { token: adminA });
    expect(fresh.body.data.url).toEqual(expect.stringMatching(/^\/api\/files\//));
  });
});

describe('signed URLs', () => {
  it('expire, and a changed URL opens nothing', async () => {
    const up = (await upload(adminA, png, 'short-lived.png')).body.data;
    expect((await fetchUrl(up.url)).status).toBe(200);
    const tampered = up.url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await fetchUrl(tampered)).status).toBe(403);
    const unsigned = up.url.replace(/\?.*$/, '');
    expect((await fetchUrl(unsigned)).status).toBe(403);
    t.clock.advance(16 * 60_000);
    const expired = await fetchUrl(up.url);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { error: string }).error).toBe('This link has expired or is not valid.');
  });
});

describe('isolation of uploads', () => {
  it("another company cannot send this company's upload, nor get a URL for its media", async () => {
    const up = (await upload(adminA, png, 'private.png')).body.data;
    const contactB = (
      await t.db.platform(async (tx) => {
        const { contacts } = await import('../contacts/contacts.table.js');
        return tx.insert(contacts).values({ tenantId: b.tenantId, phone: '+201007776665', name: 'B' }).returning();
      })
    )[0].id;
    const res = await t.api.post('/messages', { contactId: contactB, meta: { path: up.path } }, { token: adminB });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The uploaded file was not found. Upload it again.');
    const traversal = await t.api.post('/messages', { contactId: contactB, meta: { path: `${b.tenantId}/../${up.path}` } }, { token: adminB });
    expect(traversal.status).toBe(400);
    const sentA = await t.api.post('/messages', { contactId, meta: { path: up.path } }, { token: adminA });
    expect((await t.api.get(`/messages/${sentA.body.data._id}/media-url`, { token: adminB })).status).toBe(404);
  });
});

describe('voice notes', () => {
  it('a recorded webm is sent as a voice note; for the real WhatsApp it is converted to OGG/Opus and that is what is kept', async () => {
    const up = (await upload(adminA, recorderWebm(), 'voice.webm', 'audio/webm')).body.data;
    expect(up).toMatchObject({ type: 'voice', mediaType: 'audio/webm' });
    const sim = t.app.get(SimulatorDriver);
    const plain = await t.api.post('/messages', { contactId, type: 'voice', meta: { path: up.path } }, { token: adminA });
    expect(plain.body.data).toMatchObject({ type: 'voice', status: 'sent', meta: { mediaType: 'audio/webm' } });

    Object.defineProperty(sim, 'needsOggVoice', { value: true, configurable: true });
    try {
      const res = await t.api.post('/messages', { contactId, type: 'voice', meta: { path: up.path } }, { token: adminA });
      expect(res.body.data).toMatchObject({ type: 'voice', status: 'sent', meta: { mediaType: 'audio/ogg' } });
      expect(res.body.data.meta.path).toMatch(/\.ogg$/);
      const sent = sim.sent.at(-1)!.content;
      expect(sent).toMatchObject({ kind: 'media', asVoice: true, mime: 'audio/ogg; codecs=opus' });
      expect(sent.kind === 'media' && sent.data.subarray(0, 4).toString()).toBe('OggS');
      const file = await fetchUrl(res.body.data.meta.mediaUrl);
      expect(file.headers.get('content-type')).toBe('audio/ogg');
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 4)
          .toString(),
      ).toBe('OggS');
    } finally {
      Object.defineProperty(sim, 'needsOggVoice', { value: false, configurable: true });
    }
  });
});
