import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { addLead, moveTo } from '../../../test/crm-fixtures.js';

let t: TestApp;
const token = { admin: '', sales: '', globexAdmin: '' };

beforeAll(async () => {
  t = await startTestApp();
  const acme = await seedCompany(t, 'acme');
  const globex = await seedCompany(t, 'globex', { sales: 0 });
  token.admin = await signIn(t, acme.admin.email);
  token.sales = await signIn(t, acme.sales[0].email);
  token.globexAdmin = await signIn(t, globex.admin.email);
}, 240_000);
afterAll(() => t?.close());

async function addCompany(body: Record<string, unknown>) {
  const res = await t.api.post('/shipping', body, { token: token.admin });
  if (res.status !== 201) throw new Error(`POST /shipping: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

describe('shipping companies', () => {
  it('adds, lists (every role), changes and deletes a company with its governorate fees', async () => {
    const c = await addCompany({
      name: 'Bosta',
      contactPerson: 'Omar',
      phone: '01001234567',
      trackingURL: 'https://bosta.co/track/{tracking}',
      governorateFees: [
        { governorate: 'cairo', fee: 45 },
        { governorate: 'giza', fee: '50' },
      ],
    });
    expect(c).toMatchObject({
      name: 'Bosta',
      contactPerson: 'Omar',
      trackingURL: 'https://bosta.co/track/{tracking}',
      governorateFees: [
        { governorate: 'cairo', fee: 45 },
        { governorate: 'giza', fee: 50 },
      ],
    });
    const listed = (await t.api.get('/shipping', { token: token.sales })).body.data.items;
    expect(listed.find((x: { _id: string }) => x._id === c._id).governorateFees).toHaveLength(2);

    const patched = await t.api.patch(`/shipping/${c._id}`, { contactPerson: '', governorateFees: [{ governorate: 'alexandria', fee: 70 }] }, { token: token.admin });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: 'Bosta', contactPerson: null, governorateFees: [{ governorate: 'alexandria', fee: 70 }] });

    expect((await t.api.delete(`/shipping/${c._id}`, { token: token.admin })).status).toBe(200);
    expect((await t.api.get('/shipping', { token: token.admin })).body.data.items.find((x: { _id: string }) => x._id === c._id)).toBeUndefined();
    expect((await t.api.delete(`/shipping/${c._id}`, { token: token.admin })).body.code).toBe('shipping.not_found');
  });

  it('requires a name and known governorates with fees ≥ 0', async () => {
    expect((await t.api.post('/shipping', { contactPerson: 'x' }, { token: token.admin })).body.field).toBe('name');
    expect((await t.api.post('/shipping', { name: 'X', governorateFees: [{ governorate: 'atlantis', fee: 1 }] }, { token: token.admin })).status).toBe(400);
    expect((await t.api.post('/shipping', { name: 'X', governorateFees: [{ governorate: 'cairo', fee: -1 }] }, { token: token.admin })).status).toBe(400);
    expect(
      (
        await t.api.post(
          '/shipping',
          {
            name: 'X',
            governorateFees: [
              { governorate: 'cairo', fee: 1 },
              { governorate: 'cairo', fee: 2 },
            ],
          },
          { token: token.admin },
        )
      ).status,
    ).toBe(400);
  });

  it('accepts only http(s) tracking URLs: a javascript: or data: address is refused and nothing is stored', async () => {
    const before = (await t.api.get('/shipping', { token: token.admin })).body.data.total;
    for (const trackingURL of [
      'javascript:alert(document.cookie)//{tracking}',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'track.example.com/{tracking}',
    ]) {
      const res = await t.api.post('/shipping', { name: 'Evil Couriers', trackingURL }, { token: token.admin });
      expect(res.status, trackingURL).toBe(400);
      expect(res.body, trackingURL).toMatchObject({ ok: false, code: 'validation_failed', field: 'trackingURL', error: 'Tracking URL must be a web address starting with http:// or https://' });
    }
    expect((await t.api.get('/shipping', { token: token.admin })).body.data.total).toBe(before);

    const c = await addCompany({ name: 'Safe Couriers', trackingURL: 'https://safe.example/{tracking}' });
    const patched = await t.api.patch(`/shipping/${c._id}`, { trackingURL: 'javascript:alert(1)' }, { token: token.admin });
    expect(patched.status).toBe(400);
    expect(patched.body).toMatchObject({ code: 'validation_failed', field: 'trackingURL' });
    const stored = (await t.api.get('/shipping', { token: token.admin })).body.data.items.find((x: { _id: string }) => x._id === c._id);
    expect(stored.trackingURL).toBe('https://safe.example/{tracking}');
    // clearing it stays possible
    expect((await t.api.patch(`/shipping/${c._id}`, { trackingURL: '' }, { token: token.admin })).body.data.trackingURL).toBeNull();
  });

  it('sales cannot write or see the stats; another company cannot touch them', async () => {
    const c = await addCompany({ name: 'Mylerz' });
    expect((await t.api.post('/shipping', { name: 'S' }, { token: token.sales })).status).toBe(403);
    expect((await t.api.patch(`/shipping/${c._id}`, { name: 'S' }, { token: token.sales })).status).toBe(403);
    expect((await t.api.delete(`/shipping/${c._id}`, { token: token.sales })).status).toBe(403);
    expect((await t.api.get('/shipping/stats', { token: token.sales })).status).toBe(403);
    expect((await t.api.patch(`/shipping/${c._id}`, { name: 'Stolen' }, { token: token.globexAdmin })).status).toBe(404);
    expect((await t.api.delete(`/shipping/${c._id}`, { token: token.globexAdmin })).status).toBe(404);
    expect((await t.api.get('/shipping', { token: token.globexAdmin })).body.data.items).toEqual([]);
    expect((await t.api.get('/shipping/stats', { token: token.globexAdmin })).body.data.items).toEqual([]);
    expect((await t.api.get('/shipping', { token: token.admin })).body.data.items.find((x: { _id: string }) => x._id === c._id).name).toBe('Mylerz');
  });
});

describe('GET /shipping/stats', () => {
  it("follows the deals' shipping changes, over all deals, with COD outstanding", async () => {
    const c = await addCompany({ name: 'Aramex Stats' });
    const entry = async () => (await t.api.get('/shipping/stats', { token: token.admin })).body.data.items.find((e: { company: { _id: string } }) => e.company._id === c._id);
    expect(await entry()).toEqual({
      company: { _id: c._id, name: 'Aramex Stats' },
      totalShipments: 0,
      stats: { pending: 0, processing: 0, shipped: 0, delivered: 0, returned: 0, cancelled: 0 },
      codOutstanding: 0,
    });
    const deals = [];
    for (const [n, status] of [
      [1, 'delivered'],
      [2, 'delivered'],
      [3, 'returned'],
      [4, 'shipped'],
      [5, 'pending'],
      [6, 'processing'],
      [7, 'processing'],
    ] as const) {
      const lead = await addLead(t, token.admin, { name: `Ship ${n}`, phone: `0100444000${n}` });
      await moveTo(t, token.admin, lead._id, 'sales');
      const res = await t.api.patch(`/contacts/${lead._id}`, { salesData: { shippingDetails: { company: c._id, status, codAmount: 100 * n, codCollected: n === 1 } } }, { token: token.admin });
      expect(res.body.data.salesData.shippingDetails).toMatchObject({ codAmount: 100 * n, codCollected: n === 1 });
      deals.push(lead._id);
    }
    // the spec's counts per company (shipped, delivered, pending, processing), the others beside them
    expect(await entry()).toEqual({
      company: { _id: c._id, name: 'Aramex Stats' },
      totalShipments: 7,
      stats: { shipped: 1, delivered: 2, pending: 1, processing: 2, returned: 1, cancelled: 0 },
      codOutstanding: 600 + 500 + 600 + 700,
    });
    await t.api.patch(`/contacts/${deals[3]}`, { salesData: { shippingDetails: { status: 'delivered', codCollected: true } } }, { token: token.admin });
    await t.api.patch(`/contacts/${deals[4]}`, { salesData: { shippingDetails: { status: 'processing' } } }, { token: token.admin });
    expect(await entry()).toMatchObject({ totalShipments: 7, stats: { shipped: 0, delivered: 3, pending: 0, processing: 3 }, codOutstanding: 200 + 500 + 600 + 700 });
    // another company's deals never count
    expect((await t.api.get('/shipping/stats', { token: token.globexAdmin })).body.data.items).toEqual([]);
  });
});
