import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { addLead, moveTo } from '../../../test/crm-fixtures.js';

let t: TestApp;
const token = { admin: '', sales: '', globexAdmin: '' };
let acmeTenant = '';
let globexTenant = '';

beforeAll(async () => {
  t = await startTestApp();
  const acme = await seedCompany(t, 'acme');
  const globex = await seedCompany(t, 'globex', { sales: 0 });
  acmeTenant = acme.tenantId;
  globexTenant = globex.tenantId;
  token.admin = await signIn(t, acme.admin.email);
  token.sales = await signIn(t, acme.sales[0].email);
  token.globexAdmin = await signIn(t, globex.admin.email);
}, 240_000);
afterAll(() => t?.close());

async function addProduct(body: Record<string, unknown>, as = token.admin) {
  const res = await t.api.post('/products', body, { token: as });
  if (res.status !== 201) throw new Error(`POST /products: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

describe('products: add, read, change, delete', () => {
  it('adds a product with its fields and the stock badge, readable by sales', async () => {
    const p = await addProduct({ name: 'Linen Shirt', sku: 'LIN-01', price: '350.5', category: 'Clothes', stockQty: 10, minQty: 3, notes: 'Summer' });
    expect(p).toMatchObject({ name: 'Linen Shirt', sku: 'LIN-01', price: 350.5, category: 'Clothes', stockQty: 10, minQty: 3, notes: 'Summer', stockLevel: 'ok', archived: false });
    const got = await t.api.get(`/products/${p._id}`, { token: token.sales });
    expect(got.status).toBe(200);
    expect(got.body.data.name).toBe('Linen Shirt');
    const minimal = await addProduct({ name: 'Plain', sku: 'PLN', price: 0 });
    expect(minimal).toMatchObject({ category: null, stockQty: 0, minQty: 0, notes: null, stockLevel: 'out' });
  });

  it('requires name, sku and price, and refuses negative numbers', async () => {
    for (const [body, field] of [
      [{ sku: 'X1', price: 1 }, 'name'],
      [{ name: 'X', price: 1 }, 'sku'],
      [{ name: 'X', sku: 'X1' }, 'price'],
      [{ name: 'X', sku: 'X1', price: -1 }, 'price'],
      [{ name: 'X', sku: 'X1', price: 1, stockQty: -2 }, 'stockQty'],
      [{ name: 'X', sku: 'X1', price: 1, minQty: 1.5 }, 'minQty'],
    ] as const) {
      const res = await t.api.post('/products', body, { token: token.admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });

  it('keeps a SKU to one product of the company, naming the holder; another company may use it', async () => {
    await addProduct({ name: 'Cotton Galabeya', sku: 'GAL-9', price: 450 });
    const res = await t.api.post('/products', { name: 'Other', sku: 'gal-9', price: 1 }, { token: token.admin });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ ok: false, code: 'product.sku_taken', field: 'sku', params: { name: 'Cotton Galabeya', sku: 'GAL-9' } });
    expect(res.body.error).toContain('Cotton Galabeya');
    expect((await t.api.post('/products', { name: 'Globex one', sku: 'GAL-9', price: 1 }, { token: token.globexAdmin })).status).toBe(201);
    const other = await addProduct({ name: 'Other', sku: 'OTH-1', price: 1 });
    const patch = await t.api.patch(`/products/${other._id}`, { sku: 'GAL-9' }, { token: token.admin });
    expect(patch.status).toBe(409);
    expect(patch.body.code).toBe('product.sku_taken');
  });

  it('two adds racing for one SKU: one wins, the other gets the 409', async () => {
    const answers = await Promise.all([1, 2, 3].map((n) => t.api.post('/products', { name: `Race ${n}`, sku: 'RACE', price: 1 }, { token: token.admin })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it('changes fields and moves the badge', async () => {
    const p = await addProduct({ name: 'Scarf', sku: 'SCF', price: 100, stockQty: 10, minQty: 2 });
    const res = await t.api.patch(`/products/${p._id}`, { stockQty: 2, price: 120, category: '' }, { token: token.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Scarf', stockQty: 2, price: 120, category: null, stockLevel: 'low' });
    expect((await t.api.patch(`/products/${p._id}`, { price: -5 }, { token: token.admin })).status).toBe(400);
  });

  it('deleting archives: gone from the list and search, the SKU is free again, deals keep it by name', async () => {
    const p = await addProduct({ name: 'Old Lamp', sku: 'LAMP', price: 200 });
    const lead = await addLead(t, token.admin, { name: 'Lamp Buyer', phone: '01001110001' });
    await moveTo(t, token.admin, lead._id, 'sales');
    expect((await t.api.patch(`/contacts/${lead._id}`, { products: [{ productId: p._id, qty: 1 }] }, { token: token.admin })).status).toBe(200);

    const del = await t.api.delete(`/products/${p._id}`, { token: token.admin });
    expect(del.status).toBe(200);
    expect((await t.api.get('/products?q=lamp', { token: token.admin })).body.data.items).toEqual([]);
    expect((await t.api.get(`/products/${p._id}`, { token: token.admin })).body.data).toMatchObject({ name: 'Old Lamp', archived: true });
    const deal = (await t.api.get(`/contacts/${lead._id}`, { token: token.admin })).body.data;
    expect(deal.products[0].productId).toMatchObject({ _id: p._id, name: 'Old Lamp' });
    // the deal can still be saved with it; another deal cannot take it
    expect((await t.api.patch(`/contacts/${lead._id}`, { products: [{ productId: p._id, qty: 2 }] }, { token: token.admin })).status).toBe(200);
    const other = await addLead(t, token.admin, { name: 'Other Buyer', phone: '01001110002' });
    const refused = await t.api.patch(`/contacts/${other._id}`, { products: [{ productId: p._id, qty: 1 }] }, { token: token.admin });
    expect(refused.body.code).toBe('contact.product_missing');
    expect((await t.api.patch(`/products/${p._id}`, { name: 'x' }, { token: token.admin })).status).toBe(404);
    expect((await t.api.delete(`/products/${p._id}`, { token: token.admin })).status).toBe(404);
    await addProduct({ name: 'New Lamp', sku: 'LAMP', price: 250 });
  });

  it('finds by SKU, case-insensitively, and pages', async () => {
    const res = await t.api.get('/products?q=lin-0', { token: token.sales });
    expect(res.body.data.items.map((p: { sku: string }) => p.sku)).toEqual(['LIN-01']);
    const page = await t.api.get('/products?limit=2&page=1', { token: token.admin });
    expect(page.body.data.items).toHaveLength(2);
    expect(page.body.data.total).toBeGreaterThan(2);
  });
});

describe('products: roles and companies', () => {
  it('sales read but never write', async () => {
    const p = await addProduct({ name: 'Guarded', sku: 'GRD', price: 1 });
    expect((await t.api.post('/products', { name: 'S', sku: 'S1', price: 1 }, { token: token.sales })).status).toBe(403);
    expect((await t.api.patch(`/products/${p._id}`, { price: 2 }, { token: token.sales })).status).toBe(403);
    expect((await t.api.delete(`/products/${p._id}`, { token: token.sales })).status).toBe(403);
    expect((await t.api.get(`/products/${p._id}/buyers`, { token: token.sales })).status).toBe(403);
    expect((await t.api.get(`/products/${p._id}`, { token: token.admin })).body.data.price).toBe(1);
  });

  it("another company's product is not found for every route", async () => {
    const p = await addProduct({ name: 'Acme only', sku: 'ACM', price: 1 });
    expect((await t.api.get(`/products/${p._id}`, { token: token.globexAdmin })).status).toBe(404);
    expect((await t.api.get(`/products/${p._id}/buyers`, { token: token.globexAdmin })).status).toBe(404);
    expect((await t.api.patch(`/products/${p._id}`, { price: 9 }, { token: token.globexAdmin })).status).toBe(404);
    expect((await t.api.delete(`/products/${p._id}`, { token: token.globexAdmin })).status).toBe(404);
    const still = await t.api.get(`/products/${p._id}`, { token: token.admin });
    expect(still.body.data).toMatchObject({ price: 1, archived: false });
    expect((await t.api.get('/products?q=acme', { token: token.globexAdmin })).body.data.items).toEqual([]);
  });
});

describe('customers who bought a product', () => {
  it('lists the deals that hold it, over all deals, paged; none is an empty list', async () => {
    const p = await addProduct({ name: 'Buyer Test', sku: 'BUY', price: 100 });
    const none = await t.api.get(`/products/${p._id}/buyers`, { token: token.admin });
    expect(none.body.data).toEqual({ items: [], total: 0 });
    for (const n of [1, 2, 3]) {
      const lead = await addLead(t, token.sales, { name: `Buyer ${n}`, phone: `0100222000${n}` });
      await moveTo(t, token.sales, lead._id, 'sales');
      await t.api.patch(`/contacts/${lead._id}`, { products: [{ productId: p._id, qty: n }], salesData: { pipeline_status: n === 1 ? 'won' : 'new' } }, { token: token.sales });
    }
    const res = await t.api.get(`/products/${p._id}/buyers?limit=2`, { token: token.admin });
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.items).toHaveLength(2);
    const all = (await t.api.get(`/products/${p._id}/buyers`, { token: token.admin })).body.data.items;
    expect(all.find((b: { name: string }) => b.name === 'Buyer 1')).toMatchObject({ phone: '+201002220001', amount: 100, pipeline_status: 'won', qty: 1 });
    expect(all.find((b: { name: string }) => b.name === 'Buyer 3')).toMatchObject({ amount: 300, pipeline_status: 'new', qty: 3 });
    // Newest change first, and the pages follow on.
    expect(all.map((b: { name: string }) => b.name)).toEqual(['Buyer 3', 'Buyer 2', 'Buyer 1']);
    const second = (await t.api.get(`/products/${p._id}/buyers?limit=2&page=2`, { token: token.admin })).body.data;
    expect(second).toMatchObject({ total: 3, items: [{ name: 'Buyer 1' }] });
  });
});

describe('stock follows sales', () => {
  const stock = async (id: string) => (await t.api.get(`/products/${id}`, { token: token.admin })).body.data.stockQty;
  const save = (id: string, body: Record<string, unknown>) => t.api.patch(`/contacts/${id}`, body, { token: token.admin });

  it('winning takes the quantities out once, leaving won puts them back, editing a won deal moves the difference', async () => {
    const a = await addProduct({ name: 'Stock A', sku: 'STA', price: 10, stockQty: 20, minQty: 0 });
    const b = await addProduct({ name: 'Stock B', sku: 'STB', price: 10, stockQty: 5, minQty: 0 });
    const lead = await addLead(t, token.admin, { name: 'Stock Buyer', phone: '01003330001' });
    await moveTo(t, token.admin, lead._id, 'sales');
    await save(lead._id, { products: [{ productId: a._id, qty: 3 }] });
    expect(await stock(a._id)).toBe(20);
    await save(lead._id, { salesData: { pipeline_status: 'won' } });
    expect(await stock(a._id)).toBe(17);
    await save(lead._id, { salesData: { pipeline_status: 'won' }, notes: 'again' });
    expect(await stock(a._id)).toBe(17);
    await save(lead._id, {
      products: [
        { productId: a._id, qty: 5 },
        { productId: b._id, qty: 2 },
      ],
    });
    expect([await stock(a._id), await stock(b._id)]).toEqual([15, 3]);
    await save(lead._id, { products: [{ productId: b._id, qty: 1 }] });
    expect([await stock(a._id), await stock(b._id)]).toEqual([20, 4]);
    await save(lead._id, { salesData: { pipeline_status: 'lost' } });
    expect([await stock(a._id), await stock(b._id)]).toEqual([20, 5]);
  });

  it('exactly once under concurrent saves', async () => {
    const p = await addProduct({ name: 'Race Stock', sku: 'RST', price: 10, stockQty: 100 });
    const lead = await addLead(t, token.admin, { name: 'Race Buyer', phone: '01003330002' });
    await moveTo(t, token.admin, lead._id, 'sales');
    await save(lead._id, { products: [{ productId: p._id, qty: 4 }] });
    const answers = await Promise.all(Array.from({ length: 6 }, () => save(lead._id, { salesData: { pipeline_status: 'won' } })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await stock(p._id)).toBe(96);
    const mixed = await Promise.all(Array.from({ length: 6 }, (_, i) => save(lead._id, i % 2 ? { salesData: { pipeline_status: 'won' } } : { products: [{ productId: p._id, qty: 7 }] })));
    expect(mixed.every((r) => r.status === 200)).toBe(true);
    expect(await stock(p._id)).toBe(93);
    // two deals winning the same product at once
    const other = await addLead(t, token.admin, { name: 'Race Buyer 2', phone: '01003330003' });
    await moveTo(t, token.admin, other._id, 'sales');
    await save(other._id, { products: [{ productId: p._id, qty: 3 }] });
    await save(lead._id, { salesData: { pipeline_status: 'lost' } });
    await Promise.all([save(lead._id, { salesData: { pipeline_status: 'won' } }), save(other._id, { salesData: { pipeline_status: 'won' } })]);
    expect(await stock(p._id)).toBe(90);
  }, 60_000);

  it('tells the admins when a product reaches its minimum', async () => {
    const p = await addProduct({ name: 'Low Soon', sku: 'LOW', price: 10, stockQty: 6, minQty: 5 });
    const lead = await addLead(t, token.admin, { name: 'Low Buyer', phone: '01003330004' });
    await moveTo(t, token.admin, lead._id, 'sales');
    await save(lead._id, { products: [{ productId: p._id, qty: 2 }], salesData: { pipeline_status: 'won' } });
    expect((await t.api.get(`/products/${p._id}`, { token: token.admin })).body.data).toMatchObject({ stockQty: 4, stockLevel: 'low' });
    const bell = (await t.api.get('/notifications', { token: token.admin })).body.data.items;
    expect(bell.filter((n: { link: string }) => n.link === `/products/${p._id}`)).toEqual([
      expect.objectContaining({
        code: 'product.low_stock',
        params: { name: 'Low Soon', stock: 4, min: 5 },
        text: 'Low stock: Low Soon is down to 4 (minimum 5).',
        isRead: false,
      }),
    ]);
    const salesBell = (await t.api.get('/notifications', { token: token.sales })).body.data.items;
    expect(salesBell.filter((n: { link: string }) => n.link === `/products/${p._id}`)).toHaveLength(0);
  });
});

describe('products: search under row-level security', () => {
  it('finds by part of the name, case-insensitively, with % and _ taken literally', async () => {
    await addProduct({ name: 'Cotton Scarf 100%', sku: 'SCF_01', price: 90 });
    const find = async (q: string) => (await t.api.get(`/products?q=${encodeURIComponent(q)}`, { token: token.sales })).body.data.items.map((p: { sku: string }) => p.sku);
    expect(await find('cotton SCARF')).toEqual(['SCF_01']);
    expect(await find('100%')).toEqual(['SCF_01']);
    expect(await find('scf_0')).toEqual(['SCF_01']);
    expect(await find('LIN_0')).toEqual([]);
  });

  it("the products_search view shows only the transaction's company's products, nothing without one, and cannot be written", async () => {
    await addProduct({ name: 'Globex Widget', sku: 'GBX-1', price: 5 }, token.globexAdmin);
    const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
    // The ids it answers, then their companies read without RLS: a leak would show another company.
    const companiesOf = async (tenantId: string) => {
      const ids = rowsOf<{ id: string }>(await t.db.tenant(tenantId, (tx) => tx.execute(sql`select id from products_search`))).map((r) => r.id);
      expect(ids.length).toBeGreaterThan(0);
      const idList = sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      return new Set(rowsOf<{ tenant_id: string }>(await t.db.platform((tx) => tx.execute(sql`select tenant_id from products where id in (${idList})`))).map((r) => r.tenant_id));
    };
    expect(await companiesOf(globexTenant)).toEqual(new Set([globexTenant]));
    expect(await companiesOf(acmeTenant)).toEqual(new Set([acmeTenant]));
    const noTenant = (await t.db.platform((tx) => tx.execute(sql`select id from products_search`))) as unknown as { rows: unknown[] };
    expect(noTenant.rows).toEqual([]);
    // a simple view is updatable: the app role is only granted SELECT on it
    await expect(t.db.tenant(acmeTenant, (tx) => tx.execute(sql`update products_search set name = 'x'`))).rejects.toThrow();
  });
});
