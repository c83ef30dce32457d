import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_UP_TEXTS } from '@crm/common';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { TEMPLATE_TEXTS } from './follow-up-templates.service.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminA: string;
let sales1: string;
let sales2: string;
let adminB: string;

const twoSteps = {
  name: 'Warm lead',
  messages: [
    { delay: 24, message: 'Hi {{name}}, did you get a chance to look?' },
    { delay: 48, message: 'Last call!' },
  ],
};

beforeAll(async () => {
  t = await startTestApp();
  a = await seedCompany(t, 'fut-alpha', { sales: 2 });
  b = await seedCompany(t, 'fut-bravo', { sales: 1 });
  [adminA, sales1, sales2, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, a.sales[1].email), signIn(t, b.admin.email)]);
});
afterAll(async () => {
  await t?.close();
});

const create = async (token: string, body: unknown = twoSteps) => {
  const res = await t.api.post('/follow-up-templates', body, { token });
  expect(res.status).toBe(201);
  return res.body.data;
};

describe('follow-up templates', () => {
  it('creates a template with its steps and createdBy {_id, name, role}, and lists it', async () => {
    const created = await create(adminA);
    expect(created).toMatchObject({
      name: 'Warm lead',
      messages: twoSteps.messages,
      createdBy: { _id: a.admin.id, name: a.admin.name, role: 'admin' },
      canEdit: true,
    });
    const list = await t.api.get('/follow-up-templates', { token: sales1 });
    expect(list.status).toBe(200);
    const listed = list.body.data.items.find((x: { _id: string }) => x._id === created._id);
    // everyone in the company sees it; a sales user cannot change an admin's (Team) template
    expect(listed).toMatchObject({ name: 'Warm lead', createdBy: { role: 'admin' }, canEdit: false });
  });

  it.each([
    [{ name: '  ', messages: twoSteps.messages }, FOLLOW_UP_TEXTS.nameRequired, 'name'],
    [{ messages: twoSteps.messages }, FOLLOW_UP_TEXTS.nameRequired, 'name'],
    [{ name: 'X', messages: [{ delay: 24, message: '  ' }] }, FOLLOW_UP_TEXTS.stepsRequired, 'messages.0.message'],
    [{ name: 'X', messages: [{ message: 'hi' }] }, FOLLOW_UP_TEXTS.stepsRequired, 'messages.0.delay'],
    [{ name: 'X', messages: [{ delay: '', message: 'hi' }] }, FOLLOW_UP_TEXTS.stepsRequired, 'messages.0.delay'],
    [{ name: 'X', messages: [{ delay: 0, message: 'hi' }] }, FOLLOW_UP_TEXTS.delayWholeHours, 'messages.0.delay'],
    [{ name: 'X', messages: [{ delay: 2.5, message: 'hi' }] }, FOLLOW_UP_TEXTS.delayWholeHours, 'messages.0.delay'],
    [{ name: 'X', messages: [] }, FOLLOW_UP_TEXTS.tooFewSteps, 'messages'],
    [{ name: 'X', messages: Array.from({ length: 6 }, () => ({ delay: 1, message: 'hi' })) }, FOLLOW_UP_TEXTS.tooManySteps, 'messages'],
  ])('refuses %j with the spec text', async (body, error, field) => {
    const res = await t.api.post('/follow-up-templates', body, { token: adminA });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error, field });
  });

  it('accepts 5 steps of whole hours ≥ 1', async () => {
    const created = await create(sales1, { name: 'Five', messages: Array.from({ length: 5 }, (_, i) => ({ delay: i + 1, message: `step ${i + 1}` })) });
    expect(created.messages).toHaveLength(5);
    expect(created.createdBy).toMatchObject({ _id: a.sales[0].id, role: 'sales' });
  });

  it('sales users change and delete only their own templates; admins any (enforced on the server)', async () => {
    const team = await create(adminA, { ...twoSteps, name: 'Team one' });
    const mine = await create(sales1, { ...twoSteps, name: 'Mine' });

    const salesOnTeam = await t.api.put(`/follow-up-templates/${team._id}`, { ...twoSteps, name: 'Hijacked' }, { token: sales1 });
    expect(salesOnTeam.status).toBe(403);
    expect(salesOnTeam.body.error).toBe(TEMPLATE_TEXTS.notYours);
    expect((await t.api.delete(`/follow-up-templates/${team._id}`, { token: sales1 })).status).toBe(403);

    const otherSales = await t.api.put(`/follow-up-templates/${mine._id}`, { ...twoSteps, name: 'Not yours' }, { token: sales2 });
    expect(otherSales.status).toBe(403);
    expect((await t.api.delete(`/follow-up-templates/${mine._id}`, { token: sales2 })).status).toBe(403);

    const own = await t.api.put(`/follow-up-templates/${mine._id}`, { name: 'Mine v2', messages: [{ delay: 3, message: 'only one' }] }, { token: sales1 });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ name: 'Mine v2', messages: [{ delay: 3, message: 'only one' }], createdBy: { _id: a.sales[0].id } });

    const byAdmin = await t.api.put(`/follow-up-templates/${mine._id}`, { name: 'Fixed by admin', messages: [{ delay: 4, message: 'x' }] }, { token: adminA });
    expect(byAdmin.status).toBe(200);
    // still the sales user's (Personal) template
    expect(byAdmin.body.data.createdBy).toMatchObject({ _id: a.sales[0].id, role: 'sales' });

    expect((await t.api.delete(`/follow-up-templates/${mine._id}`, { token: sales1 })).status).toBe(200);
    expect((await t.api.delete(`/follow-up-templates/${team._id}`, { token: adminA })).body.data).toEqual({ message: TEMPLATE_TEXTS.deleted });
    const after = (await t.api.get('/follow-up-templates', { token: adminA })).body.data.items.map((x: { _id: string }) => x._id);
    expect(after).not.toContain(mine._id);
    expect(after).not.toContain(team._id);
  });

  it('another company can neither see, change nor delete them', async () => {
    const created = await create(adminA, { ...twoSteps, name: 'Secret' });
    const list = await t.api.get('/follow-up-templates', { token: adminB });
    expect(list.body.data.items.map((x: { _id: string }) => x._id)).not.toContain(created._id);
    const put = await t.api.put(`/follow-up-templates/${created._id}`, twoSteps, { token: adminB });
    expect(put.status).toBe(404);
    expect(put.body.error).toBe(TEMPLATE_TEXTS.notFound);
    expect((await t.api.delete(`/follow-up-templates/${created._id}`, { token: adminB })).status).toBe(404);
    expect((await t.api.get('/follow-up-templates', { token: adminA })).body.data.items.map((x: { _id: string }) => x._id)).toContain(created._id);
  });

  it('has no demo clock hook without the simulated WhatsApp', async () => {
    expect((await t.api.post('/dev/follow-ups/advance', { hours: 1 }, { token: adminA })).status).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect((await t.api.get('/follow-up-templates')).status).toBe(401);
    expect((await t.api.post('/follow-up-templates', twoSteps)).status).toBe(401);
  });
});
