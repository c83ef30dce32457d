import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectCloudCompany, deliverWebhook, processed, until, type CloudAccount } from '../../../test/cloud-api.js';
import { FakeGraphApi } from '../../../test/fake-graph-api.js';
import type { TestApp } from '../../../test/test-app.js';
import { startMessengerApp } from '../../../test/messenger.js';
import { ContactResolver } from '../contacts/contact-resolver.js';
import { contactMerges } from '../contacts/contact-merges.table.js';
import { contacts } from '../contacts/contacts.table.js';
import { MessagesRepository } from '../messages/messages.repository.js';
import { messages } from '../messages/messages.table.js';

const NUMBER = '106540352242923';
const SECRET = 'b1b2c3d4e5f60718293a4b5c6d7e8f90';
const at = () => String(Math.floor(Date.now() / 1000));

/**
 * An incoming text as Meta's reference shows it since business-scoped user ids: `contacts[].user_id`
 * and `messages[].from_user_id` always; `wa_id` and `from` only when the user's phone number may be
 * shared (a user with a username may hide it).
 */
function textFrom(user: { userId: string; phone?: string; name: string; username?: string }, id: string, body: string) {
  return {
    contacts: [{ profile: { name: user.name, ...(user.username ? { username: user.username } : {}) }, ...(user.phone ? { wa_id: user.phone } : {}), user_id: user.userId }],
    messages: [{ ...(user.phone ? { from: user.phone } : {}), from_user_id: user.userId, id, timestamp: at(), type: 'text', text: { body } }],
  };
}

describe('Official API: people known only by their business-scoped user id', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let a: SeededCompany;
  let b: SeededCompany;
  let admin: string;
  let cloud: CloudAccount;

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    t = await startMessengerApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url } });
    a = await seedCompany(t, 'cloud-user-ids', { sales: 1 });
    b = await seedCompany(t, 'cloud-user-ids-other', { sales: 0 });
    admin = await signIn(t, a.admin.email);
    cloud = await connectCloudCompany(t, graph, { tenantId: a.tenantId, admin, phoneNumberId: NUMBER, appSecret: SECRET, businessAccountId: '102290129340399' });
  });
  afterAll(async () => {
    await t?.close();
    await graph?.stop();
  });

  const deliver = (value: Parameters<typeof deliverWebhook>[2]) => deliverWebhook(t, cloud, value);
  const stored = (waMessageId: string) => processed(t, a, waMessageId);
  const contactsOf = (userId: string) => t.db.tenant(a.tenantId, (tx) => tx.select().from(contacts).where(eq(contacts.waUserId, userId)));

  it('a message without a phone number is kept: a lead named after the profile, in the chats and leads, answered by its user id', async () => {
    const user = { userId: 'US.13491208655302741918', name: 'Mona Hidden', username: '@mona' };
    await deliver(textFrom(user, 'wamid.hidden-1', 'Is the blue one in stock?'));
    const row = await stored('wamid.hidden-1');
    expect(row).toMatchObject({ direction: 'in', body: 'Is the blue one in stock?' });

    const chats = (await t.api.get('/chats?q=Mona', { token: admin })).body.data.items;
    expect(chats).toEqual([expect.objectContaining({ _id: row.contactId, name: 'Mona Hidden', lastMessagePreview: 'Is the blue one in stock?' })]);
    const leads = (await t.api.get('/contacts?stage=lead&q=Mona', { token: admin })).body.data.items;
    expect(leads.map((c: { _id: string; name: string }) => [c._id, c.name])).toEqual([[row.contactId, 'Mona Hidden']]);

    const before = graph.sent.length;
    const reply = await t.api.post('/messages', { contactId: row.contactId, body: 'Yes, we have it' }, { token: admin });
    expect(reply.body.data.status).toBe('sent');
    expect(graph.sent.slice(before).map((s) => s.body)).toEqual([
      expect.objectContaining({ recipient: 'US.13491208655302741918', type: 'text', text: expect.objectContaining({ body: 'Yes, we have it' }) }),
    ]);
    expect(graph.sent.at(-1)!.body).not.toHaveProperty('to');

    // another company never sees the contact
    expect(await t.db.tenant(b.tenantId, (tx) => tx.select().from(contacts).where(eq(contacts.waUserId, user.userId)))).toEqual([]);
  });

  it('when the phone shows up and nobody has it yet, the same contact takes it (no second contact)', async () => {
    const user = { userId: 'EG.200000000000000001', name: 'Hany' };
    await deliver(textFrom(user, 'wamid.hany-1', 'Hello'));
    const first = await stored('wamid.hany-1');
    await deliver(textFrom({ ...user, phone: '201009998877' }, 'wamid.hany-2', 'My number is visible now'));
    const second = await stored('wamid.hany-2');
    expect(second.contactId).toBe(first.contactId);
    expect(await contactsOf(user.userId)).toEqual([expect.objectContaining({ id: first.contactId, phone: '+201009998877', waId: '201009998877@c.us' })]);
  });

  it('the contact of the user id merges into the phone contact once both are seen together: messages, deal and history kept, once', async () => {
    const userId = 'EG.300000000000000002';
    const phone = '201005554433';
    // the phone's contact was typed in by a user; the same person writes with a hidden number
    const typed = await t.api.post('/contacts', { name: 'Samir (typed)', phone: `+${phone}` }, { token: admin });
    expect(typed.status).toBe(201);
    const phoneContactId = typed.body.data._id as string;
    await deliver(textFrom({ userId, name: 'Samir' }, 'wamid.samir-1', 'I want two chairs'));
    const hidden = await stored('wamid.samir-1');
    expect(hidden.contactId).not.toBe(phoneContactId);
    // a deal is started on the hidden one, it is labelled, and a message is scheduled to it
    expect((await t.api.patch(`/contacts/${hidden.contactId}`, { salesData: { pipeline_status: 'negotiation', amount: 900 } }, { token: admin })).status).toBe(200);
    const label = await t.api.post('/labels', { name: 'Wants chairs', colour: '#1f9d55' }, { token: admin });
    expect((await t.api.put(`/contacts/${hidden.contactId}/labels`, { labelIds: [label.body.data._id] }, { token: admin })).status).toBe(200);
    const later = await t.api.post('/scheduled-messages', { contactId: hidden.contactId, body: 'Your chairs are ready', sendAt: new Date(Date.now() + 86_400_000).toISOString() }, { token: admin });
    expect(later.status).toBe(201);

    // Meta now names both ids: the same delivery three times, side by side (redeliveries, another instance)
    const both = textFrom({ userId, phone, name: 'Samir' }, 'wamid.samir-2', 'Here is my number');
    await Promise.all([deliver(both), deliver(both), deliver(both)]);
    const joined = await stored('wamid.samir-2');
    expect(joined.contactId).toBe(phoneContactId);
    await until(
      () => t.db.tenant(a.tenantId, (tx) => tx.select().from(contacts).where(eq(contacts.id, hidden.contactId))),
      (rows) => rows.length === 0,
      15_000,
    );

    const merged = await t.db.tenant(a.tenantId, (tx) => tx.select().from(messages).where(eq(messages.contactId, phoneContactId)));
    expect(merged.map((m) => m.waMessageId).sort()).toEqual(['wamid.samir-1', 'wamid.samir-2']);
    const survivor = (await t.api.get(`/contacts/${phoneContactId}`, { token: admin })).body.data;
    expect(survivor).toMatchObject({ name: 'Samir (typed)', phone: `+${phone}` });
    // the deal started on the hidden contact is the phone contact's now (it had none)
    expect(await contactsOf(userId)).toEqual([expect.objectContaining({ id: phoneContactId, pipelineStatus: 'negotiation', dealAmount: 900, unreadCount: 2 })]);
    expect((await t.api.get(`/contacts/${hidden.contactId}`, { token: admin })).status).toBe(404);
    expect((await t.api.get(`/contacts/${phoneContactId}/labels`, { token: admin })).body.data).toEqual([expect.objectContaining({ name: 'Wants chairs' })]);
    const scheduled = (await t.api.get(`/scheduled-messages?contactId=${phoneContactId}`, { token: admin })).body.data.items;
    expect(scheduled).toEqual([expect.objectContaining({ _id: later.body.data._id, body: 'Your chairs are ready' })]);

    // one history entry, readable by the company only (row-level security)
    const history = await t.db.tenant(a.tenantId, (tx) => tx.select().from(contactMerges).where(eq(contactMerges.contactId, phoneContactId)));
    expect(history).toEqual([expect.objectContaining({ mergedContactId: hidden.contactId, mergedName: 'Samir', mergedWaUserId: userId, reason: 'wa_user_id' })]);
    expect(await t.db.tenant(b.tenantId, (tx) => tx.select().from(contactMerges))).toEqual([]);

    // later messages by the user id alone land on the phone contact
    await deliver(textFrom({ userId, name: 'Samir' }, 'wamid.samir-3', 'Hidden again'));
    expect((await stored('wamid.samir-3')).contactId).toBe(phoneContactId);
    expect(await t.db.tenant(a.tenantId, (tx) => tx.select().from(contactMerges).where(eq(contactMerges.contactId, phoneContactId)))).toHaveLength(1);
  });

  it('two transactions seeing both contacts at once (two instances) merge them once', async () => {
    const userId = 'EG.400000000000000003';
    const phone = '201007776655';
    const typed = await t.api.post('/contacts', { name: 'Laila', phone: `+${phone}` }, { token: admin });
    await deliver(textFrom({ userId, name: 'Laila' }, 'wamid.laila-1', 'Hi'));
    const hidden = await stored('wamid.laila-1');
    const resolver = t.app.get(ContactResolver);
    const moveMessages = t.app.get(MessagesRepository);
    const sender = { from: `${phone}@c.us`, phoneId: `${phone}@c.us`, userId, profileName: 'Laila' };
    const resolved = await Promise.all(
      [1, 2].map(() => t.db.tenant(a.tenantId, (tx) => resolver.resolve(tx, a.tenantId, [sender], new Date(), (tx, from, into) => moveMessages.moveToContact(tx, a.tenantId, from, into)))),
    );
    expect(resolved.map((r) => r.get(sender.phoneId)!.contact.id)).toEqual([typed.body.data._id, typed.body.data._id]);
    const history = await t.db.tenant(a.tenantId, (tx) => tx.select().from(contactMerges).where(eq(contactMerges.mergedContactId, hidden.contactId)));
    expect(history).toHaveLength(1);
    expect((await stored('wamid.laila-1')).contactId).toBe(typed.body.data._id);
    expect(await contactsOf(userId)).toEqual([expect.objectContaining({ id: typed.body.data._id })]);
  });
});
