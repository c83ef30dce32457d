import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { addLead, moveTo } from '../../../test/crm-fixtures.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import { DealBoardLive } from '../deal-board/deal-board-live.js';
import { pipelineStatusChanges } from './pipeline-history.table.js';

let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
const token = { admin: '', rep1: '', rep2: '', globexAdmin: '' };
let pushed: { tenantId: string; assignedTo: string | null | undefined; event: string; payload: any }[] = [];

/** The boards are told after the answer: what has been pushed once every push so far is made. */
const pushedSoFar = async () => {
  await t.app.get(DealBoardLive).idle();
  return pushed;
};
/** Forgets the pushes so far, including those still on their way. */
const forgetPushes = async () => {
  await t.app.get(DealBoardLive).idle();
  pushed = [];
};
const changes = (contactId: string) => t.db.platform((tx) => tx.select().from(pipelineStatusChanges).where(eq(pipelineStatusChanges.contactId, contactId)));

/** A deal of rep 1's, in the sales stage. */
async function newDeal(name: string, phone: string) {
  const lead = await addLead(t, token.admin, { name, phone, assignedTo: acme.sales[0].id });
  await moveTo(t, token.rep1, lead._id, 'sales');
  return lead._id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-04-01T09:00:00Z'));
  acme = await seedCompany(t, 'acme', { sales: 2 });
  globex = await seedCompany(t, 'globex', { sales: 1 });
  token.admin = await signIn(t, acme.admin.email);
  token.rep1 = await signIn(t, acme.sales[0].email);
  token.rep2 = await signIn(t, acme.sales[1].email);
  token.globexAdmin = await signIn(t, globex.admin.email);
  vi.spyOn(t.app.get(RealtimeEmitter), 'toContactAudience').mockImplementation((tenantId, assignedTo, event, payload) => {
    pushed.push({ tenantId, assignedTo, event, payload });
  });
}, 60_000);
afterAll(() => t?.close());

describe('the pipeline history', () => {
  it('records a status change made on the profile, with who and when, and shows it on the contact', async () => {
    const id = await newDeal('Profile deal', '01011110001');
    // becoming a deal is the first entry: into new
    expect(await changes(id)).toMatchObject([{ fromStatus: null, toStatus: 'new', changedBy: acme.sales[0].id }]);
    t.clock.set(new Date('2026-04-01T09:30:00Z'));
    const res = await t.api.patch(`/contacts/${id}`, { salesData: { pipeline_status: 'proposal' } }, { token: token.rep1 });
    expect(res.status).toBe(200);
    expect(res.body.data.pipelineHistory[0]).toEqual({
      _id: expect.any(String),
      from: 'new',
      to: 'proposal',
      lostReason: null,
      timestamp: '2026-04-01T09:30:00.000Z',
      changedBy: { _id: acme.sales[0].id, name: acme.sales[0].name },
    });
    // the stage history keeps its shape and entries
    expect(res.body.data.stageHistory.map((h: { to: string }) => h.to)).toEqual(['sales', 'customer', 'lead']);
    const got = (await t.api.get(`/contacts/${id}`, { token: token.admin })).body.data;
    expect(got.pipelineHistory.map((h: { to: string }) => h.to)).toEqual(['proposal', 'new']);
    // a save that does not change the status records nothing more
    await t.api.patch(`/contacts/${id}`, { notes: 'called', salesData: { pipeline_status: 'proposal' } }, { token: token.rep1 });
    expect(await changes(id)).toHaveLength(2);
  });

  it('records nothing when the save is refused: the change and its record are one transaction', async () => {
    const id = await newDeal('Refused deal', '01011110002');
    const bad = await t.api.patch(`/contacts/${id}`, { salesData: { pipeline_status: 'won', shippingDetails: { company: '00000000-0000-4000-8000-000000000000' } } }, { token: token.rep1 });
    expect(bad.status).toBe(400);
    expect((await changes(id)).map((c) => c.toStatus)).toEqual(['new']);
    // another rep may not change it, another company cannot see it
    expect((await t.api.patch(`/contacts/${id}`, { salesData: { pipeline_status: 'won' } }, { token: token.rep2 })).status).toBe(403);
    expect((await t.api.patch(`/contacts/${id}`, { salesData: { pipeline_status: 'won' } }, { token: token.globexAdmin })).status).toBe(404);
    expect((await changes(id)).map((c) => c.toStatus)).toEqual(['new']);
  });

  it("announces every deal change to the deal's audience: a move from any screen, a new deal, a new amount", async () => {
    await forgetPushes();
    const id = await newDeal('Live deal', '01011110003');
    expect(await pushedSoFar()).toEqual([
      {
        tenantId: acme.tenantId,
        assignedTo: acme.sales[0].id,
        event: 'deal:update',
        payload: expect.objectContaining({ contactId: id, before: null, after: { status: 'new', amount: null }, card: expect.objectContaining({ _id: id, status: 'new' }) }),
      },
    ]);
    await forgetPushes();
    await t.api.patch(`/contacts/${id}`, { salesData: { amount: 250 } }, { token: token.rep1 });
    expect((await pushedSoFar()).map((p) => [p.payload.before, p.payload.after, p.payload.card.amount])).toEqual([[{ status: 'new', amount: null }, { status: 'new', amount: 250 }, 250]]);
    await forgetPushes();
    await t.api.patch(`/deals/${id}/status`, { status: 'lost', lostReason: 'No answer' }, { token: token.admin });
    expect((await pushedSoFar()).map((p) => [p.assignedTo, p.payload.before.status, p.payload.after.status, p.payload.card.status])).toEqual([[acme.sales[0].id, 'new', 'lost', 'lost']]);
    const history = (await t.api.get(`/contacts/${id}`, { token: token.rep1 })).body.data.pipelineHistory;
    expect(history[0]).toMatchObject({ from: 'new', to: 'lost', lostReason: 'No answer', changedBy: { _id: acme.admin.id } });
    // nothing that a board shows changed: no push
    await forgetPushes();
    await t.api.patch(`/contacts/${id}`, { notes: 'later' }, { token: token.rep1 });
    expect(await pushedSoFar()).toEqual([]);
    // leaving the pipeline drops the card
    await t.api.patch(`/contacts/${id}/stage`, { stage: 'lead' }, { token: token.rep1 });
    expect((await pushedSoFar()).map((p) => [p.payload.before.status, p.payload.after, p.payload.card])).toEqual([['lost', null, null]]);
  });

  it('drops a deleted deal from every open board, and says nothing when a deleted contact was no deal', async () => {
    const id = await newDeal('Deleted deal', '01011110004');
    await t.api.patch(`/contacts/${id}`, { salesData: { amount: 900 } }, { token: token.rep1 });
    await forgetPushes();
    expect((await t.api.delete(`/contacts/${id}`, { token: token.admin })).status).toBe(200);
    expect(await pushedSoFar()).toEqual([
      { tenantId: acme.tenantId, assignedTo: acme.sales[0].id, event: 'deal:update', payload: { contactId: id, before: { status: 'new', amount: 900 }, after: null, card: null } },
    ]);
    const lead = (await t.api.post('/contacts', { name: 'Only a lead', phone: '01011110005' }, { token: token.admin })).body.data._id;
    await forgetPushes();
    await t.api.delete(`/contacts/${lead}`, { token: token.admin });
    expect(await pushedSoFar()).toEqual([]);
  });
});
