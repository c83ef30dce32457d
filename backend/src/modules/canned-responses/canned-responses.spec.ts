import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let admin: string;
let sales1: string;
let sales2: string;
let adminB: string;

beforeAll(async () => {
  t = await startTestApp();
  a = await seedCompany(t, 'canned-a', { sales: 2 });
  b = await seedCompany(t, 'canned-b', { sales: 1 });
  [admin, sales1, sales2, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, a.sales[1].email), signIn(t, b.admin.email)]);
});
afterAll(() => t?.close());

describe('canned responses', () => {
  it('are created with a trimmed title and text and listed by title for the whole company', async () => {
    const one = await t.api.post('/canned-responses', { title: '  Shipping  ', text: ' Shipping takes 2-3 days. ' }, { token: sales1 });
    expect(one.status).toBe(201);
    expect(one.body.data).toMatchObject({ title: 'Shipping', text: 'Shipping takes 2-3 days.', createdBy: a.sales[0].id, canEdit: true });
    await t.api.post('/canned-responses', { title: 'Greeting', text: 'أهلاً بيك! إزاي نقدر نساعدك؟' }, { token: admin });
    const list = await t.api.get('/canned-responses', { token: sales2 });
    expect(list.body.data.items.map((c: { title: string }) => c.title)).toEqual(['Greeting', 'Shipping']);
    expect(list.body.data.items.map((c: { canEdit: boolean }) => c.canEdit)).toEqual([false, false]);
  });

  it.each([[{ title: '   ', text: 'x' }], [{ title: 'x', text: '  ' }], [{ title: 'x' }], [{}]])('refuses %o with the spec text', async (body) => {
    const res = await t.api.post('/canned-responses', body, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Title and text are required.');
  });

  it('sales users change only their own; admins any', async () => {
    const mine = (await t.api.post('/canned-responses', { title: 'Mine', text: 'v1' }, { token: sales1 })).body.data;
    expect((await t.api.patch(`/canned-responses/${mine._id}`, { title: 'Mine', text: 'v2' }, { token: sales1 })).body.data.text).toBe('v2');
    const other = await t.api.patch(`/canned-responses/${mine._id}`, { title: 'Hijack', text: 'x' }, { token: sales2 });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('You can only change the canned responses you created.');
    expect((await t.api.delete(`/canned-responses/${mine._id}`, { token: sales2 })).status).toBe(403);
    expect((await t.api.patch(`/canned-responses/${mine._id}`, { title: 'Mine', text: 'v3' }, { token: admin })).status).toBe(200);
    const del = await t.api.delete(`/canned-responses/${mine._id}`, { token: admin });
    expect(del.body.data.message).toBe('Canned response deleted.');
    expect((await t.api.delete(`/canned-responses/${mine._id}`, { token: admin })).status).toBe(404);
  });

  it('another company neither sees nor changes them', async () => {
    const item = (await t.api.get('/canned-responses', { token: admin })).body.data.items[0];
    expect((await t.api.get('/canned-responses', { token: adminB })).body.data).toEqual({ items: [], total: 0 });
    expect((await t.api.patch(`/canned-responses/${item._id}`, { title: 'x', text: 'y' }, { token: adminB })).status).toBe(404);
    expect((await t.api.delete(`/canned-responses/${item._id}`, { token: adminB })).status).toBe(404);
    expect((await t.api.get('/canned-responses', { token: admin })).body.data.items[0].title).toBe(item.title);
  });
});
