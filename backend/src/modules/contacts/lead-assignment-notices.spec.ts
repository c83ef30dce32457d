import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { addLead, setLeadDistribution } from '../../../test/crm-fixtures.js';
import { importAndWait } from '../../../test/imports.js';

// A user is told when a lead is given to them, with a link to it, in their language's code
let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
const token = { admin: '', rep1: '', rep2: '', globexAdmin: '', globexRep: '' };
let n = 0;
const phone = () => `+2010077${String(++n).padStart(5, '0')}`;

type Line = { code: string | null; params: Record<string, unknown> | null; link: string | null; text: string };
const bell = async (as: string): Promise<Line[]> => (await t.api.get('/notifications', { token: as })).body.data.items;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedCompany(t, 'notice-acme', { sales: 2 });
  globex = await seedCompany(t, 'notice-globex', { sales: 1 });
  token.admin = await signIn(t, acme.admin.email);
  token.rep1 = await signIn(t, acme.sales[0].email);
  token.rep2 = await signIn(t, acme.sales[1].email);
  token.globexAdmin = await signIn(t, globex.admin.email);
  token.globexRep = await signIn(t, globex.sales[0].email);
  await setLeadDistribution(t, token.admin, 'manual');
});
afterAll(() => t?.close());

describe('lead assignment notices', () => {
  it("an admin's chosen assignee is told, with the lead's name and a link to it; nobody else is", async () => {
    const lead = await addLead(t, token.admin, { name: 'Karim Nabil', phone: phone(), assignedTo: acme.sales[0].id });
    const [line] = await bell(token.rep1);
    expect(line).toMatchObject({ code: 'lead.assigned', link: `/contacts/${lead._id}`, text: 'A lead was assigned to you: Karim Nabil' });
    // the name and the number apart for a client to word; `name` joined as before
    expect(line.params).toEqual({ name: 'Karim Nabil', contactName: 'Karim Nabil', contactPhone: lead.phone });
    expect(await bell(token.rep2)).toEqual([]);
    expect(await bell(token.admin)).toEqual([]);
    expect(await bell(token.globexRep)).toEqual([]);
  });

  it('a rep adding their own lead is not told of their own act; an unassigned lead tells nobody', async () => {
    await addLead(t, token.rep2, { name: 'Own lead', phone: phone() });
    await addLead(t, token.admin, { name: 'Nobody yet', phone: phone() });
    expect(await bell(token.rep2)).toEqual([]);
  });

  it('round-robin tells each rep of the lead dealt to them', async () => {
    await setLeadDistribution(t, token.admin, 'round-robin');
    const a = await addLead(t, token.admin, { name: 'Turn A', phone: phone() });
    const b = await addLead(t, token.admin, { name: 'Turn B', phone: phone() });
    await setLeadDistribution(t, token.admin, 'manual');
    expect(new Set([a.assignedTo?._id, b.assignedTo?._id])).toEqual(new Set(acme.sales.map((s) => s.id)));
    for (const [lead, as] of [a, b].map((l) => [l, l.assignedTo._id === acme.sales[0].id ? token.rep1 : token.rep2] as const)) {
      expect((await bell(as))[0]).toMatchObject({ code: 'lead.assigned', link: `/contacts/${lead._id}` });
    }
  });

  it('a bulk assignment makes one line for several leads, and a lead already theirs rings nothing', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await addLead(t, token.admin, { name: `Bulk ${i}`, phone: phone() }))._id);
    const before = (await bell(token.rep2)).length;
    expect((await t.api.put('/leads/assign-bulk', { leadIds: ids, salesId: acme.sales[1].id }, { token: token.admin })).status).toBe(200);
    const lines = await bell(token.rep2);
    expect(lines).toHaveLength(before + 1);
    expect(lines[0]).toMatchObject({ code: 'leads.assigned', params: { count: 3 }, link: '/leads' });
    // the same leads again: nothing changed hands
    expect((await t.api.put('/leads/assign-bulk', { leadIds: ids, salesId: acme.sales[1].id }, { token: token.admin })).status).toBe(200);
    expect(await bell(token.rep2)).toHaveLength(before + 1);
  });

  it('an import dealt by round-robin gives each rep one line for the leads dealt to them', async () => {
    await setLeadDistribution(t, token.admin, 'round-robin');
    const before = [(await bell(token.rep1)).length, (await bell(token.rep2)).length];
    const rows = Array.from({ length: 4 }, (_, i) => `Imported ${i},${phone().replace('+20', '0')}`).join('\n');
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(`Name,Phone\n${rows}\n`)]), 'leads.csv');
    const res = await importAndWait(t, form, token.admin);
    await setLeadDistribution(t, token.admin, 'manual');
    expect(res.body.data).toMatchObject({ created: 4 });
    for (const [i, as] of [token.rep1, token.rep2].entries()) {
      const lines = await bell(as);
      expect(lines).toHaveLength(before[i] + 1);
      expect(lines[0]).toMatchObject({ code: 'leads.assigned', params: { count: 2 }, link: '/leads' });
    }
  });

  it('a refused assignment (a lead of another company) changes nothing and tells nobody', async () => {
    const foreign = await addLead(t, token.globexAdmin, { name: 'Globex lead', phone: phone() });
    const before = (await bell(token.rep1)).length;
    const res = await t.api.put('/leads/assign-bulk', { leadIds: [foreign._id], salesId: acme.sales[0].id }, { token: token.admin });
    expect(res.status).toBe(404);
    expect(await bell(token.rep1)).toHaveLength(before);
  });
});
