import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectSocket, connectWhatsApp, inbound, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import { contacts, contactStageHistory } from '../contacts/contacts.table.js';
import { tenantSettings } from '../tenants/tenants.table.js';
import { MessengerEvents, type MessengerEventMap } from '../whatsapp/messenger-events.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminA: string;
let sales1: string;
let sales2: string;
let adminB: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startMessengerApp();
  a = await seedCompany(t, 'chat-alpha', { sales: 3 });
  b = await seedCompany(t, 'chat-bravo', { sales: 1 });
  [adminA, sales1, sales2, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, a.sales[1].email), signIn(t, b.admin.email)]);
  await connectWhatsApp(t, adminA);
  await connectWhatsApp(t, adminB);
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
const contactRow = (tenantId: string, id: string) =>
  t.db.platform(
    async (tx) =>
      (
        await tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)))
      )[0],
  );

describe('a message from an unknown number', () => {
  it('creates a lead named after the WhatsApp profile, assigned round-robin over active sales users in turn', async () => {
    const inboundEvents: MessengerEventMap['message.inbound'][] = [];
    t.app.get(MessengerEvents).on('message.inbound', (e) => void inboundEvents.push(e));
    const assigned: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await inbound(t, adminA, { from: `+20100100000${i}`, name: `Customer ${i}`, body: `hello ${i}` });
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('stored');
      const row = await contactRow(a.tenantId, res.body.data.contactId);
      expect(row).toMatchObject({ name: `Customer ${i}`, phone: `+20100100000${i}`, stage: 'lead', source: 'whatsapp', waId: `20100100000${i}@c.us`, unreadCount: 1 });
      assigned.push(row.assignedTo);
      const history = await t.db.platform((tx) => tx.select().from(contactStageHistory).where(eq(contactStageHistory.contactId, row.id)));
      expect(history).toEqual([expect.objectContaining({ fromStage: null, toStage: 'lead' })]);
    }
    expect(assigned).toEqual([a.sales[0].id, a.sales[1].id, a.sales[2].id, a.sales[0].id]);
    const [settings] = await t.db.platform((tx) => tx.select().from(tenantSettings).where(eq(tenantSettings.tenantId, a.tenantId)));
    expect(settings.roundRobinLastUserId).toBe(a.sales[0].id);
    expect(inboundEvents.filter((e) => e.tenantId === a.tenantId).map((e) => e.createdContact)).toEqual([true, true, true, true]);
  });

  it('many new numbers at once are still dealt in turn (the cursor is locked), and inactive users are skipped', async () => {
    await t.db.platform(async (tx) => {
      const { users } = await import('../users/users.table.js');
      await tx.update(users).set({ isActive: false }).where(eq(users.id, a.sales[2].id));
    });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => inbound(t, adminA, { from: `+2011020000${String(i).padStart(2, '0')}`, name: `Burst ${i}`, body: 'hi' })));
    const owners = await Promise.all(results.map(async (r) => (await contactRow(a.tenantId, r.body.data.contactId)).assignedTo));
    const count = (id: string) => owners.filter((o) => o === id).length;
    expect(count(a.sales[0].id)).toBe(6);
    expect(count(a.sales[1].id)).toBe(6);
    expect(count(a.sales[2].id)).toBe(0);
    await t.db.platform(async (tx) => {
      const { users } = await import('../users/users.table.js');
      await tx.update(users).set({ isActive: true }).where(eq(users.id, a.sales[2].id));
    });
  });

  it('with the manual strategy the lead stays unassigned', async () => {
    expect((await t.api.put('/auth/tenant/settings', { leadDistributionStrategy: 'manual' }, { token: adminA })).status).toBe(200);
    const res = await inbound(t, adminA, { from: '+201009990001', name: 'Manual Lead', body: 'hi' });
    expect((await contactRow(a.tenantId, res.body.data.contactId)).assignedTo).toBeNull();
    await t.api.put('/auth/tenant/settings', { leadDistributionStrategy: 'round-robin' }, { token: adminA });
  });

  it('a known number is not a new lead', async () => {
    const one = await inbound(t, adminA, { from: '+201001000000', body: 'again' });
    expect(one.body.data.contactId).toBeDefined();
    const count = await t.db.platform(async (tx) => (await tx.select().from(contacts).where(eq(contacts.phone, '+201001000000'))).length);
    expect(count).toBe(1);
  });
});

describe('dedupe and identity', () => {
  it('a WhatsApp message id is stored once, also when it arrives twice at the same moment', async () => {
    const body = { from: '+201001000001', body: 'duplicate me', id: 'false_201001000001@c.us_ABC' };
    const [x, y] = await Promise.all([inbound(t, adminA, body), inbound(t, adminA, body)]);
    const z = await inbound(t, adminA, body);
    expect([x.body.data.status, y.body.data.status].sort()).toEqual(['duplicate', 'stored']);
    expect(z.body.data.status).toBe('duplicate');
    const list = (await t.api.get(`/messages?contactId=${x.body.data.contactId}`, { token: adminA })).body.data.items;
    expect(list.filter((m: { body: string }) => m.body === 'duplicate me')).toHaveLength(1);
    // the same id in another company is another message
    expect((await inbound(t, adminB, body)).body.data.status).toBe('stored');
  });

  it('the phone id (@c.us) and the linked id (@lid) of one person are one contact', async () => {
    const byPhone = await inbound(t, adminA, { from: '201223334455@c.us', lid: '99887766554433@lid', name: 'Yasmin', body: 'from phone id' });
    const byLid = await inbound(t, adminA, { from: '99887766554433@lid', body: 'from linked id' });
    expect(byLid.body.data.contactId).toBe(byPhone.body.data.contactId);
    const row = await contactRow(a.tenantId, byPhone.body.data.contactId);
    expect(row).toMatchObject({ phone: '+201223334455', waId: '201223334455@c.us', waLid: '99887766554433@lid' });
  });

  it('a person first seen only by linked id becomes the phone contact once the phone is known', async () => {
    const lidOnly = await inbound(t, adminA, { from: '11112222333344@lid', name: 'Lid First', body: 'who am I' });
    const lidContact = await contactRow(a.tenantId, lidOnly.body.data.contactId);
    expect(lidContact.phone).toBe('lid:11112222333344');
    const paired = await inbound(t, adminA, { from: '201556667778@c.us', lid: '11112222333344@lid', body: 'now with phone' });
    expect(paired.body.data.contactId).toBe(lidOnly.body.data.contactId);
    expect(await contactRow(a.tenantId, lidOnly.body.data.contactId)).toMatchObject({ phone: '+201556667778', waId: '201556667778@c.us' });
  });
});

describe('chat list', () => {
  it('orders by last message, with preview and unread count; read clears it and is pushed', async () => {
    t.clock.advance(60_000);
    const older = await inbound(t, adminA, { from: '+201441110001', name: 'Older Chat', body: 'first' });
    t.clock.advance(60_000);
    const newer = await inbound(t, adminA, { from: '+201441110002', name: 'Newer Chat', body: 'second' });
    t.clock.advance(60_000);
    await inbound(t, adminA, { from: '+201441110001', body: 'Older writes again' });
    await inbound(t, adminA, { from: '+201441110001', body: 'and again' });

    const page = (await t.api.get('/chats?limit=2', { token: adminA })).body.data;
    expect(page.items.map((c: { _id: string }) => c._id)).toEqual([older.body.data.contactId, newer.body.data.contactId]);
    expect(page.items[0]).toMatchObject({ name: 'Older Chat', lastMessagePreview: 'and again', lastMessageDirection: 'in', unreadCount: 3 });
    expect(page.nextCursor).toEqual(expect.any(String));
    const next = (await t.api.get(`/chats?limit=2&cursor=${page.nextCursor}`, { token: adminA })).body.data;
    expect(next.items.map((c: { _id: string }) => c._id)).not.toContain(older.body.data.contactId);

    const admin = await socketFor(adminA);
    const read = await t.api.post(`/chats/${older.body.data.contactId}/read`, undefined, { token: adminA });
    expect(read.body.data.unreadCount).toBe(0);
    expect(await admin.waitFor('chat:update', (c) => c._id === older.body.data.contactId)).toMatchObject({ unreadCount: 0 });
  });

  it('walks every chat exactly once page by page', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const res: { body: { data: { items: { _id: string }[]; nextCursor: string | null; total: number } } } = await t.api.get(`/chats?limit=5${cursor ? `&cursor=${cursor}` : ''}`, { token: adminA });
      seen.push(...res.body.data.items.map((c) => c._id));
      cursor = res.body.data.nextCursor;
      total = res.body.data.total;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(total);
  });

  it('gives a sales user the total of their own chats, and the total follows new and deleted contacts', async () => {
    const walk = async (token: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      let total = 0;
      do {
        const res: { body: { data: { items: { _id: string }[]; nextCursor: string | null; total: number } } } = await t.api.get(`/chats?limit=50${cursor ? `&cursor=${cursor}` : ''}`, { token });
        ids.push(...res.body.data.items.map((c) => c._id));
        cursor = res.body.data.nextCursor;
        total = res.body.data.total;
      } while (cursor);
      return { ids, total };
    };
    const created = await t.api.post('/contacts', { name: 'Counted Chat', phone: '01441119999', assignedTo: a.sales[2].id }, { token: adminA });
    expect(created.status).toBe(201);
    const rep = await walk(await signIn(t, a.sales[2].email));
    expect(rep.ids).toContain(created.body.data._id);
    expect(rep.total).toBe(rep.ids.length);
    const before = await walk(adminA);
    expect(before.total).toBe(before.ids.length);
    expect((await t.api.delete(`/contacts/${created.body.data._id}`, { token: adminA })).status).toBe(200);
    const after = await walk(adminA);
    expect(after.total).toBe(before.total - 1);
    expect(after.total).toBe(after.ids.length);
  });

  it('searches by name or phone on the server, case-insensitive, with a national number', async () => {
    const byName = (await t.api.get('/chats?q=newer%20CHAT', { token: adminA })).body.data.items;
    expect(byName.map((c: { name: string }) => c.name)).toEqual(['Newer Chat']);
    const byPhone = (await t.api.get('/chats?q=01441110002', { token: adminA })).body.data.items;
    expect(byPhone.map((c: { phone: string }) => c.phone)).toEqual(['+201441110002']);
    expect((await t.api.get('/chats?q=zzzz-nobody', { token: adminA })).body.data).toMatchObject({ items: [], total: 0 });
  });

  it('a contact with no number yet is found by name, never by the digits or prefix of its WhatsApp id', async () => {
    await inbound(t, adminA, { from: '55667788990011@lid', name: 'Hidden Number', body: 'hello' });
    const names = async (q: string) => (await t.api.get(`/chats?q=${encodeURIComponent(q)}`, { token: adminA })).body.data.items.map((c: { name: string }) => c.name);
    expect(await names('hidden number')).toEqual(['Hidden Number']);
    expect(await names('5566778899')).toEqual([]);
    expect(await names('lid:')).toEqual([]);
  });
});

describe('who sees what', () => {
  it("a sales user's socket does not receive another rep's chats; the assigned rep gets msg:new and msg:notification", async () => {
    const admin = await socketFor(adminA);
    const s1 = await socketFor(sales1);
    const s2 = await socketFor(sales2);
    const contactOfS1 = (await inbound(t, adminA, { from: '+201001000000', body: 'for sales one' })).body.data;
    expect((await contactRow(a.tenantId, contactOfS1.contactId)).assignedTo).toBe(a.sales[0].id);
    await s1.waitFor('msg:new', (m) => m._id === contactOfS1.messageId);
    const note = await s1.waitFor('msg:notification', (n) => n.contactId === contactOfS1.contactId);
    expect(note).toMatchObject({ assignedTo: a.sales[0].id, contactName: 'Customer 0', messageBody: 'for sales one' });
    await admin.waitFor('msg:new', (m) => m._id === contactOfS1.messageId);

    const reply = await t.api.post('/messages', { contactId: contactOfS1.contactId, body: 'reply from sales one' }, { token: sales1 });
    expect(reply.body.data.status).toBe('sent');
    await admin.waitFor('msg:update', (m) => m._id === reply.body.data._id);

    expect(s2.received.filter((r) => r.event.startsWith('msg:'))).toEqual([]);
    expect(admin.all('msg:notification')).toEqual([]);
  });

  it("a sales user lists and opens only their own contacts' chats", async () => {
    const mine = (await t.api.get('/chats?limit=200', { token: sales2 })).body.data.items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((c: { assignedTo: { _id: string } | null }) => c.assignedTo?._id === a.sales[1].id)).toBe(true);
    const other = (await t.api.get('/chats?q=Customer%200', { token: sales2 })).body.data.items;
    expect(other).toEqual([]);
    const s1Contact = (await t.api.get('/chats?q=Customer%200', { token: sales1 })).body.data.items[0]._id;
    // a colleague's chat: refused, saying whose it is not, never its messages
    for (const res of [
      await t.api.get(`/messages?contactId=${s1Contact}`, { token: sales2 }),
      await t.api.get(`/chats/${s1Contact}`, { token: sales2 }),
      await t.api.post('/messages', { contactId: s1Contact, body: 'x' }, { token: sales2 }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ ok: false, code: 'contact.assigned_elsewhere' });
      expect(res.body).not.toHaveProperty('data');
    }
  });

  it('another company sees none of these chats and cannot mark them read', async () => {
    const bChats = (await t.api.get('/chats?limit=200', { token: adminB })).body.data.items;
    const aIds = new Set((await t.api.get('/chats?limit=200', { token: adminA })).body.data.items.map((c: { _id: string }) => c._id));
    expect(bChats.some((c: { _id: string }) => aIds.has(c._id))).toBe(false);
    const someA = [...aIds][0] as string;
    expect((await t.api.post(`/chats/${someA}/read`, undefined, { token: adminB })).status).toBe(404);
    expect((await t.api.get(`/chats/${someA}`, { token: adminB })).status).toBe(404);
  });
});

describe('reassignment', () => {
  it("moves a conversation from one rep's live chat list to the other's", async () => {
    const first = await inbound(t, adminA, { from: '+201009998877', name: 'Reassign Me', body: 'Hi' });
    const contactId = first.body.data.contactId as string;
    await t.api.put('/leads/assign-bulk', { leadIds: [contactId], salesId: a.sales[0].id }, { token: adminA });
    const [oldOwner, newOwner, otherTenant] = await Promise.all([socketFor(sales1), socketFor(sales2), socketFor(adminB)]);

    const res = await t.api.put('/leads/assign-bulk', { leadIds: [contactId], salesId: a.sales[1].id }, { token: adminA });
    expect(res.status).toBe(200);

    const toNew = await newOwner.waitFor('chat:update', (c) => c.contactId === contactId);
    expect(toNew.assignedTo?._id).toBe(a.sales[1].id);
    // the previous owner learns the chat is no longer theirs (the app drops it from the list)
    const toOld = await oldOwner.waitFor('chat:update', (c) => c.contactId === contactId);
    expect(toOld.assignedTo?._id).toBe(a.sales[1].id);
    expect(otherTenant.received.some((e) => e.event === 'chat:update' && (e.payload as { contactId: string }).contactId === contactId)).toBe(false);
  });
});
