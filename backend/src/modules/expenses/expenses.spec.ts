import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';

let t: TestApp;
let acme: SeededCompany;
const token = { admin: '', sales: '', globexAdmin: '' };

beforeAll(async () => {
  t = await startTestApp();
  // 23:30 on 9 March in Cairo, 21:30 UTC
  t.clock.set(new Date('2026-03-09T21:30:00Z'));
  acme = await seedCompany(t, 'acme');
  const globex = await seedCompany(t, 'globex', { sales: 0 });
  token.admin = await signIn(t, acme.admin.email);
  token.sales = await signIn(t, acme.sales[0].email);
  token.globexAdmin = await signIn(t, globex.admin.email);
});
afterAll(() => t?.close());

describe('expenses', () => {
  it('an admin records an expense; the date defaults to today in Cairo', async () => {
    const res = await t.api.post('/expenses', { title: ' Bosta invoice ', amount: 1250.5, category: 'Shipping', notes: 'February' }, { token: token.admin });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'Bosta invoice', amount: 1250.5, category: 'Shipping', date: '2026-03-09', notes: 'February' });
    const utc = await t.api.post('/expenses', { title: 'Other zone', amount: 1, tz: 'Asia/Tokyo' }, { token: token.admin });
    expect(utc.body.data.date).toBe('2026-03-10');
  });

  it('takes the amount as a number or numeric text, category, date and notes optional', async () => {
    const res = await t.api.post('/expenses', { title: 'Packaging', amount: '300', date: '2026-02-14', category: '', notes: '' }, { token: token.admin });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ amount: 300, date: '2026-02-14', category: null, notes: null });
    expect((await t.api.post('/expenses', { title: 'Free', amount: 0 }, { token: token.admin })).status).toBe(201);
  });

  it('requires a title and a numeric amount of at least 0', async () => {
    const cases: [unknown, string, string][] = [
      [{ amount: 5 }, 'title', 'Title is required'],
      [{ title: '  ', amount: 5 }, 'title', 'Title is required'],
      [{ title: 'A' }, 'amount', 'Amount is required'],
      [{ title: 'A', amount: 'abc' }, 'amount', 'Amount must be numeric'],
      [{ title: 'A', amount: -1 }, 'amount', 'Amount cannot be negative'],
      [{ title: 'A', amount: 5, date: '14/02/2026' }, 'date', 'Date must be a day written YYYY-MM-DD'],
    ];
    for (const [body, field, error] of cases) {
      const res = await t.api.post('/expenses', body, { token: token.admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error, field });
    }
  });

  it('lists newest day first with the total of the filtered amounts, filters by days and category', async () => {
    const all = await t.api.get('/expenses', { token: token.admin });
    expect(all.status).toBe(200);
    // newest day first; the same day newest first
    expect(all.body.data.items.map((e: { title: string }) => e.title)).toEqual(['Other zone', 'Free', 'Bosta invoice', 'Packaging']);
    expect(all.body.data).toMatchObject({ total: 4, totalAmount: 1551.5 });
    const feb = await t.api.get('/expenses?from=2026-02-01&to=2026-02-28', { token: token.admin });
    expect(feb.body.data).toMatchObject({ total: 1, totalAmount: 300 });
    const shipping = await t.api.get('/expenses?category=shipping', { token: token.admin });
    expect(shipping.body.data.items.map((e: { title: string }) => e.title)).toEqual(['Bosta invoice']);
    const page = await t.api.get('/expenses?limit=1&page=2', { token: token.admin });
    expect(page.body.data.items).toHaveLength(1);
    expect(page.body.data.total).toBe(4);
  });

  it('an admin deletes an expense', async () => {
    const created = await t.api.post('/expenses', { title: 'Mistake', amount: 9 }, { token: token.admin });
    const res = await t.api.delete(`/expenses/${created.body.data._id}`, { token: token.admin });
    expect(res.body.data).toEqual({ message: 'Expense deleted.' });
    expect((await t.api.delete(`/expenses/${created.body.data._id}`, { token: token.admin })).status).toBe(404);
  });

  it('sales users can neither see nor touch expenses', async () => {
    const any = (await t.api.get('/expenses', { token: token.admin })).body.data.items[0]._id;
    expect((await t.api.get('/expenses', { token: token.sales })).status).toBe(403);
    expect((await t.api.post('/expenses', { title: 'X', amount: 1 }, { token: token.sales })).status).toBe(403);
    expect((await t.api.delete(`/expenses/${any}`, { token: token.sales })).status).toBe(403);
    expect((await t.api.get('/expenses')).status).toBe(401);
  });

  it('another company sees none of these and cannot delete them', async () => {
    const any = (await t.api.get('/expenses', { token: token.admin })).body.data.items[0]._id;
    expect((await t.api.get('/expenses', { token: token.globexAdmin })).body.data).toEqual({ items: [], total: 0, totalAmount: 0 });
    expect((await t.api.delete(`/expenses/${any}`, { token: token.globexAdmin })).status).toBe(404);
    expect((await t.api.get('/expenses', { token: token.admin })).body.data.items.map((e: { _id: string }) => e._id)).toContain(any);
  });
});
