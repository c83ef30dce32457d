import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { addLead, expectTotalsMatchCounts, moveTo, seedProducts, setLeadDistribution, seedShippingCompanies } from '../../../test/crm-fixtures.js';
import { UsersRepository } from '../users/users.repository.js';
import { users } from '../users/users.table.js';
import { eq, sql } from 'drizzle-orm';
import { conversionRate, winRate } from '@crm/common';
import { importAndWait } from '../../../test/imports.js';

let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
const token = { admin: '', sales1: '', sales2: '', globexAdmin: '', globexSales: '' };
let products: { id: string; name: string; sku: string; price: number }[];
let couriers: { id: string; name: string }[];
let globexProduct: { id: string };
let globexCourier: { id: string };

const DAY = 86_400_000;
/** 10:00 Cairo on 2026-03-10 */
const BASE = new Date('2026-03-10T08:00:00Z');
const at = (iso: string) => t.clock.set(new Date(iso));

beforeAll(async () => {
  t = await startTestApp({ env: { SESSION_IDLE_MINUTES: '10000000', SESSION_MAX_HOURS: '1000000' } });
  t.clock.set(BASE);
  acme = await seedCompany(t, 'acme');
  globex = await seedCompany(t, 'globex', { sales: 1 });
  token.admin = await signIn(t, acme.admin.email);
  token.sales1 = await signIn(t, acme.sales[0].email);
  token.sales2 = await signIn(t, acme.sales[1].email);
  token.globexAdmin = await signIn(t, globex.admin.email);
  token.globexSales = await signIn(t, globex.sales[0].email);
  // leads an admin adds without choosing an assignee stay unassigned here, as in a company that
  // distributes by hand; the round-robin distribution is covered by contact-creation.spec.ts
  await setLeadDistribution(t, token.admin, 'manual');
  await setLeadDistribution(t, token.globexAdmin, 'manual');
  products = await seedProducts(t, acme.tenantId, [
    { name: 'Cotton Galabeya', sku: 'GAL-001', price: 450 },
    { name: 'Oud Perfume 50ml', sku: 'PRF-050', price: 1200 },
    { name: 'Leather Sandals', sku: 'SND-042', price: 380.5 },
  ]);
  couriers = await seedShippingCompanies(t, acme.tenantId, ['Bosta', 'Aramex']);
  [globexProduct] = await seedProducts(t, globex.tenantId, [{ name: 'Globex Widget', sku: 'GLX-1', price: 10 }]);
  [globexCourier] = await seedShippingCompanies(t, globex.tenantId, ['Mylerz']);
});
afterAll(() => t?.close());

describe('POST /contacts', () => {
  it('adds a lead with the phone in E.164, unassigned when an admin adds it and the company distributes by hand', async () => {
    const res = await t.api.post('/contacts', { name: ' Ahmed Hassan ', phone: '0100 123 4567', email: 'Ahmed@Nile.test', address: 'Nasr City', notes: 'Wants a galabeya' }, { token: token.admin });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      tenantId: acme.tenantId,
      name: 'Ahmed Hassan',
      phone: '+201001234567',
      email: 'ahmed@nile.test',
      address: 'Nasr City',
      notes: 'Wants a galabeya',
      stage: 'lead',
      assignedTo: null,
      source: 'manual',
      isArchived: false,
      hasActiveFollowUp: false,
      products: [],
      stageHistory: [{ _id: expect.any(String), from: null, to: 'lead', timestamp: BASE.toISOString(), changedBy: { _id: acme.admin.id, name: acme.admin.name } }],
      salesData: {
        pipeline_status: null,
        amount: null,
        amountManual: false,
        probability: null,
        shippingDetails: { company: null, trackingNumber: null, cost: null, status: null, address: { governorate: null, city: null, street: null } },
      },
    });
    expect(res.body.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.createdAt).toBe(BASE.toISOString());
  });

  it("a sales user's lead is assigned to them, whatever the body says", async () => {
    const lead = await addLead(t, token.sales1, { name: 'Mona Adel', phone: '01112223344', assignedTo: acme.sales[1].id });
    expect(lead.assignedTo).toEqual({ _id: acme.sales[0].id, name: acme.sales[0].name });
  });

  it('an admin may assign at once, to an active sales user only', async () => {
    const lead = await addLead(t, token.admin, { name: 'Karim', phone: '01223334400', assignedTo: acme.sales[1].id });
    expect(lead.assignedTo).toEqual({ _id: acme.sales[1].id, name: acme.sales[1].name });
    for (const assignedTo of [acme.admin.id, globex.sales[0].id]) {
      const res = await t.api.post('/contacts', { name: 'X', phone: '01223334401', assignedTo }, { token: token.admin });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Choose an active sales user of your company.', field: 'assignedTo' });
    }
  });

  it('requires name and phone and checks the email and phone formats', async () => {
    const noName = await t.api.post('/contacts', { phone: '01000000001' }, { token: token.admin });
    expect(noName.status).toBe(400);
    expect(noName.body.field).toBe('name');
    const blankName = await t.api.post('/contacts', { name: '  ', phone: '01000000001' }, { token: token.admin });
    expect(blankName.body).toMatchObject({ error: 'Name is required', field: 'name' });
    const noPhone = await t.api.post('/contacts', { name: 'A' }, { token: token.admin });
    expect(noPhone.body.field).toBe('phone');
    const badEmail = await t.api.post('/contacts', { name: 'A', phone: '01000000001', email: 'not-mail' }, { token: token.admin });
    expect(badEmail.body).toMatchObject({ error: 'Email must be a valid email address', field: 'email' });
    const badPhone = await t.api.post('/contacts', { name: 'A', phone: '12' }, { token: token.admin });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body).toMatchObject({ error: '"12" is not a valid phone number', field: 'phone' });
  });

  it('a phone is unique in the company: a duplicate in any spelling names the existing contact', async () => {
    for (const phone of ['+20 100 123 4567', '00201001234567', '٠١٠٠١٢٣٤٥٦٧']) {
      const res = await t.api.post('/contacts', { name: 'Again', phone }, { token: token.admin });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        ok: false,
        error: 'A contact with this phone number already exists: Ahmed Hassan (+201001234567).',
        code: 'contact.phone_taken',
        params: { contactId: expect.any(String), label: 'Ahmed Hassan (+201001234567)' },
        field: 'phone',
      });
    }
  });

  it('a sales user is told the phone is taken without seeing a contact that is not theirs', async () => {
    const res = await t.api.post('/contacts', { name: 'Again', phone: '01001234567' }, { token: token.sales2 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('A contact with this phone number already exists (not assigned to anyone yet).');
    const mona = await t.api.post('/contacts', { name: 'Again', phone: '01112223344' }, { token: token.sales2 });
    expect(mona.body.error).toBe(`A contact with this phone number already exists (assigned to ${acme.sales[0].name}).`);
  });

  it('the same phone may exist in another company', async () => {
    const res = await t.api.post('/contacts', { name: 'Other company', phone: '01001234567' }, { token: token.globexAdmin });
    expect(res.status).toBe(201);
    expect(res.body.data.tenantId).toBe(globex.tenantId);
  });
});

describe('GET /contacts: filters, sorting, paging', () => {
  const ids: Record<string, string> = {};
  let tenantTotal = 0;

  beforeAll(async () => {
    // a company of its own so the counts are exact
    const nile = await seedCompany(t, 'nile');
    const admin = await signIn(t, nile.admin.email);
    const sales = await signIn(t, nile.sales[0].email);
    await setLeadDistribution(t, admin, 'manual');
    const [gal, perfume] = await seedProducts(t, nile.tenantId, [
      { name: 'Galabeya', sku: 'G1', price: 400 },
      { name: 'Perfume', sku: 'P1', price: 1000 },
    ]);
    Object.assign(ids, { nileTenant: nile.tenantId, sales1: nile.sales[0].id, sales2: nile.sales[1].id, gal: gal.id, perfume: perfume.id });
    Object.assign(token, { nileAdmin: admin, nileSales: sales });
    // created at 23:30 Cairo on 1 March (21:30 UTC): belongs to 1 March in Cairo, not 2 March
    at('2026-03-01T21:30:00Z');
    ids.ahmed = (await addLead(t, admin, { name: 'Ahmed Hassan', phone: '01001112233', email: 'ahmed@nile.test' }))._id;
    at('2026-03-03T10:00:00Z');
    ids.mona = (await addLead(t, sales, { name: 'mona adel', phone: '01112223344' }))._id;
    at('2026-03-05T10:00:00Z');
    ids.karim = (await addLead(t, admin, { name: 'Karim Fathy', phone: '01223334455', email: 'karim@shop.test', assignedTo: nile.sales[1].id }))._id;
    await moveTo(t, admin, ids.karim, 'customer');
    at('2026-03-06T10:00:00Z');
    ids.salma = (await addLead(t, sales, { name: 'Salma Nabil', phone: '01554445566' }))._id;
    await moveTo(t, admin, ids.salma, 'sales');
    await t.api.patch(`/contacts/${ids.salma}`, { salesData: { pipeline_status: 'won' }, products: [{ productId: gal.id, qty: 2 }] }, { token: admin });
    at('2026-03-07T10:00:00Z');
    ids.youssef = (await addLead(t, admin, { name: 'Youssef Ali', phone: '01098765432' }))._id;
    await moveTo(t, admin, ids.youssef, 'sales');
    await t.api.patch(`/contacts/${ids.youssef}`, { salesData: { pipeline_status: 'lost' }, products: [{ productId: perfume.id, qty: 1 }] }, { token: admin });
    at('2026-03-08T10:00:00Z');
    ids.nour = (await addLead(t, admin, { name: 'Nour Samir', phone: '01099990000' }))._id;
    await moveTo(t, admin, ids.nour, 'sales'); // status new, no products, amount set by hand
    await t.api.patch(`/contacts/${ids.nour}`, { salesData: { amount: 300 } }, { token: admin });
    at('2026-03-09T10:00:00Z');
    ids.old = (await addLead(t, admin, { name: 'Archived Lead', phone: '01011110000' }))._id;
    await t.api.patch(`/contacts/${ids.old}`, { isArchived: true }, { token: admin });
    tenantTotal = 7;
    t.clock.set(BASE);
  });

  const list = async (query: string, as = 'nileAdmin') => {
    const res = await t.api.get(`/contacts${query}`, { token: (token as Record<string, string>)[as] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { items: { _id: string; name: string }[]; total: number; totals?: any };
  };
  const names = (d: { items: { name: string }[] }) => d.items.map((i) => i.name);

  it('lists every contact of the company, newest first, with total', async () => {
    const d = await list('');
    expect(d.total).toBe(tenantTotal);
    expect(names(d)).toEqual(['Archived Lead', 'Nour Samir', 'Youssef Ali', 'Salma Nabil', 'Karim Fathy', 'mona adel', 'Ahmed Hassan']);
    expect(d.totals).toBeUndefined();
    expect(d.items[0]).not.toHaveProperty('stageHistory');
  });

  it('filters by stage and archive flag', async () => {
    expect(names(await list('?stage=lead'))).toEqual(['Archived Lead', 'mona adel', 'Ahmed Hassan']);
    expect(names(await list('?stage=lead&isArchived=false'))).toEqual(['mona adel', 'Ahmed Hassan']);
    expect(names(await list('?isArchived=true'))).toEqual(['Archived Lead']);
    expect(names(await list('?stage=customer&isArchived=false'))).toEqual(['Karim Fathy']);
    expect((await list('?stage=sales')).total).toBe(3);
  });

  it('searches name, email and phone, case-insensitively, in any phone spelling', async () => {
    expect(names(await list('?q=MONA'))).toEqual(['mona adel']);
    expect(names(await list('?q=shop.test'))).toEqual(['Karim Fathy']);
    expect(names(await list('?q=0100 111'))).toEqual(['Ahmed Hassan']);
    expect(names(await list('?q=%2B20100111'))).toEqual(['Ahmed Hassan']);
    expect(names(await list('?q=' + encodeURIComponent('٠١٥٥٤')))).toEqual(['Salma Nabil']);
    expect(names(await list('?q=010'))).toEqual(['Archived Lead', 'Nour Samir', 'Youssef Ali', 'Ahmed Hassan']);
    // letters in the query: a name search, not a phone search (no phone contains "Mona 010")
    expect(names(await list('?q=' + encodeURIComponent('Mona 010')))).toEqual([]);
    expect(names(await list('?q=010&stage=sales&sortBy=name&order=asc'))).toEqual(['Nour Samir', 'Youssef Ali']);
    const page2 = await list('?q=010&limit=2&page=2');
    expect([page2.total, names(page2)]).toEqual([4, ['Youssef Ali', 'Ahmed Hassan']]);
    const page3 = await list('?q=010&limit=2&page=3');
    expect([page3.total, names(page3)]).toEqual([4, []]);
    expect(names(await list(`?q=salma&productId=${ids.gal}&assignedTo=${ids.sales1}`))).toEqual(['Salma Nabil']);
    expect(names(await list('?q=nabil', 'nileSales'))).toEqual(['Salma Nabil']);
    expect((await list('?q=%25')).total).toBe(0); // a typed % is literal
    expect((await list('?q=nobody')).total).toBe(0);
  });

  it('from and to are whole days in Cairo time, both inclusive', async () => {
    expect(names(await list('?from=2026-03-01&to=2026-03-01'))).toEqual(['Ahmed Hassan']);
    expect(names(await list('?from=2026-03-02&to=2026-03-03'))).toEqual(['mona adel']);
    // in Tokyo (UTC+9) it was already 2 March
    expect(names(await list('?from=2026-03-01&to=2026-03-01&tz=Asia/Tokyo'))).toEqual([]);
    expect(names(await list('?from=2026-03-02&to=2026-03-02&tz=Asia/Tokyo'))).toEqual(['Ahmed Hassan']);
    expect((await t.api.get('/contacts?tz=Mars/Base', { token: (token as any).nileAdmin })).body.error).toBe('tz must be an IANA time zone such as Africa/Cairo');
    expect((await list('?from=2026-03-06')).total).toBe(4);
    expect((await list('?to=2026-03-05')).total).toBe(3);
    const reversed = await t.api.get('/contacts?from=2026-03-09&to=2026-03-01', { token: (token as any).nileAdmin });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ error: 'From date must be on or before To date', field: 'from' });
    const bad = await t.api.get('/contacts?from=01/03/2026', { token: (token as any).nileAdmin });
    expect(bad.body).toMatchObject({ error: 'Dates must be written YYYY-MM-DD', field: 'from' });
  });

  it('filters by assignee or unassigned', async () => {
    expect(names(await list(`?assignedTo=${ids.sales1}`))).toEqual(['Salma Nabil', 'mona adel']);
    expect(names(await list(`?assignedTo=${ids.sales2}`))).toEqual(['Karim Fathy']);
    expect(names(await list('?assignedTo=unassigned&isArchived=false'))).toEqual(['Nour Samir', 'Youssef Ali', 'Ahmed Hassan']);
    expect((await t.api.get('/contacts?assignedTo=someone', { token: (token as any).nileAdmin })).body.error).toBe("assignedTo must be a user id or 'unassigned'");
  });

  it('filters deals by pipeline status (no status counts as new) and by product', async () => {
    expect(names(await list('?stage=sales&pipeline_status=won'))).toEqual(['Salma Nabil']);
    expect(names(await list('?stage=sales&pipeline_status=new'))).toEqual(['Nour Samir']);
    expect(names(await list(`?productId=${ids.perfume}`))).toEqual(['Youssef Ali']);
    expect(names(await list(`?stage=sales&productId=${ids.gal}&pipeline_status=won`))).toEqual(['Salma Nabil']);
    expect((await t.api.get('/contacts?pipeline_status=done', { token: (token as any).nileAdmin })).status).toBe(400);
  });

  it('sorts by name, amount, updatedAt and createdAt either way', async () => {
    expect(names(await list('?stage=sales&sortBy=amount&order=desc'))).toEqual(['Youssef Ali', 'Salma Nabil', 'Nour Samir']);
    expect(names(await list('?stage=sales&sortBy=amount&order=asc'))).toEqual(['Nour Samir', 'Salma Nabil', 'Youssef Ali']);
    expect(names(await list('?isArchived=false&sortBy=name&order=asc'))).toEqual(
      ['Ahmed Hassan', 'Karim Fathy', 'mona adel', 'Nour Samir', 'Salma Nabil', 'Youssef Ali'].sort((a, b) => a.localeCompare(b)),
    );
    expect(names(await list('?sortBy=createdAt&order=asc&limit=2'))).toEqual(['Ahmed Hassan', 'mona adel']);
    await t.api.patch(`/contacts/${ids.mona}`, { notes: 'touched last' }, { token: (token as any).nileAdmin });
    expect(names(await list('?sortBy=updatedAt&order=desc&limit=1'))).toEqual(['mona adel']);
    expect((await t.api.get('/contacts?sortBy=phone', { token: (token as any).nileAdmin })).status).toBe(400);
  });

  it('pages with page and limit; total is the whole filtered count', async () => {
    const p1 = await list('?limit=3&page=1');
    const p2 = await list('?limit=3&page=2');
    const p3 = await list('?limit=3&page=3');
    const p4 = await list('?limit=3&page=4');
    expect([p1.total, p2.total, p3.total, p4.total]).toEqual([7, 7, 7, 7]);
    expect([...names(p1), ...names(p2), ...names(p3)]).toEqual(names(await list('')));
    expect(p4.items).toEqual([]);
    const tooMany = await t.api.get('/contacts?limit=501', { token: (token as any).nileAdmin });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: 'limit must be at most 500', field: 'limit' });
    expect((await t.api.get('/contacts?page=0', { token: (token as any).nileAdmin })).status).toBe(400);
    expect((await t.api.get('/contacts?page=two', { token: (token as any).nileAdmin })).body.error).toBe('page must be a number');
  });

  it("withTotals gives the pipeline screen's figures over the whole filtered set, not the page", async () => {
    const d = await list('?stage=sales&limit=1&withTotals=true');
    expect(d.items).toHaveLength(1);
    expect(d.total).toBe(3);
    expect(d.totals).toEqual({
      count: 3,
      amount: 2100,
      byStatus: [
        { status: 'new', count: 1, amount: 300 },
        { status: 'contacted', count: 0, amount: 0 },
        { status: 'qualified', count: 0, amount: 0 },
        { status: 'proposal', count: 0, amount: 0 },
        { status: 'negotiation', count: 0, amount: 0 },
        { status: 'won', count: 1, amount: 800 },
        { status: 'lost', count: 1, amount: 1000 },
      ],
      won: { count: 1, amount: 800 },
      conversionRate: 33,
      averageDeal: 700,
    });
    const filtered = await list(`?stage=sales&withTotals=true&productId=${ids.gal}`);
    expect(filtered.totals).toMatchObject({ count: 1, amount: 800, conversionRate: 100, averageDeal: 800 });
  });

  it('list items carry assignee, products with their product and the deal', async () => {
    const d = await list('?q=salma');
    expect(d.items[0]).toMatchObject({
      name: 'Salma Nabil',
      stage: 'sales',
      assignedTo: { _id: ids.sales1 },
      products: [{ productId: { _id: ids.gal, name: 'Galabeya', sku: 'G1', price: 400 }, qty: 2, price: 400 }],
      salesData: { pipeline_status: 'won', amount: 800, amountManual: false },
    });
  });

  it('a sales user lists, searches and counts only their own contacts', async () => {
    const d = await list('?withTotals=true', 'nileSales');
    expect(names(d)).toEqual(['Salma Nabil', 'mona adel']);
    expect(d.total).toBe(2);
    expect(d.totals.count).toBe(2);
    expect((await list('?q=karim', 'nileSales')).total).toBe(0);
    expect((await list(`?assignedTo=${ids.sales2}`, 'nileSales')).total).toBe(0);
    expect((await list('?assignedTo=unassigned', 'nileSales')).total).toBe(0);
  });

  it('stats: the period’s leads, customers, deals, sales revenue (won deals only), conversion rate (won ÷ contacts)', async () => {
    const all = await t.api.get('/contacts/stats', { token: (token as any).nileAdmin });
    expect(all.body.data).toEqual({ leads: 3, customers: 1, sales: 3, salesAmount: 800, conversionRate: 14.29 });
    const march6to8 = await t.api.get('/contacts/stats?from=2026-03-06&to=2026-03-08', { token: (token as any).nileAdmin });
    expect(march6to8.body.data).toEqual({ leads: 0, customers: 0, sales: 3, salesAmount: 800, conversionRate: 33.33 });
    const empty = await t.api.get('/contacts/stats?from=2020-01-01&to=2020-01-31', { token: (token as any).nileAdmin });
    expect(empty.body.data).toEqual({ leads: 0, customers: 0, sales: 0, salesAmount: 0, conversionRate: 0 });
    const mine = await t.api.get('/contacts/stats', { token: (token as any).nileSales });
    expect(mine.body.data).toEqual({ leads: 1, customers: 0, sales: 1, salesAmount: 800, conversionRate: 50 });
    expect((await t.api.get('/contacts/stats?from=yesterday', { token: (token as any).nileAdmin })).status).toBe(400);
  });

  it("the dashboard's figures agree with the pipeline's on the same data (one definition, rules/kpis.ts)", async () => {
    for (const [who, range] of [
      ['nileAdmin', ''],
      ['nileAdmin', 'from=2026-03-06&to=2026-03-08'],
      ['nileSales', ''],
    ] as const) {
      const stats = (await t.api.get(`/contacts/stats?${range}`, { token: (token as any)[who] })).body.data;
      const pipeline = await list(`?stage=sales&withTotals=true&limit=1${range ? '&' + range : ''}`, who);
      // Sales Deals = the pipeline's Total Deals; Sales Amount = the pipeline's Won value
      expect(stats.sales).toBe(pipeline.totals.count);
      expect(stats.salesAmount).toBe(pipeline.totals.won.amount);
      // both rates count the same won deals, over contacts (dashboard) or over deals (pipeline's win rate)
      const contacts = (await list(`?limit=1${range ? '&' + range : ''}`, who)).total;
      expect(stats.conversionRate).toBe(conversionRate(pipeline.totals.won.count, contacts));
      expect(pipeline.totals.conversionRate).toBe(winRate(pipeline.totals.won.count, pipeline.totals.count));
    }
  });
});

describe('GET /contacts/:id', () => {
  it('returns the contact with the last 5 stage changes, newest first, and who made them', async () => {
    const lead = await addLead(t, token.admin, { name: 'History', phone: '01234567800', assignedTo: acme.sales[0].id });
    const moves = ['customer', 'lead', 'customer', 'sales', 'lead', 'customer'];
    for (const [i, stage] of moves.entries()) {
      t.clock.set(new Date(BASE.getTime() + (i + 1) * 60_000));
      const res = await t.api.patch(`/contacts/${lead._id}/stage`, { stage }, { token: i % 2 ? token.admin : token.sales1 });
      expect(res.status, res.body.error).toBe(200);
    }
    t.clock.set(BASE);
    const res = await t.api.get(`/contacts/${lead._id}`, { token: token.admin });
    expect(res.status).toBe(200);
    const history = res.body.data.stageHistory;
    expect(history).toHaveLength(5);
    expect(history.map((h: { from: string; to: string }) => `${h.from}→${h.to}`)).toEqual(['lead→customer', 'sales→lead', 'customer→sales', 'lead→customer', 'customer→lead']);
    expect(history[0]).toMatchObject({ timestamp: new Date(BASE.getTime() + 6 * 60_000).toISOString(), changedBy: { _id: acme.admin.id, name: acme.admin.name } });
    expect(history[1].changedBy).toEqual({ _id: acme.sales[0].id, name: acme.sales[0].name });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await t.api.get('/contacts/0190a000-0000-7000-8000-000000000000', { token: token.admin })).status).toBe(404);
    const bad = await t.api.get('/contacts/not-an-id', { token: token.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('id: Invalid id');
  });
});

describe('PATCH /contacts/:id', () => {
  let id: string;
  beforeAll(async () => {
    const lead = await addLead(t, token.admin, { name: 'Deal Maker', phone: '01555000111', assignedTo: acme.sales[0].id });
    id = lead._id;
    await moveTo(t, token.admin, id, 'sales');
  });
  const patch = (body: unknown, as = token.admin) => t.api.patch(`/contacts/${id}`, body, { token: as });

  it('saves the contact details; the phone is read-only and ignored', async () => {
    const res = await patch({ name: 'Deal Maker Jr', email: 'DEAL@maker.test', address: '12 Tahrir St', notes: 'VIP', phone: '01000000000', stage: 'lead' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Deal Maker Jr', email: 'deal@maker.test', address: '12 Tahrir St', notes: 'VIP', phone: '+201555000111', stage: 'sales' });
    const cleared = await patch({ email: '', notes: '' });
    expect(cleared.body.data).toMatchObject({ email: null, notes: null, address: '12 Tahrir St' });
    expect((await patch({ name: '' })).body).toMatchObject({ error: 'Name cannot be empty', field: 'name' });
    expect((await patch({ email: 'nope' })).body.field).toBe('email');
  });

  it('moving to sales starts the deal as new', async () => {
    const res = await t.api.get(`/contacts/${id}`, { token: token.admin });
    expect(res.body.data.salesData.pipeline_status).toBe('new');
  });

  it('the amount follows the products (price × qty, qty 1 by default, price from the product when omitted)', async () => {
    const res = await patch({
      products: [
        { productId: products[0].id, qty: 2 },
        { productId: { _id: products[2].id, name: 'Leather Sandals' }, price: 350 },
      ],
    });
    expect(res.status, res.body.error).toBe(200);
    expect(res.body.data.products).toEqual([
      { productId: { _id: products[0].id, name: 'Cotton Galabeya', sku: 'GAL-001', price: 450 }, qty: 2, price: 450 },
      { productId: { _id: products[2].id, name: 'Leather Sandals', sku: 'SND-042', price: 380.5 }, qty: 1, price: 350 },
    ]);
    expect(res.body.data.salesData).toMatchObject({ amount: 1250, amountManual: false });
    const more = await patch({ products: [{ productId: products[1].id, qty: 3, price: 1200 }] });
    expect(more.body.data.salesData).toMatchObject({ amount: 3600, amountManual: false });
  });

  it('an amount sent equal to the computed one stays automatic', async () => {
    const res = await patch({ salesData: { amount: 3600 }, products: [{ productId: products[1].id, qty: 3, price: 1200 }] });
    expect(res.body.data.salesData).toMatchObject({ amount: 3600, amountManual: false });
  });

  it('an amount typed by hand is kept when the products change, until amountManual is false', async () => {
    const typed = await patch({ salesData: { amount: 3000 } });
    expect(typed.body.data.salesData).toMatchObject({ amount: 3000, amountManual: true });
    const moreProducts = await patch({ products: [{ productId: products[1].id, qty: 5 }] });
    expect(moreProducts.body.data.salesData).toMatchObject({ amount: 3000, amountManual: true });
    const flagged = await patch({ salesData: { amountManual: true, amount: 6000 } });
    expect(flagged.body.data.salesData).toMatchObject({ amount: 6000, amountManual: true });
    const back = await patch({ salesData: { amountManual: false } });
    expect(back.body.data.salesData).toMatchObject({ amount: 6000, amountManual: false }); // 5 × 1200
    const none = await patch({ products: [] });
    expect(none.body.data.salesData).toMatchObject({ amount: 0, amountManual: false });
    expect(none.body.data.products).toEqual([]);
  });

  it('saves the deal and the shipping details; the company is one of the list', async () => {
    const res = await patch({
      salesData: {
        pipeline_status: 'negotiation',
        probability: 70,
        shippingDetails: {
          company: couriers[0].id,
          trackingNumber: 'BST-778899',
          cost: 65,
          status: 'shipped',
          address: { governorate: 'Giza', city: 'Dokki', street: '5 Mossadak St' },
        },
      },
    });
    expect(res.status, res.body.error).toBe(200);
    expect(res.body.data.salesData).toMatchObject({
      pipeline_status: 'negotiation',
      probability: 70,
      shippingDetails: {
        company: { _id: couriers[0].id, name: 'Bosta' },
        trackingNumber: 'BST-778899',
        cost: 65,
        status: 'shipped',
        address: { governorate: 'Giza', city: 'Dokki', street: '5 Mossadak St' },
      },
    });
    // a partial shipping change keeps the rest; the company may be sent as an object
    const partial = await patch({ salesData: { shippingDetails: { company: { _id: couriers[1].id }, address: { city: 'Mohandessin' } } } });
    expect(partial.body.data.salesData.shippingDetails).toMatchObject({
      company: { _id: couriers[1].id, name: 'Aramex' },
      trackingNumber: 'BST-778899',
      address: { governorate: 'Giza', city: 'Mohandessin', street: '5 Mossadak St' },
    });
    const cleared = await patch({ salesData: { shippingDetails: { company: null } } });
    expect(cleared.body.data.salesData.shippingDetails.company).toBeNull();
  });

  it('refuses values outside the rules, naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ salesData: { probability: 101 } }, 'salesData.probability', 'Probability must be between 0 and 100'],
      [{ salesData: { probability: -1 } }, 'salesData.probability', 'Probability must be between 0 and 100'],
      [{ salesData: { pipeline_status: 'maybe' } }, 'salesData.pipeline_status', 'pipeline_status must be one of new, contacted, qualified, proposal, negotiation, won, lost'],
      [{ salesData: { amount: -5 } }, 'salesData.amount', 'Amount cannot be negative'],
      [{ salesData: { shippingDetails: { status: 'lost' } } }, 'salesData.shippingDetails.status', 'Shipping status must be one of pending, processing, shipped, delivered, returned, cancelled'],
      [{ products: [{ productId: products[0].id, qty: 0 }] }, 'products.0.qty', 'qty must be at least 1'],
      [{ products: [{ productId: '', qty: 1 }] }, 'products.0.productId', 'Choose a product for every product row'],
      [{ products: [{ productId: products[0].id, qty: 'two' }] }, 'products.0.qty', 'qty must be a number'],
      [{ salesData: { probability: 'high' } }, 'salesData.probability', 'Probability must be a number'],
      [{ salesData: { shippingDetails: { cost: 'free' } } }, 'salesData.shippingDetails.cost', 'Shipping cost must be a number'],
    ];
    for (const [body, field, error] of cases) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error, field });
    }
  });

  it("refuses another company's product or shipping company", async () => {
    const product = await patch({ products: [{ productId: products[0].id }, { productId: globexProduct.id }] });
    expect(product.status).toBe(400);
    expect(product.body).toMatchObject({ error: 'Product 2 was not found: choose it again from the list.', field: 'products.1.productId' });
    const courier = await patch({ salesData: { shippingDetails: { company: globexCourier.id } } });
    expect(courier.status).toBe(400);
    expect(courier.body.field).toBe('salesData.shippingDetails.company');
  });

  it('accepts numbers typed as text (form inputs)', async () => {
    const res = await patch({ salesData: { probability: '40', amount: '999.50' }, products: [{ productId: products[0].id, qty: '2', price: '450' }] });
    expect(res.status, res.body.error).toBe(200);
    expect(res.body.data.salesData).toMatchObject({ probability: 40, amount: 999.5, amountManual: true });
  });
});

describe('PATCH /contacts/:id/stage', () => {
  it('allows exactly lead→customer, customer→sales, customer→lead, sales→lead', async () => {
    const c = await addLead(t, token.admin, { name: 'Stages', phone: '01066660000' });
    const move = (stage: string) => t.api.patch(`/contacts/${c._id}/stage`, { stage }, { token: token.admin });
    const refused = await move('sales');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      ok: false,
      error: 'A contact cannot move from lead to sales. From lead it can only move to customer.',
      code: 'contact.stage_move_refused',
      params: { from: 'lead', to: 'sales' },
      field: 'stage',
    });
    expect((await move('lead')).body.error).toBe('This contact is already a lead.');
    expect((await move('customer')).body.data.stage).toBe('customer');
    expect((await move('lead')).body.data.stage).toBe('lead');
    await move('customer');
    expect((await move('sales')).body.data.stage).toBe('sales');
    expect((await move('customer')).status).toBe(409);
    expect((await move('sales')).body.error).toBe('This contact is already a sales deal.');
    const back = await move('lead');
    expect(back.body.data.stage).toBe('lead');
    expect(back.body.data.stageHistory).toHaveLength(5);
    expect((await move('vip')).body).toMatchObject({ error: 'Stage must be lead, customer or sales', field: 'stage' });
  });
});

describe('PUT /leads/assign-bulk', () => {
  let leadIds: string[];
  beforeAll(async () => {
    leadIds = [];
    for (let i = 0; i < 3; i++) leadIds.push((await addLead(t, token.admin, { name: `Bulk ${i}`, phone: `0102000000${i}` }))._id);
  });

  it('an admin assigns leads to a sales user and is told how many', async () => {
    const res = await t.api.put('/leads/assign-bulk', { leadIds, salesId: acme.sales[1].id }, { token: token.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ message: `3 leads assigned to ${acme.sales[1].name}`, assigned: 3 });
    for (const id of leadIds) {
      expect((await t.api.get(`/contacts/${id}`, { token: token.sales2 })).body.data.assignedTo._id).toBe(acme.sales[1].id);
    }
    const one = await t.api.put('/leads/assign-bulk', { leadIds: [leadIds[0], leadIds[0]], salesId: acme.sales[0].id }, { token: token.admin });
    expect(one.body.data.message).toBe(`1 lead assigned to ${acme.sales[0].name}`);
  });

  it('says what is missing in the words of the assign dialog', async () => {
    const none = await t.api.put('/leads/assign-bulk', { leadIds: [], salesId: acme.sales[0].id }, { token: token.admin });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('No leads selected.');
    const noSales = await t.api.put('/leads/assign-bulk', { leadIds }, { token: token.admin });
    expect(noSales.body).toMatchObject({ error: 'Please select a sales person.', field: 'salesId' });
  });

  it('assigns only to an active sales user of the company', async () => {
    for (const salesId of [acme.admin.id, globex.sales[0].id]) {
      const res = await t.api.put('/leads/assign-bulk', { leadIds, salesId }, { token: token.admin });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Choose an active sales user of your company.', field: 'salesId' });
    }
    const extra = await t.app.get(UsersRepository);
    const inactive = await t.db.platform(async (tx) => {
      const u = await extra.insert(tx, { tenantId: acme.tenantId, name: 'Gone', email: 'gone@acme.test', role: 'sales', passwordHash: 'x' });
      await tx.update(users).set({ isActive: false }).where(eq(users.id, u.id));
      return u;
    });
    expect((await t.api.put('/leads/assign-bulk', { leadIds, salesId: inactive.id }, { token: token.admin })).status).toBe(400);
  });

  it('assigns nothing when one id is unknown or belongs to another company', async () => {
    const foreign = await addLead(t, token.globexAdmin, { name: 'Foreign', phone: '01020009999' });
    for (const extraId of [foreign._id, '0190a000-0000-7000-8000-000000000001']) {
      const res = await t.api.put('/leads/assign-bulk', { leadIds: [leadIds[1], extraId], salesId: acme.sales[0].id }, { token: token.admin });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('1 of the selected leads was not found; nothing was assigned. Reload the list and try again.');
    }
    expect((await t.api.get(`/contacts/${leadIds[1]}`, { token: token.admin })).body.data.assignedTo._id).toBe(acme.sales[1].id);
    expect((await t.api.get(`/contacts/${foreign._id}`, { token: token.globexAdmin })).body.data.assignedTo).toBeNull();
  });

  it('sales users cannot assign', async () => {
    const res = await t.api.put('/leads/assign-bulk', { leadIds, salesId: acme.sales[0].id }, { token: token.sales1 });
    expect(res.status).toBe(403);
  });
});

describe('DELETE /contacts/:id', () => {
  it('an admin deletes a contact; it is gone', async () => {
    const c = await addLead(t, token.admin, { name: 'To delete', phone: '01077770000' });
    const res = await t.api.delete(`/contacts/${c._id}`, { token: token.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ message: 'Contact deleted.' });
    expect((await t.api.get(`/contacts/${c._id}`, { token: token.admin })).status).toBe(404);
    expect((await t.api.delete(`/contacts/${c._id}`, { token: token.admin })).status).toBe(404);
    // the phone is free again
    expect((await t.api.post('/contacts', { name: 'Back', phone: '01077770000' }, { token: token.admin })).status).toBe(201);
  });

  it('a sales user cannot delete, not even their own contact', async () => {
    const mine = await addLead(t, token.sales1, { name: 'Mine', phone: '01077770001' });
    const res = await t.api.delete(`/contacts/${mine._id}`, { token: token.sales1 });
    expect(res.status).toBe(403);
    expect((await t.api.get(`/contacts/${mine._id}`, { token: token.sales1 })).status).toBe(200);
  });
});

describe('visibility: a sales user sees and changes only contacts assigned to them', () => {
  let theirs: string;
  let mine: string;
  beforeAll(async () => {
    theirs = (await addLead(t, token.sales2, { name: 'Not yours', phone: '01088880000' }))._id;
    mine = (await addLead(t, token.sales1, { name: 'Yours', phone: '01088880001' }))._id;
  });

  it('cannot read, change, move or export a contact of a colleague', async () => {
    // Refused with a 403 that says the contact is someone else's, not 'Contact not found.'
    for (const res of [
      await t.api.get(`/contacts/${theirs}`, { token: token.sales1 }),
      await t.api.patch(`/contacts/${theirs}`, { notes: 'mine now' }, { token: token.sales1 }),
      await t.api.patch(`/contacts/${theirs}/stage`, { stage: 'customer' }, { token: token.sales1 }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        ok: false,
        code: 'contact.assigned_elsewhere',
        error: 'This contact is assigned to someone else. Ask an admin to reassign it to you.',
      });
    }
    expect((await t.api.delete(`/contacts/${theirs}`, { token: token.sales1 })).status).toBe(403);
    const after = await t.api.get(`/contacts/${theirs}`, { token: token.admin });
    expect(after.body.data).toMatchObject({ notes: null, stage: 'lead' });
  });

  it("says a contact nobody has yet is not assigned, and still shows it to the admin; another company's stays 'not found'", async () => {
    await setLeadDistribution(t, token.admin, 'manual');
    try {
      const nobodys = await addLead(t, token.admin, { name: 'Nobody yet', phone: '01088880002' });
      expect(nobodys.assignedTo).toBeNull();
      const res = await t.api.get(`/contacts/${nobodys._id}`, { token: token.sales1 });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ ok: false, code: 'contact.unassigned', error: 'This contact is not assigned to anyone yet. Ask an admin to assign it to you.' });
      expect((await t.api.get(`/contacts/${nobodys._id}`, { token: token.admin })).status).toBe(200);
      const foreign = await t.api.get(`/contacts/${theirs}`, { token: token.globexSales });
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('contact.not_found');
    } finally {
      await setLeadDistribution(t, token.admin, 'round-robin');
    }
  });

  it('can read, change and move their own', async () => {
    expect((await t.api.get(`/contacts/${mine}`, { token: token.sales1 })).status).toBe(200);
    expect((await t.api.patch(`/contacts/${mine}`, { notes: 'called' }, { token: token.sales1 })).body.data.notes).toBe('called');
    expect((await t.api.patch(`/contacts/${mine}/stage`, { stage: 'customer' }, { token: token.sales1 })).body.data.stage).toBe('customer');
  });

  it('loses sight of a contact once it is assigned to someone else', async () => {
    await t.api.put('/leads/assign-bulk', { leadIds: [mine], salesId: acme.sales[1].id }, { token: token.admin });
    const lost = await t.api.get(`/contacts/${mine}`, { token: token.sales1 });
    expect(lost.status).toBe(403);
    expect(lost.body.code).toBe('contact.assigned_elsewhere');
    expect((await t.api.get(`/contacts/${mine}`, { token: token.sales2 })).status).toBe(200);
  });

  it('every list, count and stat of a sales user holds only their contacts', async () => {
    const list = await t.api.get('/contacts?limit=500', { token: token.sales1 });
    expect(list.body.data.items.length).toBeGreaterThan(0);
    for (const c of list.body.data.items) expect(c.assignedTo?._id).toBe(acme.sales[0].id);
    const adminView = await t.api.get(`/contacts?assignedTo=${acme.sales[0].id}&limit=500`, { token: token.admin });
    expect(list.body.data.total).toBe(adminView.body.data.total);
  });
});

describe('another company: every contact endpoint refuses', () => {
  let acmeContact: string;
  beforeAll(async () => {
    acmeContact = (await addLead(t, token.admin, { name: 'Acme only', phone: '01099991111', assignedTo: acme.sales[0].id }))._id;
  });

  it('cannot read, list, change, move, delete or assign it', async () => {
    for (const as of [token.globexAdmin, token.globexSales]) {
      expect((await t.api.get(`/contacts/${acmeContact}`, { token: as })).status).toBe(404);
      expect((await t.api.patch(`/contacts/${acmeContact}`, { notes: 'x' }, { token: as })).status).toBe(404);
      expect((await t.api.patch(`/contacts/${acmeContact}/stage`, { stage: 'customer' }, { token: as })).status).toBe(404);
      const list = await t.api.get('/contacts?q=Acme only&limit=500', { token: as });
      expect(list.body.data.total).toBe(0);
    }
    expect((await t.api.delete(`/contacts/${acmeContact}`, { token: token.globexAdmin })).status).toBe(404);
    const assign = await t.api.put('/leads/assign-bulk', { leadIds: [acmeContact], salesId: globex.sales[0].id }, { token: token.globexAdmin });
    expect(assign.status).toBe(404);
    const after = await t.api.get(`/contacts/${acmeContact}`, { token: token.admin });
    expect(after.body.data).toMatchObject({ notes: null, stage: 'lead', assignedTo: { _id: acme.sales[0].id } });
  });

  it("lists, stats and exports never include another company's contacts", async () => {
    const globexList = await t.api.get('/contacts?limit=500', { token: token.globexAdmin });
    for (const c of globexList.body.data.items) expect(c.tenantId).toBe(globex.tenantId);
    const acmeFilter = await t.api.get(`/contacts?assignedTo=${acme.sales[0].id}`, { token: token.globexAdmin });
    expect(acmeFilter.body.data.total).toBe(0);
    const byProduct = await t.api.get(`/contacts?productId=${products[0].id}`, { token: token.globexAdmin });
    expect(byProduct.body.data.total).toBe(0);
    const stats = await t.api.get('/contacts/stats', { token: token.globexAdmin });
    expect(stats.body.data.leads + stats.body.data.customers + stats.body.data.sales).toBe(globexList.body.data.total);
  });

  it('without a token every endpoint answers 401', async () => {
    for (const [method, path] of [
      ['GET', '/contacts'],
      ['GET', '/contacts/stats'],
      ['GET', '/contacts/export'],
      ['GET', `/contacts/${acmeContact}`],
      ['POST', '/contacts'],
      ['POST', '/contacts/import'],
      ['PATCH', `/contacts/${acmeContact}`],
      ['PATCH', `/contacts/${acmeContact}/stage`],
      ['DELETE', `/contacts/${acmeContact}`],
      ['PUT', '/leads/assign-bulk'],
    ]) {
      expect((await t.api.request(method, path)).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('running totals', () => {
  it('agree with a real count after creating, moving, assigning, archiving, pricing and deleting contacts', async () => {
    for (const as of [token.admin, token.sales1, token.sales2, token.globexAdmin, (token as Record<string, string>).nileAdmin]) {
      await expectTotalsMatchCounts(t, as, (actual, message) => expect(actual, message));
    }
  });
});

describe('search under row-level security', () => {
  it("the contacts_search view shows only the transaction's tenant, nothing without one, and cannot be written", async () => {
    const rows = async (result: unknown) => (result as { rows: { tenant_id: string }[] }).rows;
    const globexRows = await rows(await t.db.tenant(globex.tenantId, (tx) => tx.execute(sql`select tenant_id from contacts_search`)));
    expect(globexRows.length).toBeGreaterThan(0);
    expect(new Set(globexRows.map((r) => r.tenant_id))).toEqual(new Set([globex.tenantId]));
    const acmeRows = await rows(await t.db.tenant(acme.tenantId, (tx) => tx.execute(sql`select tenant_id from contacts_search`)));
    expect(new Set(acmeRows.map((r) => r.tenant_id))).toEqual(new Set([acme.tenantId]));
    const noTenant = await rows(await t.db.platform((tx) => tx.execute(sql`select tenant_id from contacts_search`)));
    expect(noTenant).toEqual([]);
    // a simple view is updatable: the app role is only granted SELECT on it
    await expect(t.db.tenant(acme.tenantId, (tx) => tx.execute(sql`update contacts_search set name = 'x'`))).rejects.toThrow();
    await expect(t.db.tenant(acme.tenantId, (tx) => tx.execute(sql`delete from contacts_search`))).rejects.toThrow();
  });

  it('sorting by name uses the label the lists show: the phone when there is no name', async () => {
    const sortCo = await seedCompany(t, 'sortco', { sales: 0 });
    const admin = await signIn(t, sortCo.admin.email);
    const form = new FormData();
    form.append('file', new Blob(['Name,Phone\nzeinab,01011110001\n,01011110002\nAdel,01011110003\n']), 'x.csv');
    expect((await importAndWait(t, form, admin)).body.data.created).toBe(3);
    const asc = await t.api.get('/contacts?sortBy=name&order=asc', { token: admin });
    expect(asc.body.data.items.map((c: { name: string | null; phone: string }) => c.name ?? c.phone)).toEqual(['+201011110002', 'Adel', 'zeinab']);
    const desc = await t.api.get('/contacts?sortBy=name&order=desc', { token: admin });
    expect(desc.body.data.items.map((c: { name: string | null; phone: string }) => c.name ?? c.phone)).toEqual(['zeinab', 'Adel', '+201011110002']);
    expect((await t.api.get('/contacts?sortBy=name&order=asc&q=0101111', { token: admin })).body.data.items.map((c: { name: string | null }) => c.name)).toEqual([null, 'Adel', 'zeinab']);
  });
});

describe('API documentation', () => {
  it('documents every contacts, leads, products, shipping and expenses route with its schemas', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs`)).json()) as { paths: Record<string, Record<string, any>> };
    const expected: [string, string][] = [
      ['get', '/api/contacts'],
      ['post', '/api/contacts'],
      ['get', '/api/contacts/stats'],
      ['get', '/api/contacts/export'],
      ['post', '/api/contacts/import'],
      ['get', '/api/contacts/{id}'],
      ['patch', '/api/contacts/{id}'],
      ['delete', '/api/contacts/{id}'],
      ['patch', '/api/contacts/{id}/stage'],
      ['put', '/api/leads/assign-bulk'],
      ['get', '/api/products'],
      ['get', '/api/shipping'],
      ['get', '/api/expenses'],
      ['post', '/api/expenses'],
      ['delete', '/api/expenses/{id}'],
    ];
    for (const [method, path] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const list = doc.paths['/api/contacts'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['stage', 'q', 'from', 'to', 'assignedTo', 'page', 'limit', 'sortBy', 'order', 'isArchived', 'pipeline_status', 'productId', 'withTotals']),
    );
    expect(doc.paths['/api/contacts/{id}'].patch.requestBody.content['application/json'].schema).toBeDefined();
    expect(Object.keys(doc.paths['/api/contacts/export'].get.responses['200'].content)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(Object.keys(doc.paths['/api/contacts/import'].post.requestBody.content)).toEqual(['multipart/form-data']);
  });
});
