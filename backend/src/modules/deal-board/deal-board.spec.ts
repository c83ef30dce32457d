import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { addLead } from '../../../test/crm-fixtures.js';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import { pipelineStatusChanges } from '../contacts/pipeline-history.table.js';

const DAY = 86_400_000;
let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
const token = { admin: '', rep1: '', rep2: '', globexAdmin: '' };
let phone = 201000000000;
const ids: Record<string, string> = {};

/** Deals written straight in (a page's worth and more), one minute apart so "newest first" is known. */
async function seedDeals(tenantId: string, rows: { name: string; status: string; amount: number; assignedTo: string | null }[]) {
  const start = t.clock.now().getTime() - 10 * DAY;
  const inserted = await t.db.platform((tx) =>
    t.app.get(ContactsRepository).insertMany(
      tx,
      rows.map((r, i) => ({
        tenantId,
        name: r.name,
        phone: `+${phone++}`,
        stage: 'sales',
        pipelineStatus: r.status,
        dealAmount: r.amount,
        assignedTo: r.assignedTo,
        createdAt: new Date(start + i * 60_000),
      })),
    ),
  );
  inserted.forEach((row, i) => (ids[rows[i].name] = row.id));
}

const board = async (tok: string, query = '') => (await t.api.get(`/deals/board?${query}`, { token: tok })).body.data;
const columnOf = (data: any, status: string) => data.columns.find((c: { status: string }) => c.status === status);
const changes = (contactId: string) =>
  t.db.platform((tx) =>
    tx
      .select()
      .from(pipelineStatusChanges)
      .where(and(eq(pipelineStatusChanges.contactId, contactId))),
  );

/** Moves the clock, signing everyone in again (a session idle that long has ended). */
async function travelTo(iso: string) {
  t.clock.set(new Date(iso));
  token.admin = await signIn(t, acme.admin.email);
  token.rep1 = await signIn(t, acme.sales[0].email);
  token.rep2 = await signIn(t, acme.sales[1].email);
  token.globexAdmin = await signIn(t, globex.admin.email);
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-03-09T10:00:00Z'));
  acme = await seedCompany(t, 'acme', { sales: 2 });
  globex = await seedCompany(t, 'globex', { sales: 1 });
  await travelTo('2026-03-09T10:00:00Z');
  const rep1 = acme.sales[0].id;
  const rep2 = acme.sales[1].id;
  await seedDeals(acme.tenantId, [
    ...Array.from({ length: 25 }, (_, i) => ({ name: `New ${i + 1}`, status: 'new', amount: 100, assignedTo: rep1 })),
    ...Array.from({ length: 3 }, (_, i) => ({ name: `Won ${i + 1}`, status: 'won', amount: 1000, assignedTo: rep1 })),
    { name: 'Rep2 A', status: 'new', amount: 50, assignedTo: rep2 },
    { name: 'Rep2 B', status: 'proposal', amount: 70.5, assignedTo: rep2 },
  ]);
  await seedDeals(globex.tenantId, [{ name: 'Globex deal', status: 'new', amount: 999, assignedTo: globex.sales[0].id }]);
}, 60_000);
afterAll(() => t?.close());

describe('the board', () => {
  it('heads every column with its count and total over the whole filter, not the loaded page', async () => {
    const data = await board(token.admin, 'limit=10');
    expect(data.columns.map((c: { status: string }) => c.status)).toEqual(['new', 'contacted', 'qualified', 'proposal', 'negotiation', 'won', 'lost']);
    expect(columnOf(data, 'new')).toMatchObject({ count: 26, amount: 2550, page: 1, hasMore: true });
    expect(columnOf(data, 'new').items).toHaveLength(10);
    expect(columnOf(data, 'won')).toMatchObject({ count: 3, amount: 3000, hasMore: false });
    expect(columnOf(data, 'proposal')).toMatchObject({ count: 1, amount: 70.5 });
    expect(columnOf(data, 'lost')).toMatchObject({ count: 0, amount: 0, items: [], hasMore: false });
    // newest first
    expect(columnOf(data, 'new').items[0].name).toBe('Rep2 A');
    expect(columnOf(data, 'new').items[1].name).toBe('New 25');
    // the counting path (a search) agrees with the running totals
    const searched = await board(token.admin, 'limit=10&q=New');
    expect(columnOf(searched, 'new')).toMatchObject({ count: 25, amount: 2500, hasMore: true });
    expect(columnOf(searched, 'won')).toMatchObject({ count: 0, amount: 0 });
    const dated = await board(token.admin, 'limit=10&from=2000-01-01');
    expect(dated.columns.map((c: any) => [c.count, c.amount])).toEqual(data.columns.map((c: any) => [c.count, c.amount]));
  });

  it('pages one column newest first, with its totals', async () => {
    const page3 = (await t.api.get('/deals/board/new?limit=10&page=3', { token: token.admin })).body.data;
    expect(page3).toMatchObject({ status: 'new', count: 26, amount: 2550, page: 3, hasMore: false });
    expect(page3.items.map((c: { name: string }) => c.name)).toEqual(['New 6', 'New 5', 'New 4', 'New 3', 'New 2', 'New 1']);
    const bad = await t.api.get('/deals/board/closed', { token: token.admin });
    expect(bad.status).toBe(400);
  });

  it('shows a card with its amount, products, assignee and days in status', async () => {
    const card = columnOf(await board(token.admin), 'won').items[0];
    expect(card).toMatchObject({
      name: 'Won 3',
      amount: 1000,
      status: 'won',
      products: [],
      assignedTo: { _id: acme.sales[0].id, name: acme.sales[0].name },
      stale: false,
    });
    // never moved: in its status since it was created (10 days ago, plus its minutes)
    expect(card.daysInStatus).toBe(9);
  });

  it('shows a sales rep only their own deals, with their own totals', async () => {
    const data = await board(token.rep2);
    expect(columnOf(data, 'new')).toMatchObject({ count: 1, amount: 50 });
    expect(columnOf(data, 'new').items.map((c: { name: string }) => c.name)).toEqual(['Rep2 A']);
    expect(columnOf(data, 'won').count).toBe(0);
    const rep1 = await board(token.rep1);
    expect(columnOf(rep1, 'new').count).toBe(25);
  });
});

describe('moving a deal', () => {
  it('saves the new status and records who moved it and when', async () => {
    await travelTo('2026-03-10T08:00:00Z');
    const res = await t.api.patch(`/deals/${ids['New 1']}/status`, { status: 'contacted' }, { token: token.rep1 });
    expect(res.status).toBe(200);
    expect(res.body.data.salesData.pipeline_status).toBe('contacted');
    expect(await changes(ids['New 1'])).toMatchObject([{ fromStatus: 'new', toStatus: 'contacted', changedBy: acme.sales[0].id, changedAt: new Date('2026-03-10T08:00:00Z'), lostReason: null }]);
    const contacted = columnOf(await board(token.rep1), 'contacted');
    expect(contacted).toMatchObject({ count: 1, amount: 100 });
    expect(contacted.items[0]).toMatchObject({ name: 'New 1', enteredStatusAt: '2026-03-10T08:00:00.000Z', daysInStatus: 0 });
    expect(columnOf(await board(token.rep1), 'new').count).toBe(24);
  });

  it('needs a reason to move a deal to lost, and keeps it', async () => {
    const refused = await t.api.patch(`/deals/${ids['New 2']}/status`, { status: 'lost', lostReason: '   ' }, { token: token.rep1 });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('deal.lost_reason_required');
    expect((await t.api.get(`/contacts/${ids['New 2']}`, { token: token.rep1 })).body.data.salesData.pipeline_status).toBe('new');
    expect(await changes(ids['New 2'])).toEqual([]);
    const res = await t.api.patch(`/deals/${ids['New 2']}/status`, { status: 'lost', lostReason: 'Too expensive' }, { token: token.rep1 });
    expect(res.status).toBe(200);
    expect(await changes(ids['New 2'])).toMatchObject([{ toStatus: 'lost', lostReason: 'Too expensive' }]);
  });

  it("refuses a sales rep who moves another rep's deal, and changes nothing", async () => {
    const res = await t.api.patch(`/deals/${ids['New 3']}/status`, { status: 'qualified' }, { token: token.rep2 });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('contact.assigned_elsewhere');
    expect((await t.api.get(`/contacts/${ids['New 3']}`, { token: token.admin })).body.data.salesData.pipeline_status).toBe('new');
    expect(await changes(ids['New 3'])).toEqual([]);
    // an admin moves anyone's deal
    expect((await t.api.patch(`/deals/${ids['New 3']}/status`, { status: 'qualified' }, { token: token.admin })).status).toBe(200);
  });

  it("takes a won deal's products out of stock, as the profile does, and shows them on the card", async () => {
    const product = (await t.api.post('/products', { name: 'Linen Shirt', sku: 'LIN-01', price: 300, stockQty: 10 }, { token: token.admin })).body.data;
    const saved = await t.api.patch(`/contacts/${ids['New 5']}`, { products: [{ productId: product._id, qty: 3 }] }, { token: token.rep1 });
    expect(saved.status).toBe(200);
    const res = await t.api.patch(`/deals/${ids['New 5']}/status`, { status: 'won' }, { token: token.rep1 });
    expect(res.status).toBe(200);
    expect((await t.api.get(`/products/${product._id}`, { token: token.admin })).body.data.stockQty).toBe(7);
    const won = columnOf(await board(token.rep1), 'won').items.find((c: { name: string }) => c.name === 'New 5');
    expect(won).toMatchObject({ amount: 900, products: [{ name: 'Linen Shirt', qty: 3 }] });
  });

  it('moves only deals (a lead is not on the board)', async () => {
    const lead = await addLead(t, token.rep1, { name: 'Just a lead', phone: '01012345678' });
    const res = await t.api.patch(`/deals/${lead._id}/status`, { status: 'won' }, { token: token.rep1 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('deal.not_in_pipeline');
  });

  it('keeps companies apart: another company neither sees nor moves the deals', async () => {
    const data = await board(token.globexAdmin);
    expect(columnOf(data, 'new')).toMatchObject({ count: 1, amount: 999 });
    expect(columnOf(data, 'won').count).toBe(0);
    expect(data.columns.flatMap((c: any) => c.items.map((i: { name: string }) => i.name))).toEqual(['Globex deal']);
    const column = (await t.api.get('/deals/board/new?page=1', { token: token.globexAdmin })).body.data;
    expect(column.items.map((i: { name: string }) => i.name)).toEqual(['Globex deal']);
    const res = await t.api.patch(`/deals/${ids['New 4']}/status`, { status: 'won' }, { token: token.globexAdmin });
    expect(res.status).toBe(404);
    expect(await changes(ids['New 4'])).toEqual([]);
  });
});

describe('board settings', () => {
  it("marks a deal stale once it sits in a status longer than the company's threshold", async () => {
    const saved = await t.api.put('/deals/settings', { staleDays: { contacted: 3, won: null }, lostReasons: ['Too expensive', 'No answer', 'too expensive'] }, { token: token.admin });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ staleDays: { contacted: 3 }, lostReasons: ['Too expensive', 'No answer'] });
    const card = async () => columnOf(await board(token.rep1), 'contacted').items[0];
    // moved to contacted at 2026-03-10T08:00Z
    await travelTo('2026-03-13T08:00:00Z');
    expect(await card()).toMatchObject({ name: 'New 1', daysInStatus: 3, stale: false });
    t.clock.set(new Date('2026-03-13T08:01:00Z'));
    expect(await card()).toMatchObject({ daysInStatus: 3, stale: true });
    // no threshold: never stale
    expect(columnOf(await board(token.rep1), 'won').items[0]).toMatchObject({ stale: false });
    // every company user reads them (the lost dialog lists the reasons)
    expect((await t.api.get('/deals/settings', { token: token.rep1 })).body.data.lostReasons).toEqual(['Too expensive', 'No answer']);
  });

  it('lets only admins change them, and checks the values', async () => {
    const rep = await t.api.put('/deals/settings', { staleDays: {}, lostReasons: [] }, { token: token.rep1 });
    expect(rep.status).toBe(403);
    const bad = await t.api.put('/deals/settings', { staleDays: { contacted: 0 }, lostReasons: [] }, { token: token.admin });
    expect(bad.status).toBe(400);
    const unknown = await t.api.put('/deals/settings', { staleDays: { closed: 3 }, lostReasons: [] }, { token: token.admin });
    expect(unknown.status).toBe(400);
    // another company's settings are its own: it reads none of these, and its save leaves them alone
    expect((await t.api.get('/deals/settings', { token: token.globexAdmin })).body.data).toEqual({ staleDays: {}, lostReasons: [] });
    expect((await t.api.put('/deals/settings', { staleDays: { new: 1 }, lostReasons: ['Globex reason'] }, { token: token.globexAdmin })).status).toBe(200);
    expect((await t.api.get('/deals/settings', { token: token.admin })).body.data).toEqual({ staleDays: { contacted: 3 }, lostReasons: ['Too expensive', 'No answer'] });
    expect(columnOf(await board(token.admin), 'new').items.some((c: { stale: boolean }) => c.stale)).toBe(false);
  });
});
