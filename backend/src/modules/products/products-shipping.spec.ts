import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { seedProducts, seedShippingCompanies } from '../../../test/crm-fixtures.js';

let t: TestApp;
const token = { admin: '', sales: '', globexAdmin: '' };

beforeAll(async () => {
  t = await startTestApp();
  const acme = await seedCompany(t, 'acme');
  const globex = await seedCompany(t, 'globex', { sales: 0 });
  token.admin = await signIn(t, acme.admin.email);
  token.sales = await signIn(t, acme.sales[0].email);
  token.globexAdmin = await signIn(t, globex.admin.email);
  await seedProducts(t, acme.tenantId, [
    { name: 'Oud Perfume 50ml', sku: 'PRF-050', price: 1200, category: 'Perfume' },
    { name: 'Cotton Galabeya', sku: 'GAL-001', price: 450 },
    { name: 'Perfume Gift Box', sku: 'BOX_1', price: 150 },
  ]);
  await seedProducts(t, globex.tenantId, [{ name: 'Globex Perfume', sku: 'GLX', price: 1 }]);
  await seedShippingCompanies(t, acme.tenantId, ['Mylerz', 'Bosta', 'Aramex']);
  await seedShippingCompanies(t, globex.tenantId, ['J&T Express']);
});
afterAll(() => t?.close());

describe('GET /products', () => {
  it('lists the company’s products by name, for every role', async () => {
    for (const as of [token.admin, token.sales]) {
      const res = await t.api.get('/products', { token: as });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(3);
      expect(res.body.data.items.map((p: { name: string }) => p.name)).toEqual(['Cotton Galabeya', 'Oud Perfume 50ml', 'Perfume Gift Box']);
    }
    const [first] = (await t.api.get('/products?q=oud', { token: token.sales })).body.data.items;
    expect(first).toMatchObject({ name: 'Oud Perfume 50ml', sku: 'PRF-050', price: 1200, category: 'Perfume', stockQty: 0, minQty: 0, notes: null });
    expect(first.updatedAt).toEqual(expect.any(String));
  });

  it('searches name or SKU, case-insensitively, wildcards taken literally', async () => {
    const names = async (q: string) => (await t.api.get(`/products?q=${encodeURIComponent(q)}`, { token: token.admin })).body.data.items.map((p: { name: string }) => p.name);
    expect(await names('PERFUME')).toEqual(['Oud Perfume 50ml', 'Perfume Gift Box']);
    expect(await names('gal-0')).toEqual(['Cotton Galabeya']);
    expect(await names('box_')).toEqual(['Perfume Gift Box']);
    expect(await names('_')).toEqual(['Perfume Gift Box']);
    expect(await names('%')).toEqual([]);
  });

  it('pages', async () => {
    const res = await t.api.get('/products?limit=1&page=2', { token: token.admin });
    expect(res.body.data).toMatchObject({ total: 3, items: [{ name: 'Oud Perfume 50ml' }] });
    expect((await t.api.get('/products?limit=501', { token: token.admin })).status).toBe(400);
  });

  it("never shows another company's products", async () => {
    const res = await t.api.get('/products?q=perfume', { token: token.globexAdmin });
    expect(res.body.data.items.map((p: { name: string }) => p.name)).toEqual(['Globex Perfume']);
    expect((await t.api.get('/products')).status).toBe(401);
  });
});

describe('GET /shipping', () => {
  it("lists the company's shipping companies by name, for every role", async () => {
    for (const as of [token.admin, token.sales]) {
      const res = await t.api.get('/shipping', { token: as });
      expect(res.status).toBe(200);
      expect(res.body.data.items.map((c: { name: string }) => c.name)).toEqual(['Aramex', 'Bosta', 'Mylerz']);
      expect(res.body.data.total).toBe(3);
      expect(res.body.data.items[0]).toMatchObject({ contactPerson: null, phone: null, trackingURL: null });
    }
    const foreign = await t.api.get('/shipping', { token: token.globexAdmin });
    expect(foreign.body.data.items.map((c: { name: string }) => c.name)).toEqual(['J&T Express']);
    expect((await t.api.get('/shipping')).status).toBe(401);
  });
});
