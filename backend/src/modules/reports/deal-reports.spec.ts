import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { addLead, moveTo } from '../../../test/crm-fixtures.js';

const HOUR = 3_600_000;
let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
const token = { admin: '', rep1: '', globexAdmin: '' };

const report = async (tok: string, query = '') => t.api.get(`/reports/detailed${query}`, { token: tok });
const later = (hours: number) => t.clock.set(new Date(t.clock.now().getTime() + hours * HOUR));

/** A deal of rep 1's with an amount, entered into new now. */
async function deal(name: string, phone: string, amount: number) {
  const lead = await addLead(t, token.admin, { name, phone, assignedTo: acme.sales[0].id });
  await moveTo(t, token.rep1, lead._id, 'sales');
  await t.api.patch(`/contacts/${lead._id}`, { salesData: { amount } }, { token: token.rep1 });
  return lead._id as string;
}
const move = (id: string, status: string, lostReason?: string) => t.api.patch(`/deals/${id}/status`, { status, lostReason }, { token: token.rep1 });

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-05-04T08:00:00Z'));
  acme = await seedCompany(t, 'acme', { sales: 1 });
  globex = await seedCompany(t, 'globex', { sales: 1 });
  token.admin = await signIn(t, acme.admin.email);
  token.rep1 = await signIn(t, acme.sales[0].email);
  token.globexAdmin = await signIn(t, globex.admin.email);
  const a = await deal('A', '01022220001', 1000);
  const b = await deal('B', '01022220002', 500.5);
  const c = await deal('C', '01022220003', 200);
  const d = await deal('D', '01022220004', 300);
  // a, b, c stay 6 hours in new; d stays in new still
  later(6);
  await move(a, 'contacted');
  await move(b, 'contacted');
  await move(c, 'lost', 'No answer');
  // a and b 2 hours in contacted, then lost
  later(2);
  await move(a, 'lost', 'Too expensive');
  await move(b, 'lost', 'Too expensive');
  expect((await move(d, 'proposal')).status).toBe(200);
}, 60_000);
afterAll(() => t?.close());

describe('the deal reports', () => {
  it('counts the lost deals and their amounts per reason', async () => {
    const res = await report(token.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.lostReasons).toEqual([
      { reason: 'Too expensive', count: 2, amount: 1500.5 },
      { reason: 'No answer', count: 1, amount: 200 },
    ]);
  });

  it('gives the average days per stage from the recorded moves (an open stay counts up to now)', async () => {
    const { stageDays } = (await report(token.admin)).body.data;
    // new: a, b, c 6h each, d 8h → 6.5h; contacted: a, b 2h
    expect(stageDays).toEqual([
      { status: 'new', averageDays: Math.round((6.5 / 24) * 10) / 10, deals: 4 },
      { status: 'contacted', averageDays: Math.round((2 / 24) * 10) / 10, deals: 2 },
      { status: 'proposal', averageDays: 0, deals: 1 },
      { status: 'lost', averageDays: 0, deals: 3 },
    ]);
    // ten days later the open stays have grown
    later(24 * 10);
    token.admin = await signIn(t, acme.admin.email);
    const after = (await report(token.admin)).body.data.stageDays;
    expect(after.find((s: { status: string }) => s.status === 'proposal').averageDays).toBe(10);
  });

  it('puts both in the Excel export', async () => {
    const res = await fetch(`${t.url}/api/reports/export`, { headers: { authorization: `Bearer ${token.admin}` } });
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const rows = (name: string) => XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[name], { header: 1, raw: true, defval: '' });
    expect(rows('Lost Reasons')).toEqual([
      ['Reason', 'Deals', 'Amount'],
      ['Too expensive', 2, 1500.5],
      ['No answer', 1, 200],
    ]);
    expect(rows('Days per Stage')[0]).toEqual(['Status', 'Average Days', 'Deals']);
    expect(rows('Days per Stage').map((r) => r[0])).toContain('Proposal');
  });

  it("keeps companies apart and follows the report's roles and filters", async () => {
    token.globexAdmin = await signIn(t, globex.admin.email);
    const other = (await report(token.globexAdmin)).body.data;
    expect(other.lostReasons).toEqual([]);
    expect(other.stageDays).toEqual([]);
    expect((await report(token.admin, `?assignedTo=${globex.sales[0].id}`)).body.data.lostReasons).toEqual([]);
    expect((await report(token.admin, '?from=2030-01-01')).body.data.lostReasons).toEqual([]);
    const rep = await signIn(t, acme.sales[0].email);
    expect((await report(rep)).status).toBe(403);
  });
});
