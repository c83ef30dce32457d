import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase } from '../../../test/test-database.js';
import { DEMO_PASSWORD, DEMO_SUPER, DEMO_USERS } from './demo-accounts.js';
import { DEMO_CONTACT_COUNT } from './demo-crm-data.js';
import { DEMO_CANNED_RESPONSES, DEMO_FOLLOW_UP_TEMPLATES } from './demo-messaging-data.js';

let apps: TestApp[] = [];
afterEach(async () => {
  for (const a of apps) await a.close();
  apps = [];
});

// Each test starts an app and seeds ~300 contacts: room for a loaded machine.
describe('demo data', { timeout: 180_000 }, () => {
  it('with demo mode on, an empty database gets the demo company and the known accounts', async () => {
    const t = await startTestApp({ env: { DEMO: '1' } });
    apps.push(t);
    expect((await t.api.get('/health')).body.data.demo).toBe(true);
    for (const user of DEMO_USERS) {
      const res = await t.api.post('/auth/login', { email: user.email, password: DEMO_PASSWORD });
      expect(res.status, user.email).toBe(200);
      expect(res.body.data.role).toBe(user.role);
    }
    const superLogin = await t.api.post('/super/login', { email: DEMO_SUPER.email, password: DEMO_SUPER.password });
    expect(superLogin.status).toBe(200);
    const tenants = await t.api.get('/super/tenants', { token: superLogin.body.data.token });
    expect(tenants.body.data.items).toHaveLength(1);
    expect(tenants.body.data.items[0]).toMatchObject({ name: 'Demo Trading Co.', slug: 'demo', stats: { adminCount: 1, salesCount: 2 } });
  });

  it('the demo company has a shop: products, couriers, ~300 contacts in every stage and pipeline status, expenses', async () => {
    const t = await startTestApp({ env: { DEMO: '1' } });
    apps.push(t);
    const login = async (email: string) => (await t.api.post('/auth/login', { email, password: DEMO_PASSWORD })).body.data.token as string;
    const admin = await login(DEMO_USERS[0].email);
    const products = (await t.api.get('/products', { token: admin })).body.data;
    expect(products.total).toBe(12);
    expect(products.items[0].price).toBeGreaterThan(0);
    const couriers = (await t.api.get('/shipping', { token: admin })).body.data.items.map((c: { name: string }) => c.name);
    expect(couriers).toEqual(expect.arrayContaining(['Bosta', 'Aramex', 'Mylerz', 'J&T Express']));
    // every inventory and shipping screen has something to show: the three stock badges, governorate
    // fees, deals across shipping statuses with COD
    expect(new Set(products.items.map((p: { stockLevel: string }) => p.stockLevel))).toEqual(new Set(['ok', 'low', 'out']));
    const bosta = (await t.api.get('/shipping', { token: admin })).body.data.items.find((c: { name: string }) => c.name === 'Bosta');
    expect(bosta.governorateFees).toEqual(expect.arrayContaining([{ governorate: 'cairo', fee: 45 }]));
    const shippingStats = (await t.api.get('/shipping/stats', { token: admin })).body.data.items;
    const statuses = new Set(
      shippingStats.flatMap((e: { stats: Record<string, number> }) =>
        Object.entries(e.stats)
          .filter(([, n]) => n > 0)
          .map(([s]) => s),
      ),
    );
    expect(statuses.size).toBeGreaterThanOrEqual(5);
    expect(shippingStats.some((e: { codOutstanding: number }) => e.codOutstanding > 0)).toBe(true);

    const all = (await t.api.get('/contacts?limit=1', { token: admin })).body.data;
    expect(all.total).toBe(DEMO_CONTACT_COUNT);
    const stats = (await t.api.get('/contacts/stats', { token: admin })).body.data;
    expect(stats.leads).toBeGreaterThan(100);
    expect(stats.customers).toBeGreaterThan(30);
    expect(stats.sales).toBeGreaterThan(40);
    expect(stats.salesAmount).toBeGreaterThan(0);

    const deals = (await t.api.get('/contacts?stage=sales&limit=500&withTotals=true', { token: admin })).body.data;
    for (const s of deals.totals.byStatus) expect(s.count, s.status).toBeGreaterThan(0);
    expect(deals.items.every((d: { products: unknown[] }) => d.products.length > 0)).toBe(true);
    const shipped = deals.items.filter((d: any) => d.salesData.shippingDetails.company);
    expect(shipped.length).toBeGreaterThan(10);
    expect(shipped[0].salesData.shippingDetails.address.governorate).toEqual(expect.any(String));
    for (const d of deals.items) expect(d.phone).toMatch(/^\+20(10|11|12|15)\d{8}$/);

    const unassigned = (await t.api.get('/contacts?assignedTo=unassigned&limit=1', { token: admin })).body.data.total;
    expect(unassigned).toBeGreaterThan(0);
    const sara = await login(DEMO_USERS[1].email);
    const saras = (await t.api.get('/contacts?limit=1', { token: sara })).body.data.total;
    expect(saras).toBeGreaterThan(50);
    expect(saras).toBeLessThan(DEMO_CONTACT_COUNT - unassigned);

    const oldest = (await t.api.get('/contacts?sortBy=createdAt&order=asc&limit=1', { token: admin })).body.data.items[0];
    expect(Date.now() - new Date(oldest.createdAt).getTime()).toBeLessThan(91 * 86_400_000);
    const expenses = (await t.api.get('/expenses', { token: admin })).body.data;
    expect(expenses.total).toBe(12);

    // the bell is not empty on a first visit: codes each user reads in their language
    const adminBell = (await t.api.get('/notifications', { token: admin })).body.data;
    expect(adminBell.unreadCount).toBeGreaterThan(0);
    expect(adminBell.items[0]).toMatchObject({ code: 'demo.welcome', params: { company: 'Demo Trading Co.' }, isRead: false });
    expect(adminBell.items.map((n: { code: string }) => n.code)).toEqual(expect.arrayContaining(['product.low_stock', 'whatsapp.needs_qr']));
    const saraBell = (await t.api.get('/notifications', { token: sara })).body.data;
    expect(saraBell.items.map((n: { code: string }) => n.code)).toEqual(['demo.welcome', 'task.assigned']);
    // Team Tasks and Sara's My Tasks are not empty
    expect((await t.api.get('/tasks', { token: admin })).body.data.total).toBe(3);
    const sarasTasks = (await t.api.get('/tasks/my', { token: sara })).body.data.items;
    expect(sarasTasks.map((task: { status: string }) => task.status).sort()).toEqual(['completed', 'pending']);
  });

  it("the messenger's pickers open populated: canned responses and team follow-up templates in English and Arabic, for every user", async () => {
    const t = await startTestApp({ env: { DEMO: '1' } });
    apps.push(t);
    const login = async (email: string) => (await t.api.post('/auth/login', { email, password: DEMO_PASSWORD })).body.data.token as string;
    const arabic = /[\u0600-\u06FF]/;
    for (const user of DEMO_USERS) {
      const token = await login(user.email);
      const canned = (await t.api.get('/canned-responses', { token })).body.data;
      const cannedItems: { title: string; text: string }[] = canned.items ?? canned;
      expect(cannedItems.length, user.email).toBe(DEMO_CANNED_RESPONSES.length);
      expect(cannedItems.length).toBeGreaterThanOrEqual(5);
      expect(cannedItems.some((c) => arabic.test(c.text))).toBe(true);
      expect(cannedItems.some((c) => !arabic.test(c.text))).toBe(true);

      const templates = (await t.api.get('/follow-up-templates', { token })).body.data;
      expect(templates.total, user.email).toBe(DEMO_FOLLOW_UP_TEMPLATES.length);
      for (const template of templates.items) {
        expect(template.messages.length).toBeGreaterThan(0);
        expect(template.createdBy).toMatchObject({ role: 'admin' });
      }
      expect(templates.items.some((tpl: { name: string }) => arabic.test(tpl.name))).toBe(true);
      expect(templates.items.some((tpl: { name: string }) => !arabic.test(tpl.name))).toBe(true);
    }
  });

  it("every demo contact's history starts 'created as lead', never a move from a stage to itself", async () => {
    const t = await startTestApp({ env: { DEMO: '1' } });
    apps.push(t);
    const admin = (await t.api.post('/auth/login', { email: DEMO_USERS[0].email, password: DEMO_PASSWORD })).body.data.token as string;
    for (const stage of ['lead', 'customer', 'sales']) {
      const [contact] = (await t.api.get(`/contacts?stage=${stage}&limit=1`, { token: admin })).body.data.items;
      const history: { from: string | null; to: string; timestamp: string }[] = (await t.api.get(`/contacts/${contact._id}`, { token: admin })).body.data.stageHistory;
      const oldest = [...history].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp))[0];
      expect(oldest, stage).toMatchObject({ from: null, to: 'lead', timestamp: contact.createdAt });
      for (const entry of history) expect(entry.from).not.toBe(entry.to);
      expect([...history].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))[0].to).toBe(stage);
    }
  });

  it('never seeds with demo mode off', async () => {
    const t = await startTestApp({ env: { DEMO: '0' } });
    apps.push(t);
    expect((await t.api.post('/auth/login', { email: DEMO_USERS[0].email, password: DEMO_PASSWORD })).status).toBe(401);
    expect((await t.api.post('/super/login', { email: DEMO_SUPER.email, password: DEMO_SUPER.password })).status).toBe(401);
  });

  it('does not seed twice: a restart on the same database keeps one demo company', async () => {
    const database = await createTestDatabase({ persistent: true });
    const first = await startTestApp({ env: { DEMO: '1' }, database });
    await first.stop();
    const second = await startTestApp({ env: { DEMO: '1' }, database });
    apps.push(second);
    const superLogin = await second.api.post('/super/login', { email: DEMO_SUPER.email, password: DEMO_SUPER.password });
    const tenants = await second.api.get('/super/tenants', { token: superLogin.body.data.token });
    expect(tenants.body.data.total).toBe(1);
  });
});
