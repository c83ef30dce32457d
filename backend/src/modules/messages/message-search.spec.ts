import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageSearchHit } from '@crm/common';
import type { TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectWhatsApp, inbound, startMessengerApp } from '../../../test/messenger.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminA: string;
let adminB: string;
let repA: string;
let monaId: string;
let karimId: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');

const search = async (token: string, q: string, extra = '') => {
  const res = await t.api.get(`/messages/search?q=${encodeURIComponent(q)}${extra}`, { token });
  expect(res.status).toBe(200);
  return res.body.data as { items: MessageSearchHit[]; hasMore: boolean; nextCursor: string | null };
};

beforeAll(async () => {
  t = await startMessengerApp();
  a = await seedCompany(t, 'search-alpha', { sales: 2 });
  b = await seedCompany(t, 'search-bravo', { sales: 1 });
  [adminA, adminB, repA] = await Promise.all([signIn(t, a.admin.email), signIn(t, b.admin.email), signIn(t, a.sales[0].email)]);
  await connectWhatsApp(t, adminA);
  await connectWhatsApp(t, adminB);
  monaId = (await inbound(t, adminA, { from: '+201001112222', name: 'Mona', body: 'مرحبا، أنا أَحمد من الإسكندرية' })).body.data.contactId;
  await inbound(t, adminA, { from: '+201001112222', body: 'Is the PRICE of the blue scarf final?' });
  await inbound(t, adminA, { from: '+201001112222', body: 'call my husband on +20 100 123 4567 please' });
  await inbound(t, adminA, { from: '+201001112222', body: 'الفاتورة مرفقة', media: { base64: PDF, mimeType: 'application/pdf', fileName: 'Invoice-March.pdf' } });
  karimId = (await inbound(t, adminA, { from: '+201003334444', name: 'Karim', body: 'scarf price please, مصطفى' })).body.data.contactId;
  // each chat to its own rep (new chats may be handed out round-robin)
  expect((await t.api.put('/leads/assign-bulk', { leadIds: [karimId], salesId: a.sales[0].id }, { token: adminA })).status).toBe(200);
  expect((await t.api.put('/leads/assign-bulk', { leadIds: [monaId], salesId: a.sales[1].id }, { token: adminA })).status).toBe(200);
  await inbound(t, adminB, { from: '+201005556666', name: 'Other company', body: 'scarf price from company B, أحمد' });
});
afterAll(async () => {
  await t?.close();
});

describe('searching messages', () => {
  it('finds Arabic whatever the alef form, diacritics, yaa and taa marbuta, and names the chat', async () => {
    const found = await search(adminA, 'احمد');
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ contactId: monaId, contactName: 'Mona', direction: 'in', body: 'مرحبا، أنا أَحمد من الإسكندرية' });
    expect((await search(adminA, 'الاسكندريه')).items).toHaveLength(1);
    expect((await search(adminA, 'مصطفي')).items.map((m) => m.contactId)).toEqual([karimId]);
    expect((await search(adminA, 'الفاتوره')).items).toHaveLength(1);
  });

  it('is case-insensitive in English, needs every word, newest first', async () => {
    const found = await search(adminA, 'price SCARF');
    expect(found.items.map((m) => m.contactId)).toEqual([karimId, monaId]);
    expect((await search(adminA, 'price blue')).items).toHaveLength(1);
    expect((await search(adminA, 'price green')).items).toHaveLength(0);
  });

  it('finds a phone number written in another format by its digits', async () => {
    for (const q of ['01001234567', '+201001234567', '1001234567', '٠١٠٠١٢٣٤٥٦٧']) {
      expect(
        (await search(adminA, q)).items.map((m) => m.body),
        q,
      ).toEqual(['call my husband on +20 100 123 4567 please']);
    }
  });

  it('finds a media message by its caption and by its file name', async () => {
    const [byName] = (await search(adminA, 'invoice-march')).items;
    expect(byName).toMatchObject({ type: 'document', fileName: 'Invoice-March.pdf', body: 'الفاتورة مرفقة' });
  });

  it("never shows another company's messages", async () => {
    expect((await search(adminB, 'scarf')).items.map((m) => m.body)).toEqual(['scarf price from company B, أحمد']);
    expect((await search(adminA, 'company b')).items).toHaveLength(0);
    expect((await search(adminB, 'الاسكندريه')).items).toHaveLength(0);
  });

  it("shows a sales rep only their contacts' messages", async () => {
    expect((await search(repA, 'scarf')).items.map((m) => m.contactId)).toEqual([karimId]);
    expect((await search(repA, 'احمد')).items).toHaveLength(0);
  });

  it('pages newest first with a cursor, without repeating or skipping', async () => {
    for (let i = 0; i < 5; i++) await inbound(t, adminA, { from: '+201001112222', body: `order number ${i} confirmed` });
    const first = await search(adminA, 'confirmed', '&limit=2');
    expect(first.items.map((m) => m.body)).toEqual(['order number 4 confirmed', 'order number 3 confirmed']);
    expect(first.hasMore).toBe(true);
    const second = await search(adminA, 'confirmed', `&limit=2&cursor=${first.nextCursor}`);
    const third = await search(adminA, 'confirmed', `&limit=2&cursor=${second.nextCursor}`);
    expect([...second.items, ...third.items].map((m) => m.body)).toEqual(['order number 2 confirmed', 'order number 1 confirmed', 'order number 0 confirmed']);
    expect(third).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('refuses a one-letter query and a forged cursor', async () => {
    expect((await t.api.get('/messages/search?q=a', { token: adminA })).status).toBe(400);
    expect((await t.api.get('/messages/search?q=scarf&cursor=nope', { token: adminA })).status).toBe(400);
    expect((await t.api.get('/messages/search?q=scarf')).status).toBe(401);
  });
});

describe('opening a chat at a message', () => {
  it('loads the page around the message, then older and newer pages', async () => {
    const contact = (await inbound(t, adminA, { from: '+201007778888', name: 'Long chat', body: 'line 0' })).body.data.contactId as string;
    for (let i = 1; i < 12; i++) await inbound(t, adminA, { from: '+201007778888', body: `line ${i}` });
    const [hit] = (await search(adminA, 'line 6')).items;
    const page = await t.api.get(`/messages?contactId=${contact}&around=${hit.messageId}&limit=5`, { token: adminA });
    expect(page.status).toBe(200);
    expect(page.body.data.items.map((m: { body: string }) => m.body)).toEqual(['line 4', 'line 5', 'line 6', 'line 7', 'line 8']);
    expect(page.body.data).toMatchObject({ hasMore: true, hasNewer: true, total: 12 });
    const older = await t.api.get(`/messages?contactId=${contact}&before=${page.body.data.nextCursor}&limit=5`, { token: adminA });
    expect(older.body.data.items.map((m: { body: string }) => m.body)).toEqual(['line 0', 'line 1', 'line 2', 'line 3']);
    const newer = await t.api.get(`/messages?contactId=${contact}&after=${page.body.data.newerCursor}&limit=5`, { token: adminA });
    expect(newer.body.data.items.map((m: { body: string }) => m.body)).toEqual(['line 9', 'line 10', 'line 11']);
    expect(newer.body.data).toMatchObject({ hasNewer: false, newerCursor: null });
  });

  it("answers 404 for a message of another chat or company, 403 for a colleague's chat", async () => {
    const [hit] = (await search(adminA, 'احمد')).items;
    expect((await t.api.get(`/messages?contactId=${karimId}&around=${hit.messageId}`, { token: adminA })).status).toBe(404);
    expect((await t.api.get(`/messages?contactId=${monaId}&around=${hit.messageId}`, { token: adminB })).status).toBe(404);
    expect((await t.api.get(`/messages?contactId=${monaId}&around=${hit.messageId}`, { token: repA })).status).toBe(403);
  });
});
