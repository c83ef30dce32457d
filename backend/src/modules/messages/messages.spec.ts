import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectSocket, connectWhatsApp, inbound, sleep, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import { SimulatorDriver } from '../whatsapp/drivers/simulator.driver.js';
import { MessengerEvents, type MessengerEventMap } from '../whatsapp/messenger-events.js';
import { MESSENGER_OPTIONS, type MessengerOptions } from '../whatsapp/messenger-options.js';
import { OutboundMessagesService } from './outbound-messages.service.js';
import { messages } from './messages.table.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminA: string;
let adminB: string;
let sim: SimulatorDriver;
let contactId: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startMessengerApp();
  a = await seedCompany(t, 'msg-alpha', { sales: 1 });
  b = await seedCompany(t, 'msg-bravo', { sales: 1 });
  [adminA, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, b.admin.email)]);
  sim = t.app.get(SimulatorDriver);
  await connectWhatsApp(t, adminA);
  const first = await inbound(t, adminA, { from: '+201001234567', name: 'Mona', body: 'Hello' });
  expect(first.status).toBe(200);
  contactId = first.body.data.contactId;
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

describe('sending', () => {
  it('stores the message pending, pushes it, then sent with acks 1, 2, 3 pushed in order', async () => {
    const admin = await socketFor(adminA);
    const res = await t.api.post('/messages', { contactId, body: 'Yes, size M is available', clientId: 'c-1' }, { token: adminA });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ contactId, direction: 'out', type: 'text', body: 'Yes, size M is available', status: 'sent', clientId: 'c-1', sentBy: a.admin.id, automated: false });

    const created = await admin.waitFor('msg:new', (m) => m._id === res.body.data._id);
    expect(created).toMatchObject({ status: 'pending', ack: 0, clientId: 'c-1' });
    expect(created.chat).toMatchObject({ _id: contactId, lastMessagePreview: 'Yes, size M is available', lastMessageDirection: 'out', unreadCount: 0 });
    await admin.waitFor('msg:update', (m) => m._id === res.body.data._id && m.ack === 3);
    const updates = admin.all('msg:update').filter((m) => m._id === res.body.data._id);
    expect(updates.map((m) => [m.status, m.ack])).toEqual([['sent', expect.any(Number)], ...updates.slice(1).map((m) => ['sent', m.ack])]);
    expect(updates.map((m) => m.ack)).toEqual([...updates.map((m) => m.ack)].sort());
    expect(updates.at(-1)!.ack).toBe(3);
    expect(sim.sent.some((s) => s.id && s.chatId === '201001234567@c.us' && s.content.kind === 'text')).toBe(true);

    const list = await t.api.get(`/messages?contactId=${contactId}`, { token: adminA });
    expect(list.body.data.items.at(-1)).toMatchObject({ _id: res.body.data._id, ack: 3, status: 'sent' });
  });

  it('shows every message of a burst read (ack 3): an ack that comes while its send is being recorded is not lost', async () => {
    // the simulated phone acks 3, 12 and 25 ms after a send (time scale 0.01): with 30 sends at
    // once, many acks come while their message's "sent" row is still being committed
    const sent = await Promise.all(Array.from({ length: 30 }, (_, i) => t.api.post('/messages', { contactId, body: `Burst ${i}` }, { token: adminA })));
    expect(sent.map((r) => r.status)).toEqual(sent.map(() => 200));
    const ids = new Set(sent.map((r) => r.body.data._id as string));
    const acksOfBurst = () => t.db.platform(async (tx) => (await tx.select().from(messages)).filter((m) => ids.has(m.id)).map((m) => m.ack));
    for (let i = 0; i < 50 && (await acksOfBurst()).some((ack) => ack < 3); i++) await sleep(100);
    expect(await acksOfBurst()).toEqual(sent.map(() => 3));
  });

  it('carries its author: id and name on the answer, the pushes, the list, and the chat list of the assigned rep', async () => {
    const inboundRes = await inbound(t, adminA, { from: '+201001234599', name: 'Author Test', body: 'Who answers?' });
    const authoredContact = inboundRes.body.data.contactId as string;
    expect((await t.api.put('/leads/assign-bulk', { leadIds: [authoredContact], salesId: a.sales[0].id }, { token: adminA })).status).toBe(200);
    const salesToken = await signIn(t, a.sales[0].email);
    const rep = await socketFor(salesToken);

    const res = await t.api.post('/messages', { contactId: authoredContact, body: 'The admin answers' }, { token: adminA });
    expect(res.status).toBe(200);
    const author = { sentBy: a.admin.id, sentByName: a.admin.name };
    expect(res.body.data).toMatchObject(author);
    const pushed = await rep.waitFor('msg:new', (m) => m._id === res.body.data._id);
    expect(pushed).toMatchObject(author);
    expect(pushed.chat).toMatchObject({ lastMessageDirection: 'out', lastMessageSentBy: { _id: a.admin.id, name: a.admin.name } });
    expect(await rep.waitFor('msg:update', (m) => m._id === res.body.data._id)).toMatchObject(author);

    const list = await t.api.get(`/messages?contactId=${authoredContact}`, { token: salesToken });
    expect(list.body.data.items.map((m: { body: string; sentBy: string | null; sentByName: string | null }) => [m.body, m.sentBy, m.sentByName])).toEqual([
      ['Who answers?', null, null],
      ['The admin answers', a.admin.id, a.admin.name],
    ]);
    const chats = await t.api.get('/chats', { token: salesToken });
    expect(chats.body.data.items.find((c: { _id: string }) => c._id === authoredContact)).toMatchObject({ lastMessageSentBy: { _id: a.admin.id, name: a.admin.name } });
    const chat = await t.api.get(`/chats/${authoredContact}`, { token: salesToken });
    expect(chat.body.data.lastMessageSentBy).toEqual({ _id: a.admin.id, name: a.admin.name });

    // the last message from the contact: no author on the chat
    await inbound(t, adminA, { from: '+201001234599', name: 'Author Test', body: 'Thanks' });
    const after = await t.api.get(`/chats/${authoredContact}`, { token: salesToken });
    expect(after.body.data).toMatchObject({ lastMessageDirection: 'in', lastMessageSentBy: null });
  });

  it('refuses an empty or blank text with the spec’s rule', async () => {
    const res = await t.api.post('/messages', { contactId, body: '   ' }, { token: adminA });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Message text is required.');
  });

  it('accepts a text message with the empty meta the spec’s client sends with every message', async () => {
    const empty = await t.api.post('/messages', { contactId, type: 'text', body: 'Sent with meta {}', meta: {} }, { token: adminA });
    expect(empty.status, empty.body.error).toBe(200);
    expect(empty.body.data).toMatchObject({ type: 'text', body: 'Sent with meta {}', status: 'sent', meta: null });
    const nulls = { mediaType: null, mediaUrl: null, fileName: null, path: null };
    const blank = await t.api.post('/messages', { contactId, type: 'text', body: 'Sent with null meta fields', meta: nulls }, { token: adminA });
    expect(blank.status, blank.body.error).toBe(200);
    expect(sim.sent.filter((s) => s.content.kind === 'text' && /^Sent with/.test(s.content.body))).toHaveLength(2);
    // a media kind still needs its upload
    const image = await t.api.post('/messages', { contactId, type: 'image', body: 'look', meta: {} }, { token: adminA });
    expect(image.status).toBe(400);
    expect(image.body.error).toBe('A media message needs an uploaded file.');
  });

  it('the same clientId sends once', async () => {
    const before = sim.sent.length;
    const [x, y] = await Promise.all([
      t.api.post('/messages', { contactId, body: 'once', clientId: 'c-dup' }, { token: adminA }),
      t.api.post('/messages', { contactId, body: 'once', clientId: 'c-dup' }, { token: adminA }),
    ]);
    expect(x.body.data._id).toBe(y.body.data._id);
    const again = await t.api.post('/messages', { contactId, body: 'once', clientId: 'c-dup' }, { token: adminA });
    expect(again.body.data._id).toBe(x.body.data._id);
    await sleep(20);
    expect(sim.sent.length - before).toBe(1);
  });

  it('a failed send is kept with the reason and can be retried', async () => {
    const admin = await socketFor(adminA);
    const outbound: MessengerEventMap['message.outbound'][] = [];
    t.app.get(MessengerEvents).on('message.outbound', (e) => void outbound.push(e));
    sim.failNextSends(1, 'WhatsApp Web crashed', true);
    const res = await t.api.post('/messages', { contactId, body: 'will fail first' }, { token: adminA });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'failed', error: 'WhatsApp Web crashed', retryable: true });
    await admin.waitFor('msg:update', (m) => m._id === res.body.data._id && m.status === 'failed');
    const listed = (await t.api.get(`/messages?contactId=${contactId}`, { token: adminA })).body.data.items;
    expect(listed.find((m: { _id: string }) => m._id === res.body.data._id)).toMatchObject({ status: 'failed', error: 'WhatsApp Web crashed' });
    expect(outbound.at(-1)).toMatchObject({ messageId: res.body.data._id, status: 'failed', error: 'WhatsApp Web crashed' });

    const retry = await t.api.post(`/messages/${res.body.data._id}/retry`, undefined, { token: adminA });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({ _id: res.body.data._id, status: 'sent', error: null });
    await admin.waitFor('msg:update', (m) => m._id === res.body.data._id && m.status === 'pending');
    expect((await t.api.post(`/messages/${res.body.data._id}/retry`, undefined, { token: adminA })).status).toBe(409);
  });

  it('a permanent failure is kept but not retryable', async () => {
    sim.failNextSends(1, 'This number is not on WhatsApp.', false);
    const res = await t.api.post('/messages', { contactId, body: 'to nowhere' }, { token: adminA });
    expect(res.body.data).toMatchObject({ status: 'failed', retryable: false });
    const retry = await t.api.post(`/messages/${res.body.data._id}/retry`, undefined, { token: adminA });
    expect(retry.status).toBe(409);
    expect(retry.body.error).toBe('This message cannot be sent again: This number is not on WhatsApp.');
  });

  it('without a connected WhatsApp the message is stored failed (retryable), not lost', async () => {
    const contactB = await t.db.platform(async (tx) => {
      const { contacts } = await import('../contacts/contacts.table.js');
      const [row] = await tx.insert(contacts).values({ tenantId: b.tenantId, phone: '+201009998887', name: 'B contact' }).returning();
      return row.id;
    });
    const res = await t.api.post('/messages', { contactId: contactB, body: 'hi' }, { token: adminB });
    expect(res.body.data).toMatchObject({ status: 'failed', error: 'WhatsApp is not connected.', retryable: true });
  });

  it("stores and sends why a message failed as a code, beside the English, for the user's language", async () => {
    const admin = await socketFor(adminA);
    sim.failNextSends(1, 'This number is not on WhatsApp.', false, 'not_on_whatsapp');
    const res = await t.api.post('/messages', { contactId, body: 'coded failure' }, { token: adminA });
    expect(res.body.data).toMatchObject({ status: 'failed', error: 'This number is not on WhatsApp.', errorCode: 'not_on_whatsapp', errorParams: null });
    const pushed = await admin.waitFor('msg:update', (m) => m._id === res.body.data._id && m.status === 'failed');
    expect(pushed).toMatchObject({ errorCode: 'not_on_whatsapp' });
    const stored = await t.db.platform(async (tx) => (await tx.select().from(messages)).find((m) => m.id === res.body.data._id)!);
    expect(stored).toMatchObject({ error: 'This number is not on WhatsApp.', errorCode: 'not_on_whatsapp' });
    const listed = (await t.api.get(`/messages?contactId=${contactId}`, { token: adminA })).body.data.items;
    expect(listed.find((m: { _id: string }) => m._id === res.body.data._id)).toMatchObject({ errorCode: 'not_on_whatsapp' });

    // WhatsApp not connected (company B), and what the sweeps write
    const contactB = await t.db.platform(async (tx) => {
      const { contacts } = await import('../contacts/contacts.table.js');
      const [row] = await tx.insert(contacts).values({ tenantId: b.tenantId, phone: '+201009998886', name: 'B coded' }).returning();
      return row.id;
    });
    const notConnected = await t.api.post('/messages', { contactId: contactB, body: 'hi' }, { token: adminB });
    expect(notConnected.body.data).toMatchObject({ status: 'failed', error: 'WhatsApp is not connected.', errorCode: 'not_connected' });
    const stale = await t.db.platform(async (tx) => {
      const [row] = await tx
        .insert(messages)
        .values({ tenantId: b.tenantId, contactId: contactB, direction: 'out', type: 'text', body: 'stuck', status: 'pending', createdAt: new Date(t.clock.now().getTime() - 31 * 60_000) })
        .returning();
      return row;
    });
    await t.app.get(OutboundMessagesService).failStalePending(30 * 60_000, 'not_finished');
    const swept = await t.db.platform(async (tx) => (await tx.select().from(messages)).find((m) => m.id === stale.id)!);
    expect(swept).toMatchObject({ status: 'failed', error: 'Sending did not finish. Try again.', errorCode: 'not_finished' });
  });

  it('a retried message forgets its error code once sent', async () => {
    sim.failNextSends(1, 'WhatsApp Web crashed', true);
    const res = await t.api.post('/messages', { contactId, body: 'fails, then sent' }, { token: adminA });
    expect(res.body.data).toMatchObject({ status: 'failed', error: 'WhatsApp Web crashed', errorCode: 'refused' });
    const retry = await t.api.post(`/messages/${res.body.data._id}/retry`, undefined, { token: adminA });
    expect(retry.body.data).toMatchObject({ status: 'sent', error: null, errorCode: null, errorParams: null });
  });

  it('automated sends are paced per tenant with jitter; typed ones are not delayed', async () => {
    const options = t.app.get<MessengerOptions>(MESSENGER_OPTIONS);
    // long enough that a typed message sent while they wait cannot lose the race on a loaded machine
    const interval = 1000;
    Object.assign(options, { automatedMinIntervalMs: interval, automatedJitterMs: 50 });
    try {
      const outbound = t.app.get(OutboundMessagesService);
      const start = Date.now();
      const automated = Promise.all([1, 2, 3].map((i) => outbound.send(a.tenantId, { contactId, body: `step ${i}`, automated: true, followUpRunId: null })));
      await sleep(5);
      const typed = await t.api.post('/messages', { contactId, body: 'typed meanwhile' }, { token: adminA });
      expect(typed.body.data.status).toBe('sent');
      const sent = await automated;
      expect(sent.every((m) => m.status === 'sent' && m.automated)).toBe(true);
      const times = sim.sent.filter((s) => s.content.kind === 'text' && /^step \d$/.test(s.content.body)).map((s) => s.at);
      expect(times).toHaveLength(3);
      // the typed message did not queue behind the automated ones
      const typedAt = sim.sent.find((s) => s.content.kind === 'text' && s.content.body === 'typed meanwhile')!.at;
      expect(typedAt).toBeLessThan(times[1]);
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(interval - 30);
      expect(times[2] - times[1]).toBeGreaterThanOrEqual(interval - 30);
      expect(times[2] - times[0]).toBeGreaterThanOrEqual(2 * interval - 30);
      expect(Date.now() - start).toBeGreaterThanOrEqual(2 * interval - 20);
    } finally {
      Object.assign(options, { automatedMinIntervalMs: 0, automatedJitterMs: 0 });
    }
  });
});

describe('reading', () => {
  it('pages the conversation newest last, older pages by cursor', async () => {
    const r = await inbound(t, adminA, { from: '+201005550000', name: 'Pager', body: 'm0' });
    const pid = r.body.data.contactId;
    for (let i = 1; i < 7; i++) {
      t.clock.advance(1000);
      await inbound(t, adminA, { from: '+201005550000', body: `m${i}` });
    }
    const first = await t.api.get(`/messages?contactId=${pid}&limit=3`, { token: adminA });
    expect(first.body.data.items.map((m: { body: string }) => m.body)).toEqual(['m4', 'm5', 'm6']);
    expect(first.body.data).toMatchObject({ total: 7, hasMore: true });
    const second = await t.api.get(`/messages?contactId=${pid}&limit=3&before=${first.body.data.nextCursor}`, { token: adminA });
    expect(second.body.data.items.map((m: { body: string }) => m.body)).toEqual(['m1', 'm2', 'm3']);
    const third = await t.api.get(`/messages?contactId=${pid}&limit=3&before=${second.body.data.nextCursor}`, { token: adminA });
    expect(third.body.data).toMatchObject({ hasMore: false, nextCursor: null });
    expect(third.body.data.items.map((m: { body: string }) => m.body)).toEqual(['m0']);
  });
});

describe('deleting', () => {
  it('for everyone calls WhatsApp and marks the message deleted, pushed to the clients', async () => {
    const admin = await socketFor(adminA);
    const sent = (await t.api.post('/messages', { contactId, body: 'oops, wrong chat' }, { token: adminA })).body.data;
    const res = await t.api.patch(`/messages/${sent._id}/delete`, { forEveryone: true }, { token: adminA });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: sent._id, deleted: true, deletedByContact: false });
    const waId = sim.sent.find((s) => s.content.kind === 'text' && s.content.body === 'oops, wrong chat')!.id;
    expect(sim.deletedForEveryone).toContainEqual({ tenantId: a.tenantId, chatId: '201001234567@c.us', id: waId });
    await admin.waitFor('msg:update', (m) => m._id === sent._id && m.deleted);
  });

  it('for everyone only on outgoing messages; for me hides it from the company', async () => {
    const incoming = (await inbound(t, adminA, { from: '+201001234567', body: 'from the contact' })).body.data.messageId;
    const refused = await t.api.patch(`/messages/${incoming}/delete`, { forEveryone: true }, { token: adminA });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Only messages you sent can be deleted for everyone.');
    const hidden = await t.api.patch(`/messages/${incoming}/delete`, { forEveryone: false }, { token: adminA });
    expect(hidden.body.data).toMatchObject({ hidden: true });
    const items = (await t.api.get(`/messages?contactId=${contactId}&limit=200`, { token: adminA })).body.data.items;
    expect(items.some((m: { _id: string }) => m._id === incoming)).toBe(false);
  });

  it('a message the contact deletes for everyone stays readable, marked deleted by the contact', async () => {
    const admin = await socketFor(adminA);
    const res = await inbound(t, adminA, { from: '+201001234567', body: 'my address is 5 Nile St', id: 'false_revoke_me' });
    expect((await t.api.post('/dev/whatsapp/revoke', { id: 'false_revoke_me' }, { token: adminA })).status).toBe(200);
    const update = await admin.waitFor('msg:update', (m) => m._id === res.body.data.messageId);
    expect(update).toMatchObject({ body: 'my address is 5 Nile St', deleted: false, deletedByContact: true });
  });
});

describe('text PostgreSQL cannot store (NUL, lone surrogates)', () => {
  const contactOf = async (id: string) => (await t.api.get(`/contacts/${id}`, { token: adminA })).body.data;
  const lastMessage = async (id: string) => (await t.api.get(`/messages?contactId=${id}`, { token: adminA })).body.data.items.at(-1);

  it('an inbound message holding NUL, through the simulator’s dev route, is stored without it and creates the lead', async () => {
    const res = await inbound(t, adminA, { from: '+201005550001', name: 'Sa\u0000ra \ud83d', body: 'I want\u0000 the red one \udc00!' });
    expect(res.status, res.body.error).toBe(200);
    expect(res.body.data.status).toBe('stored');
    expect(await lastMessage(res.body.data.contactId)).toMatchObject({ direction: 'in', body: 'I want the red one \ufffd!' });
    expect(await contactOf(res.body.data.contactId)).toMatchObject({ name: 'Sara \ufffd', stage: 'lead', phone: '+201005550001' });
  });

  it('through the driver’s inbound event: body, push name, id and media file name; a redelivery is not doubled', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const message = {
      id: 'false_201005550002@c.us_NUL\u0000ID',
      from: '201005550002@c.us',
      phoneId: '201005550002@c.us',
      profileName: '\u0000Omar\u0000',
      body: 'caption\u0000 here',
      type: 'image' as const,
      media: { data: png, mime: 'image/png', fileName: 'ph\u0000oto.png' },
    };
    const first = (await sim.injectInbound(a.tenantId, message)) as { status: string; contactId: string };
    expect(first.status).toBe('stored');
    expect(await lastMessage(first.contactId)).toMatchObject({ type: 'image', body: 'caption here', meta: { fileName: 'photo.png' } });
    expect(await contactOf(first.contactId)).toMatchObject({ name: 'Omar', stage: 'lead' });
    const again = (await sim.injectInbound(a.tenantId, message)) as { status: string };
    expect(again.status).toBe('duplicate');
  });

  it('stores text that looks like SQL array syntax exactly as written (inbound rows go in as arrays)', async () => {
    const bodies = ['NULL', '{"a", b\\c}', 'x,y "quoted" \\', ''];
    const stored = [];
    for (const [i, body] of bodies.entries()) {
      const phone = `20100555010${i}`;
      const r = (await sim.injectInbound(a.tenantId, { id: `false_${phone}@c.us_ARR${i}`, from: `${phone}@c.us`, phoneId: `${phone}@c.us`, body, type: 'text' })) as {
        status: string;
        contactId: string;
      };
      expect(r.status).toBe('stored');
      stored.push((await lastMessage(r.contactId)).body);
    }
    expect(stored).toEqual(bodies);
  });

  it('refuses such text typed by staff with a 400 naming the field, and writes nothing', async () => {
    const before = (await t.api.get(`/messages?contactId=${contactId}`, { token: adminA })).body.data.total;
    const nul = await t.api.post('/messages', { contactId, body: 'hi\u0000there' }, { token: adminA });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ field: 'body', error: 'body contains characters that are not allowed (such as a NUL byte).' });
    const surrogate = await t.api.post('/messages', { contactId, body: 'hi', meta: { fileName: 'a\ud800.png' } }, { token: adminA });
    expect(surrogate.body).toMatchObject({ field: 'meta.fileName' });
    expect(surrogate.status).toBe(400);
    expect((await t.api.get(`/messages?contactId=${contactId}`, { token: adminA })).body.data.total).toBe(before);
  });

  it('a search for NUL is a search for nothing', async () => {
    const all = await t.api.get('/chats', { token: adminA });
    const nul = await t.api.get('/chats?q=%00', { token: adminA });
    expect(nul.status).toBe(200);
    expect(nul.body.data.items.map((c: { _id: string }) => c._id)).toEqual(all.body.data.items.map((c: { _id: string }) => c._id));
    const mona = await t.api.get('/chats?q=Mo%00na', { token: adminA });
    expect(mona.body.data.items.map((c: { name: string }) => c.name)).toEqual(['Mona']);
  });
});

describe('isolation', () => {
  it("another company cannot read, send to, retry or delete this company's messages", async () => {
    const mine = (await t.api.get(`/messages?contactId=${contactId}`, { token: adminA })).body.data.items[0]._id;
    expect((await t.api.get(`/messages?contactId=${contactId}`, { token: adminB })).status).toBe(404);
    expect((await t.api.post('/messages', { contactId, body: 'intruder' }, { token: adminB })).status).toBe(404);
    expect((await t.api.post(`/messages/${mine}/retry`, undefined, { token: adminB })).status).toBe(404);
    expect((await t.api.patch(`/messages/${mine}/delete`, { forEveryone: false }, { token: adminB })).status).toBe(404);
    expect((await t.api.get(`/messages/${mine}/media-url`, { token: adminB })).status).toBe(404);
  });
});

describe('API documentation', () => {
  it('documents the messenger routes from their schemas', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs`)).json()) as any;
    expect(doc.paths['/api/messages'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('contactId');
    expect(doc.paths['/api/messages'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['contactId', 'before', 'limit']));
    expect(doc.paths['/api/messages/upload'].post.requestBody.content).toHaveProperty('multipart/form-data');
    expect(doc.paths['/api/chats'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['q', 'cursor']));
    expect(doc.paths['/api/messages/{id}/delete'].patch.requestBody.content['application/json'].schema.properties).toHaveProperty('forEveryone');
    expect(doc.paths['/api/canned-responses'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('title');
    expect(doc.paths['/api/whatsapp/status'].get.responses['200'].content['application/json'].schema.properties.data.properties).toHaveProperty('qr');
    expect(doc.paths['/api/dev/whatsapp/inbound'].post.summary).toMatch(/simulator/);
    expect(doc.paths['/api/files/{key}'].get.security).toEqual([]);
  });
});

describe('messages left pending by a process that died', () => {
  it('become retryable failures, pushed to the chat and reported to listeners', async () => {
    const admin = await socketFor(adminA);
    const outcomes: MessengerEventMap['message.outbound'][] = [];
    const off = t.app.get(MessengerEvents).on('message.outbound', (e) => void outcomes.push(e));
    const stale = await t.db.platform(async (tx) => {
      const [row] = await tx
        .insert(messages)
        .values({ tenantId: a.tenantId, contactId, direction: 'out', type: 'text', body: 'stuck', status: 'pending', createdAt: new Date(t.clock.now().getTime() - 31 * 60_000) })
        .returning();
      return row;
    });
    const fresh = await t.db.platform(async (tx) => {
      const [row] = await tx.insert(messages).values({ tenantId: a.tenantId, contactId, direction: 'out', type: 'text', body: 'just now', status: 'pending' }).returning();
      return row;
    });
    try {
      expect(await t.app.get(OutboundMessagesService).failStalePending(30 * 60_000, 'not_finished')).toBe(1);
      const pushed = await admin.waitFor('msg:update', (m) => m._id === stale.id);
      expect(pushed).toMatchObject({ status: 'failed', error: 'Sending did not finish. Try again.', retryable: true });
      expect(outcomes).toContainEqual(expect.objectContaining({ messageId: stale.id, status: 'failed' }));
      const page = await t.api.get(`/messages?contactId=${contactId}&limit=50`, { token: adminA });
      expect(page.body.data.items.find((m: { _id: string }) => m._id === fresh.id).status).toBe('pending');
    } finally {
      off();
    }
  });
});
