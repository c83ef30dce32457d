import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectSocket, connectWhatsApp, inbound, sleep, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import { SimulatorDriver } from '../whatsapp/drivers/simulator.driver.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminA: string;
let repA: string;
let rep2A: string;
let adminB: string;
let sim: SimulatorDriver;
let contactId: string;
const sockets: TestSocket[] = [];

const socketFor = async (token: string) => {
  const s = await connectSocket(t, token);
  sockets.push(s);
  return s;
};
const note = (token: string, body: Record<string, unknown>) => t.api.post('/messages/notes', body, { token });
const bell = async (token: string) => (await t.api.get('/notifications', { token })).body.data.items as { code: string; params: Record<string, string>; link: string }[];

beforeAll(async () => {
  t = await startMessengerApp();
  a = await seedCompany(t, 'notes-alpha', { sales: 2 });
  b = await seedCompany(t, 'notes-bravo', { sales: 1 });
  [adminA, repA, rep2A, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, a.sales[1].email), signIn(t, b.admin.email)]);
  sim = t.app.get(SimulatorDriver);
  await connectWhatsApp(t, adminA);
  contactId = (await inbound(t, adminA, { from: '+201001230001', name: 'Noura', body: 'Is the blue one in stock?' })).body.data.contactId;
  expect((await t.api.put('/leads/assign-bulk', { leadIds: [contactId], salesId: a.sales[0].id }, { token: adminA })).status).toBe(200);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

describe('private notes', () => {
  it('keeps a note in the chat for the team: never handed to WhatsApp, pushed to who sees the contact, listed with its kind and author', async () => {
    const admin = await socketFor(adminA);
    const otherRep = await socketFor(rep2A);
    const sentBefore = sim.sentBy(a.tenantId).length;
    const res = await note(repA, { contactId, body: 'She prefers delivery after 5 pm' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'note', body: 'She prefers delivery after 5 pm', sentBy: a.sales[0].id, sentByName: a.sales[0].name, handOver: null });
    const pushed = await admin.waitFor('msg:new', (m) => m._id === res.body.data._id);
    expect(pushed).toMatchObject({ kind: 'note', chat: null });

    await sleep(300);
    // the simulator is the WhatsApp driver: it never received the note
    expect(sim.sentBy(a.tenantId).length).toBe(sentBefore);
    expect(sim.sentBy(a.tenantId).some((s) => s.content.kind === 'text' && 'body' in s.content && s.content.body === 'She prefers delivery after 5 pm')).toBe(false);
    expect(otherRep.all('msg:new').some((m) => m._id === res.body.data._id)).toBe(false);

    const list = await t.api.get(`/messages?contactId=${contactId}`, { token: adminA });
    expect(list.body.data.items.at(-1)).toMatchObject({ _id: res.body.data._id, kind: 'note' });
    expect(list.body.data.items[0]).toMatchObject({ kind: 'message', direction: 'in' });
    // the conversation's summary stays the contact's last message
    expect((await t.api.get(`/chats/${contactId}`, { token: adminA })).body.data.lastMessagePreview).toBe('Is the blue one in stock?');
    // search finds notes for whoever may see the chat
    const found = await t.api.get('/messages/search?q=delivery', { token: repA });
    expect(found.body.data.items.find((h: { messageId: string }) => h.messageId === res.body.data._id)).toMatchObject({ kind: 'note', body: 'She prefers delivery after 5 pm' });
    expect((await t.api.get('/messages/search?q=delivery', { token: rep2A })).body.data.items).toEqual([]);
  });

  it('keeps whom a note mentions and notifies each mentioned colleague who may see the contact, with a link that opens the chat at the note', async () => {
    const res = await note(repA, { contactId, body: `@${a.admin.name} @${a.sales[1].name} can we discount?`, mentions: [a.admin.id, a.sales[1].id, a.sales[0].id] });
    expect(res.status).toBe(200);
    // stored as named in the text; the author's id, sent without an @name in the text, mentions nobody
    const mentions = [
      { id: a.admin.id, name: a.admin.name },
      { id: a.sales[1].id, name: a.sales[1].name },
    ];
    expect(res.body.data.mentions).toEqual(mentions);
    const listed = (await t.api.get(`/messages?contactId=${contactId}`, { token: adminA })).body.data.items as { _id: string; mentions: unknown }[];
    expect(listed.find((m) => m._id === res.body.data._id)?.mentions).toEqual(mentions);
    expect(listed[0]!.mentions).toEqual([]);

    const link = `/whatsapp?contactId=${contactId}&message=${res.body.data._id}`;
    expect((await bell(adminA))[0]).toMatchObject({ code: 'note.mentioned', params: { by: a.sales[0].name, name: 'Noura' }, link });
    // a rep who may not see the contact is mentioned but not told (the link would not open); nor is the author
    expect((await bell(rep2A)).some((n) => n.code === 'note.mentioned')).toBe(false);
    expect((await bell(repA)).some((n) => n.code === 'note.mentioned')).toBe(false);
  });

  it("cannot mention another company's user: the note is kept without it, no error, and only colleagues are told", async () => {
    const before = (await bell(adminA)).length;
    const res = await note(repA, { contactId, body: `@${b.admin.name} and @${a.admin.name}, see this`, mentions: [b.admin.id, a.admin.id, b.sales[0].id] });
    expect(res.status).toBe(200);
    expect(res.body.data.mentions).toEqual([{ id: a.admin.id, name: a.admin.name }]);
    expect((await bell(adminB)).some((n) => n.code === 'note.mentioned')).toBe(false);
    const rep2B = await signIn(t, b.sales[0].email);
    expect((await bell(rep2B)).some((n) => n.code === 'note.mentioned')).toBe(false);
    expect((await bell(adminA)).length).toBe(before + 1);
    // an id that is nobody's is dropped the same way
    const made = await note(repA, { contactId, body: '@Ghost hello', mentions: ['0190a0b0-0000-7000-8000-00000000dead'] });
    expect([made.status, made.body.data.mentions]).toEqual([200, []]);
  });

  it("is refused on a colleague's contact (403), on another company's contact (404) and without text (400)", async () => {
    const refused = await note(rep2A, { contactId, body: 'peeking' });
    expect([refused.status, refused.body.code]).toEqual([403, 'contact.assigned_elsewhere']);
    const cross = await note(adminB, { contactId, body: 'peeking' });
    expect([cross.status, cross.body.code]).toEqual([404, 'contact.not_found']);
    expect((await note(adminA, { contactId, body: '   ' })).status).toBe(400);
    // and another company's admin cannot read the chat's notes either
    expect((await t.api.get(`/messages?contactId=${contactId}`, { token: adminB })).status).toBe(404);
  });
});
