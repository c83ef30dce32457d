import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { textMessage, webhookPayload } from '../../../test/cloud-api.js';
import { FakeGraphApi, type FakeNumber } from '../../../test/fake-graph-api.js';
import type { TestApp } from '../../../test/test-app.js';
import { moveTo } from '../../../test/crm-fixtures.js';
import { createTemplate, runsOf, startRun } from '../../../test/follow-ups.js';
import { ContactResolver } from '../contacts/contact-resolver.js';
import { contactMerges } from '../contacts/contact-merges.table.js';
import { contacts } from '../contacts/contacts.table.js';
import { FollowUpsService } from '../follow-ups/follow-ups.service.js';
import { MessagesRepository } from '../messages/messages.repository.js';
import { OpenSockets, startMessengerApp } from '../../../test/messenger.js';
import { InboundMessagesService } from '../messages/inbound-messages.service.js';
import { messages } from '../messages/messages.table.js';
import { MessengerEvents } from '../whatsapp/messenger-events.js';

const NUMBER = '106540352242931';
const SECRET = 'c1b2c3d4e5f60718293a4b5c6d7e8f91';
const at = () => String(Math.floor(Date.now() / 1000));

/**
 * A `system` message as Meta's system messages webhook reference shows it: no contacts array,
 * `from` the user's old number (none for a changed user id), what changed in `system`.
 */
function systemMessage(id: string, from: string | undefined, system: Record<string, string>) {
  return { messages: [{ ...(from ? { from } : {}), id, timestamp: at(), type: 'system', system }] };
}
const numberChange = (id: string, from: string, to: string, name: string) => systemMessage(id, from, { body: `User ${name} changed from ${from} to ${to}`, wa_id: to, type: 'user_changed_number' });

describe('Official API: a user changed their number or user id', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let a: SeededCompany;
  let b: SeededCompany;
  let admin: string;
  let number: FakeNumber;
  const sockets = new OpenSockets();

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    number = graph.addNumber(NUMBER);
    t = await startMessengerApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url } });
    a = await seedCompany(t, 'cloud-system', { sales: 1 });
    b = await seedCompany(t, 'cloud-system-other', { sales: 0 });
    admin = await signIn(t, a.admin.email);
    const settings = { phoneNumberId: NUMBER, businessAccountId: '102290129340391', accessToken: number.token, appSecret: SECRET, verifyToken: 'verify-me' };
    expect((await t.api.put('/whatsapp/cloud', settings, { token: admin })).status).toBe(200);
    await until(
      async () => (await t.api.get('/whatsapp/status', { token: admin })).body.data.state,
      (s) => s === 'connected',
    );
  });
  afterAll(async () => {
    await sockets.closeAll();
    await t?.close();
    await graph?.stop();
  });

  async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > end) return value;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  const deliver = async (payload: Parameters<typeof webhookPayload>[1]) => {
    const raw = JSON.stringify(webhookPayload(NUMBER, payload));
    const res = await fetch(`${t.url}/api/webhooks/whatsapp/${NUMBER}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}` },
      body: raw,
    });
    expect(res.status).toBe(200);
  };
  const stored = async (waMessageId: string) =>
    (
      await until(
        () => t.db.tenant(a.tenantId, (tx) => tx.select().from(messages).where(eq(messages.waMessageId, waMessageId))),
        (rows) => rows.length > 0,
      )
    )[0];
  const contact = async (id: string) => (await t.db.tenant(a.tenantId, (tx) => tx.select().from(contacts).where(eq(contacts.id, id))))[0];

  it('a changed number moves the contact to the new number and leaves a system line in its conversation, once', async () => {
    await deliver(textMessage('201001112299', 'wamid.before-change', 'Hello', 'Mona'));
    const first = await stored('wamid.before-change');

    const change = numberChange('wamid.number-change', '201001112299', '201009998811', 'Mona');
    // redelivered: the second finds the contact already moved and changes nothing
    await deliver(change);
    await deliver(change);
    const line = await stored('wamid.number-change');
    expect(line).toMatchObject({ contactId: first.contactId, direction: 'in', body: 'This contact changed their number to +201009998811.' });
    expect(line.systemEvent).toEqual({ code: 'number_changed', params: { phone: '+201009998811' } });
    expect(await contact(first.contactId)).toMatchObject({ phone: '+201009998811', waId: '201009998811@c.us', name: 'Mona' });

    // the conversation shows the line with its code; the next message from the new number is the same contact
    const list = (await t.api.get(`/messages?contactId=${first.contactId}`, { token: admin })).body.data.items;
    expect(list.map((m: { body: string; systemEvent?: unknown }) => [m.body, m.systemEvent ?? null])).toEqual([
      ['Hello', null],
      ['This contact changed their number to +201009998811.', { code: 'number_changed', params: { phone: '+201009998811' } }],
    ]);
    await deliver(textMessage('201009998811', 'wamid.after-change', 'New number here', 'Mona'));
    expect((await stored('wamid.after-change')).contactId).toBe(first.contactId);
    const same = await t.db.tenant(a.tenantId, (tx) => tx.select().from(contacts).where(eq(contacts.name, 'Mona')));
    expect(same).toHaveLength(1);
    // another company knows nothing of it
    expect(await t.db.tenant(b.tenantId, (tx) => tx.select().from(messages).where(eq(messages.waMessageId, 'wamid.number-change')))).toEqual([]);
  });

  it('a changed user id moves a contact known only by it to the new one; the message is kept', async () => {
    await deliver({
      contacts: [{ profile: { name: 'Hidden Hala' }, user_id: 'EG.700000000000000001' }],
      messages: [{ from_user_id: 'EG.700000000000000001', id: 'wamid.hala-1', timestamp: at(), type: 'text', text: { body: 'Hi' } }],
    });
    const first = await stored('wamid.hala-1');
    expect(await contact(first.contactId)).toMatchObject({ phone: 'user:EG.700000000000000001' });

    await deliver(
      systemMessage('wamid.hala-change', undefined, {
        body: 'User Hidden Hala changed their user ID',
        type: 'user_changed_user_id',
        user_id: 'EG.700000000000000002',
        previous_user_id: 'EG.700000000000000001',
      }),
    );
    const line = await stored('wamid.hala-change');
    expect(line).toMatchObject({ contactId: first.contactId, systemEvent: { code: 'user_id_changed', params: {} } });
    expect(await contact(first.contactId)).toMatchObject({ waUserId: 'EG.700000000000000002', phone: 'user:EG.700000000000000002' });
  });

  it('a number changed to one another contact of the company has merges that contact into the changed one: nothing lost, once, other companies untouched', async () => {
    const socket = await sockets.open(t, admin);
    await deliver(textMessage('201001230001', 'wamid.karim-old', 'I ordered a sofa', 'Karim'));
    const older = (await stored('wamid.karim-old')).contactId;
    expect((await t.api.patch(`/contacts/${older}`, { notes: 'Sofa order 12' }, { token: admin })).status).toBe(200);
    // the same person wrote from the new number before Meta said it is theirs: a second contact, with a deal, notes, a label...
    await deliver(textMessage('201009990002', 'wamid.karim-new', 'Hi from my new phone', 'Karim N'));
    const newer = (await stored('wamid.karim-new')).contactId;
    expect(newer).not.toBe(older);
    await moveTo(t, admin, newer, 'sales');
    expect((await t.api.patch(`/deals/${newer}/status`, { status: 'negotiation' }, { token: admin })).status).toBe(200);
    expect((await t.api.patch(`/contacts/${newer}`, { notes: 'Delivery on Friday', salesData: { amount: 900 } }, { token: admin })).status).toBe(200);
    const label = await t.api.post('/labels', { name: 'Sofa buyer', colour: '#1f9d55' }, { token: admin });
    expect((await t.api.put(`/contacts/${newer}/labels`, { labelIds: [label.body.data._id] }, { token: admin })).status).toBe(200);
    const later = await t.api.post('/scheduled-messages', { contactId: newer, body: 'Your sofa ships tomorrow', sendAt: new Date(Date.now() + 86_400_000).toISOString() }, { token: admin });
    expect(later.status).toBe(201);
    expect((await t.api.post('/messages/notes', { contactId: newer, body: 'Asked for the blue fabric' }, { token: admin })).status).toBe(200);
    const template = await createTemplate(t, admin, { name: 'Sofa follow-up', messages: [{ delay: 5, message: 'Still thinking about the sofa?' }] });
    const run = await startRun(t, admin, newer, template._id);
    // another company has a contact with that number: never touched
    const elsewhere = await t.api.post('/contacts', { name: 'Someone else', phone: '+201009990002' }, { token: await signIn(t, b.admin.email) });
    expect(elsewhere.status).toBe(201);

    // redeliveries side by side: merged once
    const change = numberChange('wamid.karim-change', '201001230001', '201009990002', 'Karim');
    await Promise.all([deliver(change), deliver(change), deliver(change)]);
    expect((await stored('wamid.karim-change')).contactId).toBe(older);
    await until(
      () => t.db.tenant(a.tenantId, (tx) => tx.select().from(contacts).where(eq(contacts.id, newer))),
      (rows) => rows.length === 0,
    );
    expect((await t.api.get(`/contacts/${newer}`, { token: admin })).status).toBe(404);

    const conversation = (await t.api.get(`/messages?contactId=${older}`, { token: admin })).body.data.items as { body: string }[];
    expect(conversation.map((m) => m.body)).toEqual(['I ordered a sofa', 'Hi from my new phone', 'Asked for the blue fabric', 'This contact changed their number to +201009990002.']);
    const survivor = (await t.api.get(`/contacts/${older}`, { token: admin })).body.data;
    expect(survivor).toMatchObject({ _id: older, name: 'Karim', phone: '+201009990002', notes: 'Sofa order 12\n\nDelivery on Friday' });
    expect(await contact(older)).toMatchObject({ waId: '201009990002@c.us', stage: 'sales', pipelineStatus: 'negotiation', dealAmount: 900 });
    expect((await t.api.get(`/contacts/${older}/labels`, { token: admin })).body.data).toEqual([expect.objectContaining({ name: 'Sofa buyer' })]);
    expect((await t.api.get(`/scheduled-messages?contactId=${older}`, { token: admin })).body.data.items).toEqual([expect.objectContaining({ _id: later.body.data._id })]);
    const runs = await runsOf(t, admin, older);
    expect(runs.map((r) => r._id)).toEqual([run._id]);
    // the flag says what the runs say (the change line may have stopped the run as a reply)
    expect(survivor.hasActiveFollowUp).toBe(runs[0].status === 'active');
    // one contact in the lists; the boards drop the merged deal and show it on the contact that stayed
    expect((await t.api.get('/chats?q=Karim', { token: admin })).body.data.items.map((c: { _id: string }) => c._id)).toEqual([older]);
    await socket.waitFor('deal:update', (u) => u.contactId === newer && u.after === null);
    await socket.waitFor('deal:update', (u) => u.contactId === older && u.after?.status === 'negotiation');
    expect(await t.db.tenant(a.tenantId, (tx) => tx.select().from(contactMerges).where(eq(contactMerges.contactId, older)))).toEqual([
      expect.objectContaining({ mergedContactId: newer, mergedName: 'Karim N', reason: 'number_changed' }),
    ]);

    // the other company's contact is as it was; the next message from the new number is the merged contact
    const other = await t.db.tenant(b.tenantId, (tx) => tx.select().from(contacts).where(eq(contacts.id, elsewhere.body.data._id)));
    expect(other).toEqual([expect.objectContaining({ name: 'Someone else', phone: '+201009990002' })]);
    await deliver(textMessage('201009990002', 'wamid.karim-after', 'Any news?', 'Karim'));
    expect((await stored('wamid.karim-after')).contactId).toBe(older);
  });

  it('a follow-up that moved with a merge and ends afterwards clears the flag of the contact that stayed', async () => {
    await deliver(textMessage('201001230011', 'wamid.rana-old', 'Hello', 'Rana'));
    await deliver(textMessage('201009990012', 'wamid.rana-new', 'Hello again', 'Rana'));
    const older = (await stored('wamid.rana-old')).contactId;
    const newer = (await stored('wamid.rana-new')).contactId;
    const template = await createTemplate(t, admin, { name: 'Rana follow-up', messages: [{ delay: 5, message: 'Any questions?' }] });
    const run = await startRun(t, admin, newer, template._id);
    // the merge alone (no message stored, so no reply stops the run)
    const resolver = t.app.get(ContactResolver);
    const moveMessages = t.app.get(MessagesRepository);
    const change = { previous: { phoneId: '201001230011@c.us' }, current: { from: '201009990012@c.us', phoneId: '201009990012@c.us' } };
    await t.db.tenant(a.tenantId, (tx) => resolver.takeNewIds(tx, a.tenantId, [change], (tx, from, into) => moveMessages.moveToContact(tx, a.tenantId, from, into)));
    expect(await contact(older)).toMatchObject({ phone: '+201009990012', hasActiveFollowUp: true });
    // a step read before the merge ends the run by the contact it read then (the scheduler's send path)
    const followUps = t.app.get(FollowUpsService);
    await t.db.tenant(a.tenantId, (tx) => followUps.endInTx(tx, { id: run._id, tenantId: a.tenantId, contactId: newer }, { status: 'completed', stopReason: null }));
    expect(await contact(older)).toMatchObject({ hasActiveFollowUp: false });
    expect((await runsOf(t, admin, older)).map((r) => [r._id, r.status])).toEqual([[run._id, 'completed']]);
  });

  it('another system message is kept as a readable placeholder', async () => {
    await deliver(systemMessage('wamid.identity', '201001112277', { body: 'Security code changed', type: 'customer_identity_changed' }));
    const row = await stored('wamid.identity');
    expect(row).toMatchObject({ body: '[A message this app cannot show yet]', systemEvent: null });
  });

  it("a system line is the chat's last message with its code, but not unread, not a new-message notice, not a reply, and it opens no 24-hour window", async () => {
    const sales = await signIn(t, a.sales[0].email);
    const socket = await sockets.open(t, sales);
    const replies: string[] = [];
    const offReplies = t.app.get(MessengerEvents).on('message.inbound', (e) => void replies.push(e.messageId));
    const hooked: string[] = [];
    t.app.get(InboundMessagesService).onStored(async (_tx, _tenant, stored) => void hooked.push(...stored.map((s) => s.row.id)));

    await deliver(textMessage('201001115500', 'wamid.samir-1', 'Is it in stock?', 'Samir'));
    const text = await stored('wamid.samir-1');
    const chatOf = async (token = admin) => (await t.api.get(`/chats/${text.contactId}`, { token })).body.data;
    expect(await chatOf()).toMatchObject({ unreadCount: 1, lastMessagePreview: 'Is it in stock?', lastMessageSystemEvent: null, assignedTo: { _id: a.sales[0].id } });
    // the assignee's notice names the contact and its number apart
    expect(await socket.waitFor('msg:notification', (n) => n.contactId === text.contactId)).toEqual({
      assignedTo: a.sales[0].id,
      contactId: text.contactId,
      contactName: 'Samir',
      contact: { name: 'Samir', phone: '+201001115500' },
      messageBody: 'Is it in stock?',
    });

    await deliver(systemMessage('wamid.samir-change', '201001115500', { body: 'User Samir changed number', wa_id: '201009995500', type: 'user_changed_number' }));
    const line = await stored('wamid.samir-change');
    const event = { code: 'number_changed', params: { phone: '+201009995500' } };
    // the chat row says what happened as a code; the unread count is still the one message Samir wrote
    expect(await chatOf()).toMatchObject({ unreadCount: 1, lastMessagePreview: 'This contact changed their number to +201009995500.', lastMessageSystemEvent: event });
    expect((await socket.waitFor('msg:new', (m) => m._id === line.id)).chat).toMatchObject({ unreadCount: 1, lastMessageSystemEvent: event });
    expect(socket.all('msg:notification').filter((n) => n.contactId === text.contactId)).toHaveLength(1);
    expect(replies).toEqual([text.id]);
    expect(hooked).toEqual([text.id]);
    offReplies();

    // a day later only a system line came: the window stays closed, and the chat read at Meta is Samir's message
    await sockets.closeAll();
    t.clock.advance(25 * 3_600_000);
    const later = await signIn(t, a.admin.email);
    await deliver(systemMessage('wamid.samir-change-2', '201009995500', { body: 'User Samir changed number', wa_id: '201009995511', type: 'user_changed_number' }));
    await stored('wamid.samir-change-2');
    expect((await t.api.get(`/messages?contactId=${text.contactId}`, { token: later })).body.data.replyWindow.open).toBe(false);
    const refused = await t.api.post('/messages', { contactId: text.contactId, body: 'Thanks for telling us' }, { token: later });
    expect([refused.status, refused.body.code]).toEqual([409, 'whatsapp.window_closed']);
    expect((await t.api.post(`/chats/${text.contactId}/read`, undefined, { token: later })).status).toBe(200);
    const read = await until(
      async () => graph.readMarks.slice(),
      (r) => r.length > 0,
    );
    expect(read.map((s) => s.body.message_id)).toEqual(['wamid.samir-1']);
  });
});
