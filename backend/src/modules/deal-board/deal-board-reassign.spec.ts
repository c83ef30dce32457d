import type { DealUpdateEvent } from '@crm/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addLead, moveTo, setLeadDistribution } from '../../../test/crm-fixtures.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { OpenSockets, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { InboundMessagesService } from '../messages/inbound-messages.service.js';
import { DealBoardLive } from './deal-board-live.js';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
const token = { admin: '', rep1: '', rep2: '', otherAdmin: '' };
const opened = new OpenSockets();
let socket: { admin: TestSocket; rep1: TestSocket; rep2: TestSocket; otherAdmin: TestSocket };
let phone = 1012340000;

const rep = (i: number) => acme.sales[i].id;
/** Every board push each socket has had, after the pushes still queued have been made. */
async function boardPushes() {
  await t.app.get(DealBoardLive).idle();
  // a push reaches the client a moment after it is made
  await new Promise((r) => setTimeout(r, 150));
  const of = (s: TestSocket) => s.all('deal:update') as DealUpdateEvent[];
  return { admin: of(socket.admin), rep1: of(socket.rep1), rep2: of(socket.rep2), otherAdmin: of(socket.otherAdmin) };
}
async function forget() {
  await boardPushes();
  for (const s of Object.values(socket)) s.clear();
}
async function dealOf(userId: string, name: string, status = 'proposal') {
  const lead = await addLead(t, token.admin, { name, phone: `0${phone++}`, assignedTo: userId });
  await moveTo(t, token.admin, lead._id, 'sales');
  expect((await t.api.patch(`/deals/${lead._id}/status`, { status }, { token: token.admin })).status).toBe(200);
  expect((await t.api.patch(`/contacts/${lead._id}`, { salesData: { amount: 1200 } }, { token: token.admin })).status).toBe(200);
  await forget();
  return lead._id as string;
}
const assign = (ids: string[], userId: string) => t.api.put('/leads/assign-bulk', { leadIds: ids, salesId: userId }, { token: token.admin });

beforeAll(async () => {
  t = await startMessengerApp();
  acme = await seedCompany(t, 'board-reassign', { sales: 2 });
  other = await seedCompany(t, 'board-reassign-other', { sales: 0 });
  [token.admin, token.rep1, token.rep2, token.otherAdmin] = await Promise.all([
    signIn(t, acme.admin.email),
    signIn(t, acme.sales[0].email),
    signIn(t, acme.sales[1].email),
    signIn(t, other.admin.email),
  ]);
  socket = {
    admin: await opened.open(t, token.admin),
    rep1: await opened.open(t, token.rep1),
    rep2: await opened.open(t, token.rep2),
    otherAdmin: await opened.open(t, token.otherAdmin),
  };
}, 60_000);
beforeEach(() => forget());
afterAll(async () => {
  opened.closeAll();
  await t?.close();
});

describe("a deal changing hands on the reps' open boards", () => {
  it('bulk assignment: the new rep gets the card, the old rep loses it, the admins see the new assignee; nobody else hears of it', async () => {
    const id = await dealOf(rep(0), 'Changing hands');
    expect((await assign([id], rep(1))).status).toBe(200);
    const pushed = await boardPushes();
    const place = { status: 'proposal', amount: 1200 };
    expect(pushed.rep2).toEqual([{ contactId: id, before: null, after: place, card: expect.objectContaining({ _id: id, status: 'proposal', assignedTo: expect.objectContaining({ _id: rep(1) }) }) }]);
    expect(pushed.rep1).toEqual([{ contactId: id, before: place, after: null, card: null }]);
    expect(pushed.admin).toEqual([{ contactId: id, before: place, after: place, card: expect.objectContaining({ _id: id, assignedTo: expect.objectContaining({ _id: rep(1) }) }) }]);
    expect(pushed.otherAdmin).toEqual([]);

    // the same assignment again changes nothing: no push
    await forget();
    expect((await assign([id], rep(1))).status).toBe(200);
    expect(await boardPushes()).toEqual({ admin: [], rep1: [], rep2: [], otherAdmin: [] });
  });

  it('a hand-over from the chat moves the card back the same way', async () => {
    const id = await dealOf(rep(1), 'Handed over', 'negotiation');
    expect((await t.api.post(`/contacts/${id}/hand-over`, { toUserId: rep(0) }, { token: token.admin })).status).toBe(200);
    const pushed = await boardPushes();
    const place = { status: 'negotiation', amount: 1200 };
    expect(pushed.rep1).toEqual([{ contactId: id, before: null, after: place, card: expect.objectContaining({ assignedTo: expect.objectContaining({ _id: rep(0) }) }) }]);
    expect(pushed.rep2).toEqual([{ contactId: id, before: place, after: null, card: null }]);
    expect(pushed.admin).toHaveLength(1);
  });

  it('assigning leads that are no deals pushes nothing to any board', async () => {
    const lead = await addLead(t, token.admin, { name: 'Only a lead', phone: `0${phone++}`, assignedTo: rep(0) });
    await forget();
    expect((await assign([lead._id], rep(1))).status).toBe(200);
    expect(await boardPushes()).toEqual({ admin: [], rep1: [], rep2: [], otherAdmin: [] });
  });

  it("a merge that gives the phone's contact the merged contact's rep and deal: that rep's board swaps the cards", async () => {
    await setLeadDistribution(t, token.admin, 'manual');
    const userId = 'EG.700000000000000007';
    const digits = '201007001122';
    // the phone's contact, typed in and nobody's yet
    const typed = await addLead(t, token.admin, { name: 'Karim (typed)', phone: `+${digits}` });
    expect(typed.assignedTo).toBeNull();
    const inbound = t.app.get(InboundMessagesService);
    const message = (id: string, extra: object) => ({ id, from: `${userId}@user`, userId, profileName: 'Karim', body: 'Hello', type: 'text' as const, timestamp: new Date(), ...extra });
    // the same person writes with a hidden number: a second contact, made rep 2's deal
    const hidden = (await inbound.inbound(acme.tenantId, message('wamid.karim-1', {}))).contactId;
    expect((await assign([hidden], rep(1))).status).toBe(200);
    await moveTo(t, token.admin, hidden, 'sales');
    expect((await t.api.patch(`/deals/${hidden}/status`, { status: 'qualified' }, { token: token.admin })).status).toBe(200);
    await forget();

    // Meta names both ids: the hidden contact merges into the phone's, which takes its deal and rep
    const joined = await inbound.inbound(acme.tenantId, message('wamid.karim-2', { from: `${digits}@c.us`, phoneId: `${digits}@c.us` }));
    expect(joined.contactId).toBe(typed._id);
    const pushed = await boardPushes();
    const place = { status: 'qualified', amount: null };
    const card = expect.objectContaining({ _id: typed._id, status: 'qualified', assignedTo: expect.objectContaining({ _id: rep(1) }) });
    // rep 2: the merged card leaves, the phone's contact's card arrives (the reassignment's push finds it shown)
    expect(pushed.rep2).toEqual([
      { contactId: hidden, before: place, after: null, card: null },
      { contactId: typed._id, before: null, after: place, card },
      { contactId: typed._id, before: null, after: place, card },
    ]);
    expect(pushed.admin.map((e) => [e.contactId, e.before, e.after])).toEqual([
      [hidden, place, null],
      [typed._id, null, place],
      [typed._id, place, place],
    ]);
    expect(pushed.rep1).toEqual([]);
    // and rep 2's chat list gets the conversation
    await socket.rep2.waitFor('chat:update', (c) => c._id === typed._id && c.assignedTo?._id === rep(1));
  });
});
