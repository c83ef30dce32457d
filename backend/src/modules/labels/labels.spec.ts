import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import { connectSocket, startMessengerApp } from '../../../test/messenger.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let admin: string;
let rep1: string;
let rep2: string;
let adminB: string;

const addContact = async (phone: string, assignedTo?: string, token = admin) => (await t.api.post('/contacts', { name: `C ${phone}`, phone, assignedTo }, { token })).body.data._id as string;
const addLabel = async (name: string, colour = '#1f9d55', token = admin) => (await t.api.post('/labels', { name, colour }, { token })).body.data._id as string;
const leadIds = async (query: string, token = admin) => ((await t.api.get(`/contacts?stage=lead&limit=100&${query}`, { token })).body.data.items as { _id: string }[]).map((c) => c._id).sort();

beforeAll(async () => {
  t = await startMessengerApp();
  a = await seedCompany(t, 'labels-a', { sales: 2 });
  b = await seedCompany(t, 'labels-b', { sales: 0 });
  [admin, rep1, rep2, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, a.sales[1].email), signIn(t, b.admin.email)]);
});
afterAll(() => t?.close());

describe('defining labels', () => {
  it('an admin adds, renames, recolours and deletes; names are unique whatever their case', async () => {
    const created = await t.api.post('/labels', { name: '  VIP ', colour: '#FF0000' }, { token: admin });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'VIP', colour: '#ff0000' });
    const dup = await t.api.post('/labels', { name: 'vip', colour: '#00ff00' }, { token: admin });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('label.name_taken');
    const other = await addLabel('Wholesale');
    expect((await t.api.patch(`/labels/${other}`, { name: 'VIP' }, { token: admin })).status).toBe(409);
    const renamed = await t.api.patch(`/labels/${other}`, { name: 'Wholesale buyer', colour: '#123456' }, { token: admin });
    expect(renamed.body.data).toMatchObject({ name: 'Wholesale buyer', colour: '#123456' });
    expect((await t.api.post('/labels', { name: ' ', colour: '#123456' }, { token: admin })).status).toBe(400);
    expect((await t.api.post('/labels', { name: 'X', colour: 'red' }, { token: admin })).status).toBe(400);
    const list = await t.api.get('/labels', { token: rep1 });
    expect(list.body.data.items.map((l: { name: string }) => l.name)).toEqual(['VIP', 'Wholesale buyer']);
    expect((await t.api.delete(`/labels/${other}`, { token: admin })).body.data.message).toBe('Label deleted.');
    expect((await t.api.delete(`/labels/${other}`, { token: admin })).status).toBe(404);
  });

  it('a sales user reads the labels but may not define them', async () => {
    const id = await addLabel('Rep proof');
    for (const res of [
      await t.api.post('/labels', { name: 'Mine', colour: '#000000' }, { token: rep1 }),
      await t.api.patch(`/labels/${id}`, { name: 'Mine' }, { token: rep1 }),
      await t.api.delete(`/labels/${id}`, { token: rep1 }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('permission_denied');
    }
    expect((await t.api.get('/labels', { token: rep1 })).status).toBe(200);
  });
});

describe('labels on contacts', () => {
  it("anyone labels the contacts they see; a sales user not a colleague's contact", async () => {
    const hot = await addLabel('Hot');
    const mine = await addContact('01100000001', a.sales[0].id);
    const theirs = await addContact('01100000002', a.sales[1].id);
    const set = await t.api.put(`/contacts/${mine}/labels`, { labelIds: [hot] }, { token: rep1 });
    expect(set.status).toBe(200);
    expect(set.body.data.map((l: { name: string }) => l.name)).toEqual(['Hot']);
    expect((await t.api.get(`/contacts/${mine}/labels`, { token: admin })).body.data).toHaveLength(1);
    const refused = await t.api.put(`/contacts/${theirs}/labels`, { labelIds: [hot] }, { token: rep1 });
    expect(refused.status).toBe(403);
    expect((await t.api.get(`/contacts/${theirs}/labels`, { token: rep1 })).status).toBe(403);
    expect((await t.api.post('/contacts/labels/bulk', { contactIds: [mine, theirs], add: [hot] }, { token: rep1 })).status).toBe(403);
    expect((await t.api.get(`/contacts/${theirs}/labels`, { token: rep2 })).body.data).toEqual([]);
    // replacing: an empty list takes every label off
    expect((await t.api.put(`/contacts/${mine}/labels`, { labelIds: [] }, { token: rep1 })).body.data).toEqual([]);
  });

  it('filters every contact list by any of / all of the labels, and bulk labels the leads', async () => {
    const [x, y] = [await addLabel('Filter X'), await addLabel('Filter Y')];
    const [c1, c2, c3] = [await addContact('01200000001'), await addContact('01200000002'), await addContact('01200000003')];
    const bulk = await t.api.post('/contacts/labels/bulk', { contactIds: [c1, c2], add: [x] }, { token: admin });
    expect(bulk.body.data).toEqual({ updated: 2 });
    await t.api.post('/contacts/labels/bulk', { contactIds: [c2, c3], add: [y] }, { token: admin });
    expect(await leadIds(`labels=${x}`)).toEqual([c1, c2].sort());
    expect(await leadIds(`labels=${x},${y}&labelMatch=any`)).toEqual([c1, c2, c3].sort());
    expect(await leadIds(`labels=${x}&labels=${y}&labelMatch=all`)).toEqual([c2]);
    const row = (await t.api.get(`/contacts?stage=lead&labels=${x},${y}&labelMatch=all`, { token: admin })).body.data.items[0];
    expect([...row.labelIds].sort()).toEqual([x, y].sort());
    const page = await t.api.get(`/contacts?stage=lead&labels=${x},${y}&labelMatch=all&limit=1`, { token: admin });
    expect(page.body.data.total).toBe(1);
    await t.api.post('/contacts/labels/bulk', { contactIds: [c1, c2], remove: [x] }, { token: admin });
    expect(await leadIds(`labels=${x}`)).toEqual([]);
    expect((await t.api.get(`/contacts?labelMatch=some`, { token: admin })).status).toBe(400);
    // deleting a label takes it off every contact
    await t.api.delete(`/labels/${y}`, { token: admin });
    expect((await t.api.get(`/contacts/${c2}/labels`, { token: admin })).body.data).toEqual([]);
  });

  it("a sales user's filtered list holds only their contacts", async () => {
    const z = await addLabel('Filter Z');
    const [mine, theirs] = [await addContact('01300000001', a.sales[0].id), await addContact('01300000002', a.sales[1].id)];
    await t.api.post('/contacts/labels/bulk', { contactIds: [mine, theirs], add: [z] }, { token: admin });
    expect(await leadIds(`labels=${z}`, rep1)).toEqual([mine]);
    expect(await leadIds(`labels=${z}`)).toEqual([mine, theirs].sort());
  });
});

describe('the chat list', () => {
  it('filters by label, and a label change reaches the others as a chat update', async () => {
    const q = await addLabel('Chat Q');
    const [c1, c2] = [await addContact('01500000001', a.sales[0].id), await addContact('01500000002', a.sales[0].id)];
    const socket = await connectSocket(t, admin);
    try {
      await t.api.put(`/contacts/${c1}/labels`, { labelIds: [q] }, { token: rep1 });
      expect((await socket.waitFor('chat:update', (c) => c._id === c1))._id).toBe(c1);
    } finally {
      socket.close();
    }
    const chats = (await t.api.get(`/chats?labels=${q}`, { token: rep1 })).body.data;
    expect(chats.items.map((c: { _id: string }) => c._id)).toEqual([c1]);
    expect(chats.items[0].labelIds).toEqual([q]);
    expect(chats.total).toBe(1);
    expect((await t.api.get(`/chats?labels=${q}`, { token: rep2 })).body.data.total).toBe(0);
    expect((await t.api.get(`/chats`, { token: rep1 })).body.data.items.map((c: { _id: string }) => c._id)).toContain(c2);
  });
});

describe('the deal board', () => {
  it('filters the cards by label and shows their labels', async () => {
    const d = await addLabel('Board D');
    const [deal] = await t.db
      .platform((tx) =>
        t.app.get(ContactsRepository).insertMany(
          tx,
          ['+201600000001', '+201600000002'].map((phone) => ({ tenantId: a.tenantId, phone, stage: 'sales', pipelineStatus: 'new' })),
        ),
      )
      .then((rows) => rows.map((r) => r.id));
    await t.api.put(`/contacts/${deal}/labels`, { labelIds: [d] }, { token: admin });
    const board = (await t.api.get(`/deals/board?labels=${d}`, { token: admin })).body.data;
    const cards = board.columns.flatMap((c: { items: { _id: string; labelIds: string[] }[] }) => c.items);
    expect(cards.map((c: { _id: string }) => c._id)).toEqual([deal]);
    expect(cards[0].labelIds).toEqual([d]);
  });
});

describe('the report by label', () => {
  it('counts the leads and won deals per label (admins only)', async () => {
    const r = await addLabel('Report R');
    const [won, lead] = await t.db
      .platform((tx) =>
        t.app.get(ContactsRepository).insertMany(tx, [
          { tenantId: a.tenantId, phone: '+201700000001', stage: 'sales', pipelineStatus: 'won', dealAmount: 150.5 },
          { tenantId: a.tenantId, phone: '+201700000002', stage: 'lead' },
        ]),
      )
      .then((rows) => rows.map((row) => row.id));
    await t.api.post('/contacts/labels/bulk', { contactIds: [won, lead], add: [r] }, { token: admin });
    const items = (await t.api.get('/reports/labels', { token: admin })).body.data.items;
    expect(items.find((i: { labelId: string }) => i.labelId === r)).toEqual({ labelId: r, name: 'Report R', colour: '#1f9d55', leads: 2, won: 1, wonAmount: 150.5 });
    expect((await t.api.get('/reports/labels', { token: rep1 })).status).toBe(403);
    expect((await t.api.get('/reports/labels', { token: adminB })).body.data.items).toEqual([]);
  });
});

describe('another company', () => {
  it("neither sees, changes nor uses A's labels, nor labels A's contacts", async () => {
    const label = await addLabel('Secret');
    const contact = await addContact('01400000001');
    expect((await t.api.get('/labels', { token: adminB })).body.data).toEqual({ items: [], total: 0 });
    expect((await t.api.patch(`/labels/${label}`, { name: 'Mine' }, { token: adminB })).status).toBe(404);
    expect((await t.api.delete(`/labels/${label}`, { token: adminB })).status).toBe(404);
    expect((await t.api.put(`/contacts/${contact}/labels`, { labelIds: [label] }, { token: adminB })).status).toBe(404);
    expect((await t.api.post('/contacts/labels/bulk', { contactIds: [contact], add: [label] }, { token: adminB })).status).toBe(404);
    const bContact = await addContact('01400000009', undefined, adminB);
    const foreign = await t.api.put(`/contacts/${bContact}/labels`, { labelIds: [label] }, { token: adminB });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('label.not_found');
    // B may use the same name for its own label
    expect((await t.api.post('/labels', { name: 'Secret', colour: '#000000' }, { token: adminB })).status).toBe(201);
    expect((await t.api.get(`/contacts?labels=${label}`, { token: adminB })).body.data.total).toBe(0);
    expect((await t.api.get(`/labels`, { token: admin })).body.data.items.some((l: { _id: string }) => l._id === label)).toBe(true);
  });
});
