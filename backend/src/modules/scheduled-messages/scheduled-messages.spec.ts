import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledMessage } from '@crm/common';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { HOUR, eventually, newContact, sentTo } from '../../../test/follow-ups.js';
import { connectWhatsApp } from '../../../test/messenger.js';
import { advanceScheduled, sender, startScheduledApp } from '../../../test/scheduled-messages.js';
import type { TestApp } from '../../../test/test-app.js';

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
afterAll(async () => {
  await t?.close();
});

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
