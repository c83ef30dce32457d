import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import type { Message, ScheduledMessage } from '@crm/common';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { HOUR, eventually, newContact, sentTo } from '../../../test/follow-ups.js';
import { OpenSockets, connectWhatsApp } from '../../../test/messenger.js';
import { advanceScheduled, sender, startScheduledApp } from '../../../test/scheduled-messages.js';
import type { TestApp } from '../../../test/test-app.js';
import { simulator } from '../../../test/follow-ups.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminA: string;
let repA: string;
let rep2A: string;
let adminB: string;

const inHours = (h: number) => new Date(t.clock.now().getTime() + h * HOUR).toISOString();
const schedule = (token: string, body: Record<string, unknown>) => t.api.post('/scheduled-messages', body, { token });
const listOf = async (token: string, contactId: string) =>
  (await t.api.get(`/scheduled-messages?contactId=${contactId}`, { token })).body.data as { items: ScheduledMessage[]; total: number; timeZone: string };
const chatBodies = async (contactId: string) =>
  ((await t.api.get(`/messages?contactId=${contactId}`, { token: adminA })).body.data.items as { body: string; kind: string }[]).map((m) => `${m.kind}:${m.body}`);

beforeAll(async () => {
  t = await startScheduledApp();
  a = await seedCompany(t, 'sched-alpha', { sales: 2 });
  b = await seedCompany(t, 'sched-bravo', { sales: 0 });
  [adminA, repA, rep2A, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, a.sales[1].email), signIn(t, b.admin.email)]);
  await connectWhatsApp(t, adminA);
});
const sockets = new OpenSockets();
afterAll(async () => {
  sockets.closeAll();
  await t?.close();
});

const upload = async (token: string, data: Buffer, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
  const res = await t.api.post('/messages/upload', form, { token });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.body.error}`);
  return res.body.data as { path: string; fileName: string };
};

describe('scheduled messages', () => {
  it('is listed while scheduled and sent once at its time', async () => {
    const contact = await newContact(t, adminA, 'Salma');
    const res = await schedule(adminA, { contactId: contact.id, body: 'Your order ships tomorrow', sendAt: inHours(2) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'scheduled', body: 'Your order ships tomorrow', contactId: contact.id });

    const list = await listOf(adminA, contact.id);
    expect(list.items.map((m) => m.status)).toEqual(['scheduled']);
    expect(list.timeZone).toBe('Africa/Cairo');

    await advanceScheduled(t, HOUR);
    expect(sentTo(t, contact.chatId)).toEqual([]);
    await advanceScheduled(t, HOUR);
    expect(sentTo(t, contact.chatId)).toEqual(['Your order ships tomorrow']);
    // more sweeps (another instance, a timer) never send it again
    await advanceScheduled(t, HOUR);
    await Promise.all([sender(t).sweep(), sender(t).sendOne(a.tenantId, res.body.data._id)]);
    expect(sentTo(t, contact.chatId)).toEqual(['Your order ships tomorrow']);

    const [sent] = (await listOf(adminA, contact.id)).items;
    expect(sent).toMatchObject({ status: 'sent', late: false });
    expect(sent.messageId).not.toBeNull();
    expect((await chatBodies(contact.id)).filter((m) => m.startsWith('message:Your order'))).toHaveLength(1);

    // too late to change
    const edit = await t.api.patch(`/scheduled-messages/${sent._id}`, { body: 'Changed' }, { token: adminA });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('scheduled_message.not_scheduled');
    expect((await t.api.delete(`/scheduled-messages/${sent._id}`, { token: adminA })).status).toBe(409);
  });

  it('refuses a time in the past and a message with neither text nor file', async () => {
    const contact = await newContact(t, adminA, 'Past');
    const past = await schedule(adminA, { contactId: contact.id, body: 'Hi', sendAt: inHours(-1) });
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('scheduled_message.send_at_past');
    expect((await schedule(adminA, { contactId: contact.id, sendAt: inHours(1) })).status).toBe(400);
  });

  it('sends the edited text at the edited time', async () => {
    const contact = await newContact(t, adminA, 'Edit');
    const { body } = await schedule(adminA, { contactId: contact.id, body: 'First draft', sendAt: inHours(1) });
    const edit = await t.api.patch(`/scheduled-messages/${body.data._id}`, { body: 'Final text', sendAt: inHours(3) }, { token: adminA });
    expect(edit.status).toBe(200);
    await advanceScheduled(t, 2 * HOUR);
    expect(sentTo(t, contact.chatId)).toEqual([]);
    await advanceScheduled(t, HOUR);
    expect(sentTo(t, contact.chatId)).toEqual(['Final text']);
  });

  it('never sends a cancelled message', async () => {
    const contact = await newContact(t, adminA, 'Cancel');
    const { body } = await schedule(adminA, { contactId: contact.id, body: 'Never', sendAt: inHours(1) });
    const cancel = await t.api.delete(`/scheduled-messages/${body.data._id}`, { token: adminA });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe('cancelled');
    await advanceScheduled(t, 2 * HOUR);
    expect(await sender(t).sendOne(a.tenantId, body.data._id)).toBe('taken');
    expect(sentTo(t, contact.chatId)).toEqual([]);
    expect((await listOf(adminA, contact.id)).items[0].status).toBe('cancelled');
  });

  it('waits while WhatsApp is logged out, then goes as soon as it connects, and the chat says it went late', async () => {
    const contact = await newContact(t, adminA, 'Late');
    await schedule(adminA, { contactId: contact.id, body: 'While you were away', sendAt: inHours(1) });
    expect((await t.api.post('/dev/whatsapp/disconnect', { mode: 'logout' }, { token: adminA })).status).toBe(200);
    await eventually(
      async () => (await t.api.get('/whatsapp/status', { token: adminA })).body.data.state,
      (state) => state === 'needs_qr',
    );
    await advanceScheduled(t, 2 * HOUR);
    expect(sentTo(t, contact.chatId)).toEqual([]);
    expect((await listOf(adminA, contact.id)).items[0].status).toBe('scheduled');

    await connectWhatsApp(t, adminA); // the connection sweeps
    const [sent] = (
      await eventually(
        () => listOf(adminA, contact.id),
        (l) => l.items[0].status === 'sent',
      )
    ).items;
    expect(sent.late).toBe(true);
    expect(sentTo(t, contact.chatId)).toEqual(['While you were away']);
    const chat = await eventually(
      () => chatBodies(contact.id),
      (m) => m.some((x) => x.startsWith('note:')),
    );
    expect(chat.find((m) => m.startsWith('note:'))).toContain('was sent late');
  });
});

describe('a scheduled file', () => {
  it('sends the uploaded file with its caption at its time, once', async () => {
    const contact = await newContact(t, adminA, 'File');
    const png = await QRCode.toBuffer('the new catalogue');
    const file = await upload(adminA, png, 'catalogue.png');
    const res = await schedule(adminA, { contactId: contact.id, body: 'Our new catalogue', media: { path: file.path, fileName: file.fileName }, sendAt: inHours(1) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ body: 'Our new catalogue', media: { fileName: 'catalogue.png' } });

    await advanceScheduled(t, HOUR);
    await sender(t).sweep();
    const sends = simulator(t).sent.filter((s) => s.chatId === contact.chatId);
    expect(sends).toHaveLength(1);
    expect(sends[0].content).toMatchObject({ kind: 'media', mime: 'image/png', fileName: 'catalogue.png', caption: 'Our new catalogue' });
    expect(sends[0].content.kind === 'media' && Buffer.from(sends[0].content.data).equals(png)).toBe(true);
    const messages = (await t.api.get(`/messages?contactId=${contact.id}`, { token: adminA })).body.data.items as Message[];
    expect(messages.filter((m) => m.clientId === `scheduled:${res.body.data._id}`)).toMatchObject([{ type: 'image', body: 'Our new catalogue', status: 'sent' }]);
  });

  it('a file alone needs no text', async () => {
    const contact = await newContact(t, adminA, 'Alone');
    const file = await upload(adminA, await QRCode.toBuffer('just a picture'), 'picture.png');
    const res = await schedule(adminA, { contactId: contact.id, media: { path: file.path, fileName: file.fileName }, sendAt: inHours(1) });
    expect(res.status).toBe(201);
    await advanceScheduled(t, HOUR);
    expect(sentTo(t, contact.chatId)).toEqual(['[media]']);
  });

  it("refuses another company's file and one never uploaded, when it is scheduled", async () => {
    const contact = await newContact(t, adminA, 'Foreign');
    const theirs = await upload(adminB, await QRCode.toBuffer('bravo'), 'bravo.png');
    const foreign = await schedule(adminA, { contactId: contact.id, media: { path: theirs.path }, sendAt: inHours(1) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('message.upload_missing');
    const missing = await schedule(adminA, { contactId: contact.id, media: { path: `${a.tenantId}/uploads/00000000-0000-7000-8000-000000000000.png` }, sendAt: inHours(1) });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('message.upload_missing');
    expect((await listOf(adminA, contact.id)).items).toEqual([]);
  });
});

describe('an open chat, live', () => {
  it('gets the sent message as msg:new and the scheduled entry leaving its list, without asking', async () => {
    const contact = await newContact(t, adminA, 'Live');
    expect((await t.api.put('/leads/assign-bulk', { leadIds: [contact.id], salesId: a.sales[0].id }, { token: adminA })).status).toBe(200);
    const rep = await sockets.open(t, repA);
    const admin = await sockets.open(t, adminA);
    const otherRep = await sockets.open(t, rep2A);
    const { body } = await schedule(adminA, { contactId: contact.id, body: 'Live at its time', sendAt: inHours(1) });
    const id = body.data._id as string;
    expect((await admin.waitFor('scheduled:update', (m) => m._id === id)).status).toBe('scheduled');

    await advanceScheduled(t, HOUR);
    const message = await admin.waitFor('msg:new', (m) => m.clientId === `scheduled:${id}`);
    expect(message).toMatchObject({ contactId: contact.id, body: 'Live at its time', direction: 'out' });
    const sent = await admin.waitFor('scheduled:update', (m) => m._id === id && m.status === 'sent');
    expect(sent.messageId).toBe(message._id);
    // the rep it is assigned to sees it as the admins do
    await rep.waitFor('scheduled:update', (m) => m._id === id && m.status === 'sent');
    await rep.waitFor('msg:new', (m) => m.clientId === `scheduled:${id}`);
    // a rep the contact is not assigned to sees neither
    expect(otherRep.all('scheduled:update').filter((m) => m._id === id)).toEqual([]);
    expect(otherRep.all('msg:new').filter((m) => m.contactId === contact.id)).toEqual([]);
  });

  it('an edit or a cancel in one window reaches the others', async () => {
    const contact = await newContact(t, adminA, 'Windows');
    const admin = await sockets.open(t, adminA);
    const { body } = await schedule(adminA, { contactId: contact.id, body: 'Draft', sendAt: inHours(1) });
    await t.api.patch(`/scheduled-messages/${body.data._id}`, { body: 'Edited' }, { token: adminA });
    await admin.waitFor('scheduled:update', (m) => m._id === body.data._id && m.body === 'Edited');
    await t.api.delete(`/scheduled-messages/${body.data._id}`, { token: adminA });
    await admin.waitFor('scheduled:update', (m) => m._id === body.data._id && m.status === 'cancelled');
  });
});

describe('who may schedule', () => {
  it("lets a rep schedule to their own contacts only, and hides another rep's", async () => {
    const contact = await newContact(t, adminA, 'Rep');
    expect((await t.api.put('/leads/assign-bulk', { leadIds: [contact.id], salesId: a.sales[0].id }, { token: adminA })).status).toBe(200);
    const own = await schedule(repA, { contactId: contact.id, body: 'From the rep', sendAt: inHours(1) });
    expect(own.status).toBe(201);
    expect(own.body.data.createdBy).toBe(a.sales[0].id);

    const other = await schedule(rep2A, { contactId: contact.id, body: 'Not mine', sendAt: inHours(1) });
    expect(other.status).toBe(403);
    expect((await t.api.get(`/scheduled-messages?contactId=${contact.id}`, { token: rep2A })).status).toBe(403);
    expect((await t.api.patch(`/scheduled-messages/${own.body.data._id}`, { body: 'x' }, { token: rep2A })).status).toBe(404);
    expect((await t.api.delete(`/scheduled-messages/${own.body.data._id}`, { token: rep2A })).status).toBe(404);
    expect((await listOf(repA, contact.id)).items.map((m) => m.body)).toEqual(['From the rep']);
  });

  it('is 404 from another company on every endpoint', async () => {
    const contact = await newContact(t, adminA, 'Cross');
    const { body } = await schedule(adminA, { contactId: contact.id, body: 'Ours', sendAt: inHours(1) });
    const id = body.data._id;
    expect((await schedule(adminB, { contactId: contact.id, body: 'Theirs', sendAt: inHours(1) })).status).toBe(404);
    expect((await t.api.get(`/scheduled-messages?contactId=${contact.id}`, { token: adminB })).status).toBe(404);
    expect((await t.api.patch(`/scheduled-messages/${id}`, { body: 'x' }, { token: adminB })).status).toBe(404);
    expect((await t.api.delete(`/scheduled-messages/${id}`, { token: adminB })).status).toBe(404);
    expect((await listOf(adminA, contact.id)).items[0]).toMatchObject({ body: 'Ours', status: 'scheduled' });
  });
});
