import { ProductsRepository } from '../src/modules/products/products.repository.js';
import { ShippingRepository } from '../src/modules/shipping/shipping.repository.js';
import type { TestApp } from './test-app.js';

/** Products of a company, written through the platform path (their management API comes later). */
export async function seedProducts(t: TestApp, tenantId: string, items: { name: string; sku: string; price: number; category?: string }[]) {
  const rows = await t.db.platform((tx) =>
    t.app.get(ProductsRepository).insertMany(
      tx,
      items.map((p) => ({ tenantId, ...p })),
    ),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, sku: r.sku, price: r.price }));
}

export async function seedShippingCompanies(t: TestApp, tenantId: string, names: string[]) {
  const rows = await t.db.platform((tx) =>
    t.app.get(ShippingRepository).insertMany(
      tx,
      names.map((name) => ({ tenantId, name })),
    ),
  );
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

/** Adds a lead through the API and returns it. */
export async function addLead(t: TestApp, token: string, body: Record<string, unknown>) {
  const res = await t.api.post('/contacts', body, { token });
  if (res.status !== 201) throw new Error(`POST /contacts failed: ${res.status} ${res.body.error}`);
  return res.body.data;
}

/** The company's lead distribution strategy (who gets a lead nobody chose an assignee for). */
export async function setLeadDistribution(t: TestApp, adminToken: string, strategy: 'round-robin' | 'manual') {
  const res = await t.api.put('/auth/tenant/settings', { leadDistributionStrategy: strategy }, { token: adminToken });
  if (res.status !== 200) throw new Error(`PUT /auth/tenant/settings failed: ${res.status} ${res.body.error}`);
}

/** Moves a contact through the allowed stages to `stage`. */
export async function moveTo(t: TestApp, token: string, id: string, stage: 'customer' | 'sales') {
  const steps = stage === 'customer' ? ['customer'] : ['customer', 'sales'];
  for (const s of steps) {
    const res = await t.api.patch(`/contacts/${id}/stage`, { stage: s }, { token });
    if (res.status !== 200) throw new Error(`stage → ${s} failed: ${res.status} ${res.body.error}`);
  }
}

/**
 * The running totals (contact_counts, kept by triggers) must agree with a real count. A `from` in
 * the distant past selects the same contacts but forces the counting path.
 */
export async function expectTotalsMatchCounts(t: TestApp, token: string, expect: (actual: unknown, message?: string) => { toEqual(v: unknown): void }) {
  const everything = 'from=2000-01-01';
  for (const filter of [
    '',
    'stage=lead',
    'stage=customer',
    'stage=sales',
    'isArchived=false',
    'stage=lead&assignedTo=unassigned',
    'stage=sales&pipeline_status=new',
    'stage=sales&pipeline_status=won',
  ]) {
    const fast = await t.api.get(`/contacts?limit=1&withTotals=true&${filter}`, { token });
    const exact = await t.api.get(`/contacts?limit=1&withTotals=true&${filter}&${everything}`, { token });
    expect(fast.body.data.total, filter).toEqual(exact.body.data.total);
    expect(fast.body.data.totals, filter).toEqual(exact.body.data.totals);
  }
  const fast = await t.api.get('/contacts/stats', { token });
  const exact = await t.api.get(`/contacts/stats?${everything}`, { token });
  expect(fast.body.data, 'stats').toEqual(exact.body.data);
}
