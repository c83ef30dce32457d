import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectSocket, connectWhatsApp, inbound, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import { contactHandOvers } from '../contacts/contact-hand-overs.table.js';
import { users } from '../users/users.table.js';
import { SimulatorDriver } from '../whatsapp/drivers/simulator.driver.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminA: string;
let repA: string;
let rep2A: string;
let adminB: string;
const sockets: TestSocket[] = [];

const socketFor = async (token: string) => {
  const s = await connectSocket(t, token);
  sockets.push(s);
  return s;
};
const handOver = (token: string, contactId: string, body: Record<string, unknown>) => t.api.post(`/contacts/${contactId}/hand-over`, body, { token });
const allowReps = (allowed: boolean) => t.api.put('/auth/tenant/settings', { leadDistributionStrategy: 'manual', repsMayHandOver: allowed }, { token: adminA });
let phone = 0;
/** A new contact of company A assigned to `userId`. */
async function contactOf(userId: string): Promise<string> {
  const id = (await inbound(t, adminA, { from: `+20100555${String(++phone).padStart(4, '0')}`, name: `Client ${phone}`, body: 'Hi' })).body.data.contactId as string;
  expect((await t.api.put('/leads/assign-bulk', { leadIds: [id], salesId: userId }, { token: adminA })).status).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await startMessengerApp();
  a = await seedCompany(t, 'handover-alpha', { sales: 3 });
  b = await seedCompany(t, 'handover-bravo', { sales: 1 });
  [adminA, repA, rep2A, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, a.sales[1].email), signIn(t, b.admin.email)]);
  await connectWhatsApp(t, adminA);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

describe('handing a chat over', () => {
  it('an admin hands a chat to another rep: the assignee changes, the history and the chat keep a note, the new rep is told and the old one loses it live', async () => {
    const contactId = await contactOf(a.sales[0].id);
    const oldRep = await socketFor(repA);
    const newRep = await socketFor(rep2A);
    const sentBefore = t.app.get(SimulatorDriver).sentBy(a.tenantId).length;

    const res = await handOver(adminA, contactId, { toUserId: a.sales[1].id, note: 'She wants the red one, call after 5' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ contactId, assignedTo: { _id: a.sales[1].id, name: a.sales[1].name } });

    // the old rep's list drops the chat and they can no longer open it
    const dropped = await oldRep.waitFor('chat:update', (c) => c._id === contactId);
    expect(dropped.assignedTo).toMatchObject({ _id: a.sales[1].id });
    expect((await t.api.get(`/messages?contactId=${contactId}`, { token: repA })).status).toBe(403);
    // the new rep gets the chat, the note and a bell line that opens the chat at the note
    const pushedNote = await newRep.waitFor('msg:new', (m) => m._id === res.body.data.noteId);
    expect(pushedNote).toMatchObject({ kind: 'note', handOver: { to: a.sales[1].name, by: a.admin.name, note: 'She wants the red one, call after 5' } });
    expect(pushedNote.body).toBe(`Handed over to ${a.sales[1].name} by ${a.admin.name}: She wants the red one, call after 5`);
    const bell = (await t.api.get('/notifications', { token: rep2A })).body.data.items;
    expect(bell[0]).toMatchObject({ code: 'chat.handed_over', params: { by: a.admin.name, name: 'Client 1' }, link: `/whatsapp?contactId=${contactId}&message=${res.body.data.noteId}` });
    const messages = await t.api.get(`/messages?contactId=${contactId}`, { token: rep2A });
    expect(messages.body.data.items.at(-1)).toMatchObject({ _id: res.body.data.noteId, kind: 'note' });
    const profile = (await t.api.get(`/contacts/${contactId}`, { token: rep2A })).body.data;
    expect(profile.assignedTo).toMatchObject({ _id: a.sales[1].id });
    // the profile's history shows the hand-over
    expect(profile.handOvers).toEqual([
      expect.objectContaining({
        from: { _id: a.sales[0].id, name: a.sales[0].name },
        to: { _id: a.sales[1].id, name: a.sales[1].name },
        changedBy: { _id: a.admin.id, name: a.admin.name },
        note: 'She wants the red one, call after 5',
      }),
    ]);
    // the history records who handed it, from whom, to whom, with the note
    const history = await t.db.tenant(a.tenantId, (tx) => tx.select().from(contactHandOvers).where(eq(contactHandOvers.contactId, contactId)));
    expect(history).toEqual([expect.objectContaining({ fromUserId: a.sales[0].id, toUserId: a.sales[1].id, handedBy: a.admin.id, note: 'She wants the red one, call after 5' })]);
    // nothing went to WhatsApp
    expect(t.app.get(SimulatorDriver).sentBy(a.tenantId).length).toBe(sentBefore);
  });

  it('a rep may hand over only their own chat, and only when the company allows it', async () => {
    const own = await contactOf(a.sales[0].id);
    const colleagues = await contactOf(a.sales[1].id);
    const off = await handOver(repA, own, { toUserId: a.sales[1].id });
    expect([off.status, off.body.code]).toEqual([403, 'contact.hand_over_refused']);

    expect((await allowReps(true)).body.data.settings).toMatchObject({ repsMayHandOver: true });
    const notTheirs = await handOver(repA, colleagues, { toUserId: a.sales[2].id });
    expect([notTheirs.status, notTheirs.body.code]).toEqual([403, 'contact.assigned_elsewhere']);
    const ok = await handOver(repA, own, { toUserId: a.sales[1].id });
    expect(ok.status).toBe(200);
    expect(ok.body.data.assignedTo._id).toBe(a.sales[1].id);
    // a hand-over without a note says only who and to whom
    const list = await t.api.get(`/messages?contactId=${own}`, { token: rep2A });
    expect(list.body.data.items.at(-1)).toMatchObject({ kind: 'note', body: `Handed over to ${a.sales[1].name} by ${a.sales[0].name}`, handOver: { note: null } });
    await allowReps(false);
  });

  it('refuses an inactive rep, an admin as target, the current assignee, and a request without a target', async () => {
    const contactId = await contactOf(a.sales[0].id);
    await t.db.platform((tx) =>
      tx
        .update(users)
        .set({ isActive: false })
        .where(and(eq(users.id, a.sales[2].id))),
    );
    const inactive = await handOver(adminA, contactId, { toUserId: a.sales[2].id });
    expect([inactive.status, inactive.body.code]).toEqual([400, 'contact.assignee_invalid']);
    await t.db.platform((tx) => tx.update(users).set({ isActive: true }).where(eq(users.id, a.sales[2].id)));
    const toAdmin = await handOver(adminA, contactId, { toUserId: a.admin.id });
    expect([toAdmin.status, toAdmin.body.code]).toEqual([400, 'contact.assignee_invalid']);
    const same = await handOver(adminA, contactId, { toUserId: a.sales[0].id });
    expect([same.status, same.body.code]).toEqual([409, 'contact.hand_over_same_user']);
    expect((await handOver(adminA, contactId, {})).status).toBe(400);
  });

  it("another company's contact is not found, and another company's rep is no target", async () => {
    const contactId = await contactOf(a.sales[0].id);
    const foreignContact = await handOver(adminB, contactId, { toUserId: b.sales[0].id });
    expect([foreignContact.status, foreignContact.body.code]).toEqual([404, 'contact.not_found']);
    const foreignRep = await handOver(adminA, contactId, { toUserId: b.sales[0].id });
    expect([foreignRep.status, foreignRep.body.code]).toEqual([404, 'contact.assignee_invalid']);
    expect((await t.api.get(`/contacts/${contactId}`, { token: adminA })).body.data.assignedTo).toMatchObject({ _id: a.sales[0].id });
  });
});

describe('the setting', () => {
  it('admins turn "Reps may hand over their chats" on and off; reps cannot', async () => {
    expect((await allowReps(true)).body.data.settings).toEqual({ leadDistributionStrategy: 'manual', skipOfflineReps: false, repsMayHandOver: true });
    // left out, it stays as it was
    expect((await t.api.put('/auth/tenant/settings', { leadDistributionStrategy: 'manual' }, { token: adminA })).body.data.settings.repsMayHandOver).toBe(true);
    expect((await t.api.put('/auth/tenant/settings', { leadDistributionStrategy: 'manual', repsMayHandOver: false }, { token: repA })).status).toBe(403);
    expect((await t.api.get('/auth/tenant/settings', { token: adminB })).body.data.settings.repsMayHandOver).toBe(false);
    await allowReps(false);
  });
});
