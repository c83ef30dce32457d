import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TOTAL_BOUND } from '@crm/common';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';

/**
 * Totals exact up to the bound and "at least" past it, for the contact lists, the
 * product search and a product's buyers: companies with more matches than the bound, written
 * straight into the database (thousands of API calls would be minutes).
 */
let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
let admin = '';
let sales = '';
let product = '';
const MANY = TOTAL_BOUND + 150;
const BASE = new Date('2026-03-10T08:00:00Z');

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(BASE);
  acme = await seedCompany(t, 'acme', { sales: 1 });
  globex = await seedCompany(t, 'globex', { sales: 0 });
  await t.db.platform(async (tx) => {
    // MANY "Hassan"s (every 20th a customer, two in three the sales user's), 40 "Zaki"s, and as
    // many in another company, which no total of acme's may count
    for (const tenant of [acme.tenantId, globex.tenantId]) {
      await tx.execute(sql`
        insert into contacts (tenant_id, id, name, phone, email, stage, assigned_to, created_at, updated_at)
        select ${tenant}, gen_random_uuid(), 'Ahmed Hassan ' || i, '+2010' || lpad(i::text, 8, '0'), case when i % 2 = 0 then 'a' || i || '@nile.test' end,
               case when i % 20 = 0 then 'customer' else 'lead' end, case when i % 3 <> 0 and ${tenant} = ${acme.tenantId}::uuid then ${acme.sales[0].id}::uuid end,
               ${BASE}::timestamptz - (i || ' minutes')::interval, ${BASE}::timestamptz
        from generate_series(1, ${MANY}::int) i`);
      await tx.execute(sql`
        insert into contacts (tenant_id, id, name, phone, stage, created_at, updated_at)
        select ${tenant}, gen_random_uuid(), 'Mona Zaki ' || i, '+2011' || lpad(i::text, 8, '0'), 'sales', ${BASE}::timestamptz - (i || ' days')::interval, ${BASE}::timestamptz
        from generate_series(1, 40) i`);
      await tx.execute(sql`
        insert into products (tenant_id, id, name, sku, price)
        select ${tenant}, gen_random_uuid(), 'Cotton Scarf ' || lpad(i::text, 5, '0'), 'SC-' || i, 10 from generate_series(1, ${MANY}::int) i`);
    }
  });
  // signed in after the seeding: a connection kept alive through it would be reset
  admin = await signIn(t, acme.admin.email);
  sales = await signIn(t, acme.sales[0].email);
  product = ((await t.db.platform((tx) => tx.execute(sql`select id from products where tenant_id = ${acme.tenantId} and sku = 'SC-1'`))) as unknown as { rows: { id: string }[] }).rows[0].id;
});
afterAll(() => t?.close());

const list = async (query: string, token = admin) => {
  const res = await t.api.get(`/contacts${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.data as { items: { name: string; createdAt: string }[]; total: number; totalIsLowerBound?: boolean };
};

describe('contact search totals', () => {
  it('past the bound: "at least", and the page is still the newest matches', async () => {
    const page = await list('?q=hassan&limit=50');
    expect(page).toMatchObject({ total: TOTAL_BOUND, totalIsLowerBound: true });
    expect(page.items.map((c) => c.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Ahmed Hassan ${i + 1}`));
    const second = await list('?q=HASSAN&limit=50&page=2');
    expect(second.items[0].name).toBe('Ahmed Hassan 51');
    // by name, A–Z: "Ahmed Hassan 1", "Ahmed Hassan 10", "Ahmed Hassan 100", …
    const byName = await list('?q=hassan&limit=3&sortBy=name&order=asc');
    expect(byName.items.map((c) => c.name)).toEqual(['Ahmed Hassan 1', 'Ahmed Hassan 10', 'Ahmed Hassan 100']);
  });

  it('below the bound: exact, with the other filters and the sales user counted in', async () => {
    expect(await list('?q=hassan&stage=customer&limit=5')).toMatchObject({ total: Math.floor(MANY / 20) });
    expect((await list('?q=hassan&stage=customer&limit=5')).totalIsLowerBound).toBeUndefined();
    expect((await list('?q=hassan&limit=5', sales)).total).toBe(MANY - Math.floor(MANY / 3));
    expect((await list('?q=zaki&limit=5')).total).toBe(40);
    expect((await list('?q=nile.test&stage=customer&limit=5')).total).toBe(Math.floor(MANY / 20));
    // a phone's digits, in its national spelling
    const phone = await list('?q=01000000007');
    expect(phone).toMatchObject({ total: 1, items: [{ name: 'Ahmed Hassan 7' }] });
  });

  it('a page past the bound counts on to its end, so a next page is known to exist', async () => {
    const deep = await list(`?q=hassan&limit=50&page=${TOTAL_BOUND / 50 + 1}`);
    expect(deep.items[0].name).toBe(`Ahmed Hassan ${TOTAL_BOUND + 1}`);
    expect(deep).toMatchObject({ total: TOTAL_BOUND + 50, totalIsLowerBound: true });
    const last = await list(`?q=hassan&limit=50&page=${TOTAL_BOUND / 50 + 3}`);
    expect(last.items).toHaveLength(MANY - TOTAL_BOUND - 100);
    expect(last.total).toBe(MANY);
    expect(last.totalIsLowerBound).toBeUndefined();
  });

  it("the pipeline's totals stay exact: they are sums over every match", async () => {
    const withTotals = await t.api.get('/contacts?q=zaki&stage=sales&withTotals=true&limit=10', { token: admin });
    expect(withTotals.body.data).toMatchObject({ total: 40, totals: { count: 40 } });
  });

  it('a list without a search keeps its exact total', async () => {
    const leads = await list('?stage=lead&limit=50');
    expect(leads.total).toBe(MANY - Math.floor(MANY / 20));
    expect(leads.totalIsLowerBound).toBeUndefined();
  });

  it('deep pages, read from the nearer end of the list, are the same pages in the same order', async () => {
    const leadNumbers = Array.from({ length: MANY }, (_, i) => i + 1).filter((i) => i % 20 !== 0);
    const names = (numbers: number[]) => numbers.map((i) => `Ahmed Hassan ${i}`);
    for (const [query, expected] of [
      ['?stage=lead', names(leadNumbers)],
      ['?stage=lead&sortBy=createdAt&order=asc', names([...leadNumbers].reverse())],
      ['?stage=lead&sortBy=name&order=desc', names(leadNumbers).sort((a, b) => (a < b ? 1 : -1))],
    ] as const) {
      for (const page of [3, 5, 6]) {
        const got = await list(`${query}&limit=500&page=${page}`);
        expect(got.total).toBe(leadNumbers.length);
        expect(got.items.map((c) => c.name)).toEqual(expected.slice((page - 1) * 500, page * 500));
      }
      expect((await list(`${query}&limit=500&page=9`)).items).toEqual([]);
    }
    // a sales user's deep page: their own leads only
    const own = leadNumbers.filter((i) => i % 3 !== 0);
    const ownPage = await list('?stage=lead&limit=200&page=7', sales);
    expect(ownPage.total).toBe(own.length);
    expect(ownPage.items.map((c) => c.name)).toEqual(names(own).slice(1200, 1400));
  });
});

describe('product search and buyers totals', () => {
  const products = async (query: string) => (await t.api.get(`/products${query}`, { token: admin })).body.data as { items: { name: string }[]; total: number; totalIsLowerBound?: boolean };

  it('a common word past the bound: "at least", the page in name order; a rarer one exact', async () => {
    const scarf = await products('?q=SCARF&limit=50');
    expect(scarf).toMatchObject({ total: TOTAL_BOUND, totalIsLowerBound: true });
    expect(scarf.items[0].name).toBe('Cotton Scarf 00001');
    expect(scarf.items[49].name).toBe('Cotton Scarf 00050');
    expect(await products('?q=scarf 0001&limit=50')).toMatchObject({ total: 10 });
    expect(await products('?page=1&limit=50')).toMatchObject({ total: TOTAL_BOUND, totalIsLowerBound: true });
  });

  it("a product's buyers: newest sale first, counted up to the bound", async () => {
    await t.db.platform((tx) =>
      tx.execute(sql`
        insert into contact_deal_products (tenant_id, id, contact_id, product_id, qty, price, position)
        select c.tenant_id, gen_random_uuid(), c.id, ${product}, 2, 10, 0 from contacts c where c.tenant_id = ${acme.tenantId} and c.name like 'Mona Zaki %'`),
    );
    const buyers = (await t.api.get(`/products/${product}/buyers?limit=20&page=2`, { token: admin })).body.data;
    expect(buyers.total).toBe(40);
    expect(buyers.items).toHaveLength(20);
    expect(buyers.items[0]).toMatchObject({ qty: 2 });
  });
});
