import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, nextDay, startOfDay } from '@crm/common';
import { PASSWORD, seedCompany, seedSuperAdmin, signIn, superSignIn, type SeededCompany } from '../../../test/fixtures.js';
import { HOUR, advance, createTemplate, eventually, newContact, scheduler, sentTo, simulator, startFollowUpApp, startRun } from '../../../test/follow-ups.js';
import { connectSocket, connectWhatsApp, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { DB_CONNECTION } from '../../platform/db/database.js';
import type { DbConnection } from '../../platform/db/database.types.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { TenantAccessService } from './tenant-access.service.js';

let t: TestApp;
let acme: SeededCompany;
let bravo: SeededCompany;
let nile: SeededCompany;
let delta: SeededCompany;
let echo: SeededCompany;
let superToken: string;
const sockets: TestSocket[] = [];

// A well-formed id that matches no company.
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000';

beforeAll(async () => {
  t = await startFollowUpApp();
  acme = await seedCompany(t, 'sta-acme', { sales: 1 });
  bravo = await seedCompany(t, 'sta-bravo', { sales: 1 });
  nile = await seedCompany(t, 'sta-nile', { sales: 0 });
  delta = await seedCompany(t, 'sta-delta', { sales: 0 });
  echo = await seedCompany(t, 'sta-echo', { sales: 0 });
  await seedSuperAdmin(t);
  superToken = await superSignIn(t);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

const subscription = (over: Record<string, unknown> = {}) => ({ type: 'monthly', status: 'active', expiresAt: null, price: 0, paidAmount: 0, ...over });
const patchSubscription = (id: string, body: Record<string, unknown>, token = superToken) => t.api.patch(`/super/tenants/${id}/subscription`, body, { token });
const setActive = (id: string, isActive: boolean, token = superToken) => t.api.patch(`/super/tenants/${id}`, { isActive }, { token });
const detail = async (id: string) => (await t.api.get(`/super/tenants/${id}`, { token: superToken })).body.data;
const auditOf = async (id: string) => (await t.api.get(`/super/tenants/${id}/audit`, { token: superToken })).body.data.items as any[];
const raw = <T>(query: string, params: unknown[]) => t.app.get<DbConnection>(DB_CONNECTION).raw<T>(query, params);

async function socketFor(token: string) {
  const s = await connectSocket(t, token);
  sockets.push(s);
  return s;
}

function disconnection(s: TestSocket, timeoutMs = 5_000): Promise<void> {
  if (s.socket.disconnected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket was not disconnected')), timeoutMs);
    s.socket.once('disconnect', () => (clearTimeout(timer), resolve()));
  });
}

describe('super: platform totals', () => {
  it('adds up companies, active and expired ones, and the money of every subscription', async () => {
    expect((await patchSubscription(acme.tenantId, subscription({ price: 100, paidAmount: 40, expiresAt: '2099-12-31' }))).status).toBe(200);
    // overpaid: owes nothing, and does not lower what the others owe
    expect((await patchSubscription(bravo.tenantId, subscription({ type: 'yearly', price: 50, paidAmount: 80 }))).status).toBe(200);
    expect((await patchSubscription(nile.tenantId, subscription({ status: 'expired', price: 30.5, paidAmount: 0 }))).status).toBe(200);
    expect((await setActive(nile.tenantId, false)).status).toBe(200);

    const res = await t.api.get('/super/stats', { token: superToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      totalTenants: 5,
      activeTenants: 4,
      expiredTenants: 1,
      totalRevenue: 180.5,
      totalPaid: 120,
      totalRemaining: 90.5,
    });
    await setActive(nile.tenantId, true);
    expect((await t.api.get('/super/stats', { token: superToken })).body.data.activeTenants).toBe(5);
  });
});

describe('super: one company', () => {
  it('shows a company with its counts, its linked WhatsApp and its subscription', async () => {
    const adminToken = await signIn(t, acme.admin.email);
    expect((await detail(acme.tenantId)).stats).toEqual({ adminCount: 1, salesCount: 1, waCount: 0 });
    await connectWhatsApp(t, adminToken);

    const company = await detail(acme.tenantId);
    expect(company).toMatchObject({
      _id: acme.tenantId,
      slug: 'sta-acme',
      isActive: true,
      stats: { adminCount: 1, salesCount: 1, waCount: 1 },
      subscription: { type: 'monthly', status: 'active', price: 100, paidAmount: 40, remainingAmount: 60 },
    });
    expect((await detail(bravo.tenantId)).stats.waCount).toBe(0);
    const list = (await t.api.get('/super/tenants', { token: superToken })).body.data.items;
    expect(list.find((c: { _id: string }) => c._id === acme.tenantId).stats.waCount).toBe(1);
  });

  it('answers 404 with a code for an unknown company, 400 for a malformed id', async () => {
    for (const res of [await t.api.get(`/super/tenants/${UNKNOWN_ID}`, { token: superToken }), await setActive(UNKNOWN_ID, false), await patchSubscription(UNKNOWN_ID, subscription())]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'tenant.not_found', error: 'Company not found.' });
    }
    expect((await t.api.get('/super/tenants/not-an-id', { token: superToken })).status).toBe(400);
  });
});

describe('super: subscription', () => {
  it('stores the subscription, computes what remains, reads a bare day as the end of that day in Cairo, and audits before/after', async () => {
    const res = await patchSubscription(bravo.tenantId, { type: 'monthly', status: 'active', expiresAt: '2099-11-20', price: '250.5', paidAmount: 100 });
    expect(res.status).toBe(200);
    expect(res.body.data.subscription).toEqual({
      type: 'monthly',
      status: 'active',
      // Cairo is UTC+2 in November
      expiresAt: '2099-11-20T21:59:59.999Z',
      price: 250.5,
      paidAmount: 100,
      remainingAmount: 150.5,
    });
    const [entry] = await auditOf(bravo.tenantId);
    expect(entry).toMatchObject({
      action: 'tenant.subscription_changed',
      actorName: expect.any(String),
      before: { type: 'yearly', status: 'active', expiresAt: null, price: 50, paidAmount: 80 },
      after: { type: 'monthly', status: 'active', expiresAt: '2099-11-20T21:59:59.999Z', price: 250.5, paidAmount: 100 },
    });
    // the same values again: nothing to audit
    await patchSubscription(bravo.tenantId, { type: 'monthly', status: 'active', expiresAt: '2099-11-20', price: 250.5, paidAmount: 100 });
    expect((await auditOf(bravo.tenantId))[0]._id).toBe(entry._id);
  });

  it('refuses a bad type, status, date or amount naming the field, and changes nothing', async () => {
    const before = await detail(bravo.tenantId);
    const auditBefore = (await auditOf(bravo.tenantId)).length;
    const bad: [Record<string, unknown>, string][] = [
      [{ type: 'weekly' }, 'type'],
      [{ status: 'paused' }, 'status'],
      [{ expiresAt: '2026-02-30' }, 'expiresAt'],
      [{ expiresAt: 'next week' }, 'expiresAt'],
      [{ price: -1 }, 'price'],
      [{ paidAmount: 'lots' }, 'paidAmount'],
    ];
    for (const [change, field] of bad) {
      const res = await patchSubscription(bravo.tenantId, subscription({ price: 999, ...change }));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.field, JSON.stringify(change)).toBe(field);
    }
    expect(await detail(bravo.tenantId)).toEqual(before);
    expect(await auditOf(bravo.tenantId)).toHaveLength(auditBefore);
  });
});

describe('super: suspending a company', () => {
  it('ends its sessions and sockets at once, stops its WhatsApp and follow-ups; re-activation restores them', async () => {
    const adminToken = await signIn(t, acme.admin.email);
    const salesToken = await signIn(t, acme.sales[0].email);
    const bravoToken = await signIn(t, bravo.admin.email);
    const template = await createTemplate(t, adminToken, { name: 'Suspension check', messages: [{ delay: 1, message: 'Still interested, {{name}}?' }] });
    const contact = await newContact(t, adminToken, 'Hoda');
    const run = await startRun(t, adminToken, contact.id, template._id);
    const [adminSocket, salesSocket, bravoSocket] = [await socketFor(adminToken), await socketFor(salesToken), await socketFor(bravoToken)];

    const res = await setActive(acme.tenantId, false);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: acme.tenantId, isActive: false });

    for (const s of [adminSocket, salesSocket]) {
      expect(await s.waitFor('force_logout')).toEqual({ reason: 'suspended', message: 'Your company account is suspended. Please contact support.' });
      await disconnection(s);
    }
    const refused = await t.api.get('/auth/me', { token: salesToken });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('auth.company_suspended');
    const login = await t.api.post('/auth/login', { email: acme.admin.email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'auth.company_suspended', error: 'Your company account is suspended. Please contact support.' });
    // another company carries on
    expect((await t.api.get('/auth/me', { token: bravoToken })).status).toBe(200);
    expect(bravoSocket.all('force_logout')).toEqual([]);

    // WhatsApp stopped, its stored login kept (no new QR on re-activation)
    const sessions = t.app.get(WhatsAppSessionsService);
    expect(sessions.connectedTenants()).not.toContain(acme.tenantId);
    expect(existsSync(simulator(t).pairingFile(acme.tenantId))).toBe(true);

    // the step falls due while suspended: not sent, even when its job fires
    await advance(t, HOUR);
    const steps = await raw<{ id: string }>('select id from follow_up_steps where run_id = $1 order by step_index', [run._id]);
    expect(await scheduler(t).runStep(acme.tenantId, steps[0].id)).toBe('waiting');
    expect(sentTo(t, contact.chatId)).toEqual([]);

    const audit = await auditOf(acme.tenantId);
    expect(audit[0]).toMatchObject({ action: 'tenant.suspended', before: { isActive: true }, after: { isActive: false } });
    // suspending a suspended company changes nothing and audits nothing
    expect((await setActive(acme.tenantId, false)).status).toBe(200);
    expect(await auditOf(acme.tenantId)).toHaveLength(audit.length);

    const back = await setActive(acme.tenantId, true);
    expect(back.body.data.isActive).toBe(true);
    expect((await auditOf(acme.tenantId))[0]).toMatchObject({ action: 'tenant.reactivated', before: { isActive: false }, after: { isActive: true } });
    // WhatsApp reconnects by itself, and the waiting step goes out (less than 24 h late)
    await eventually(
      async () => sessions.connectedTenants(),
      (ids) => ids.includes(acme.tenantId),
    );
    await eventually(
      async () => sentTo(t, contact.chatId),
      (sent) => sent.length === 1,
    );
    expect(sentTo(t, contact.chatId)).toEqual(['Still interested, Hoda?']);
    const again = await t.api.post('/auth/login', { email: acme.admin.email, password: PASSWORD });
    expect(again.status).toBe(200);
  });
});

describe('super: subscription expiry', () => {
  it('the check runs at start-up and queues its next run for just after midnight in Cairo', async () => {
    const queued = await eventually(
      () => raw<{ state: string; start_after: Date | string }>("select state, start_after from pgboss.job where name = 'subscription-expiry' and state = 'created'", []),
      (jobs) => jobs.length === 1,
      20_000,
    );
    const startAfter = new Date(queued[0].start_after);
    expect(startAfter.getTime()).toBeGreaterThan(Date.now());
    expect(startAfter.getTime()).toBe(startOfDay(dayIn(startAfter)).getTime() + 60_000);
    const done = await raw<{ n: number }>("select count(*)::int as n from pgboss.job where name = 'subscription-expiry' and state = 'completed'", []);
    expect(done[0].n).toBeGreaterThanOrEqual(1);
  });

  it('a subscription set to a past day refuses sign-in naming the day, and ends the open sessions', async () => {
    const token = await signIn(t, echo.admin.email);
    const socket = await socketFor(token);
    const yesterday = dayIn(new Date(t.clock.now().getTime() - 24 * HOUR));
    expect((await patchSubscription(echo.tenantId, subscription({ expiresAt: yesterday }))).status).toBe(200);

    expect((await socket.waitFor('force_logout')).reason).toBe('subscription_expired');
    expect((await t.api.get('/auth/me', { token })).body.code).toBe('auth.subscription_expired');
    const login = await t.api.post('/auth/login', { email: echo.admin.email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({
      code: 'auth.subscription_expired_on',
      params: { date: yesterday },
      error: `Your company's subscription expired on ${yesterday}. Please contact support to renew it.`,
    });
    // renewed: sign-in works again
    await patchSubscription(echo.tenantId, subscription({ expiresAt: '2099-01-01' }));
    expect((await t.api.post('/auth/login', { email: echo.admin.email, password: PASSWORD })).status).toBe(200);
  });

  it('the daily job marks subscriptions past their day expired, audits it as the platform, and ends their sessions', async () => {
    const today = dayIn(t.clock.now());
    expect((await patchSubscription(delta.tenantId, subscription({ expiresAt: today, price: 10 }))).status).toBe(200);
    const token = await signIn(t, delta.admin.email);
    const socket = await socketFor(token);
    const access = t.app.get(TenantAccessService);
    await access.expireDueSubscriptions();
    expect((await detail(delta.tenantId)).subscription.status).toBe('active');

    // the last minute of the day in Cairo: still valid
    t.clock.set(new Date(startOfDay(nextDay(today)).getTime() - 60_000));
    await access.expireDueSubscriptions();
    expect((await detail(delta.tenantId)).subscription.status).toBe('active');

    t.clock.set(new Date(startOfDay(nextDay(today)).getTime() + 60_000));
    await access.expireDueSubscriptions();
    expect((await detail(delta.tenantId)).subscription.status).toBe('expired');
    expect(await socket.waitFor('force_logout')).toEqual({ reason: 'subscription_expired', message: "Your company's subscription has expired. Please contact support to renew it." });
    const [entry] = await auditOf(delta.tenantId);
    expect(entry).toMatchObject({ action: 'tenant.subscription_expired', actorName: null, before: { status: 'active' }, after: { status: 'expired' } });
    const login = await t.api.post('/auth/login', { email: delta.admin.email, password: PASSWORD });
    expect(login.body).toMatchObject({ code: 'auth.subscription_expired_on', params: { date: today } });
    // companies without an expiry date, or with a later one, are untouched
    expect((await detail(acme.tenantId)).subscription.status).toBe('active');
    expect((await detail(bravo.tenantId)).subscription.status).toBe('active');
    // a second run finds nothing more to do
    expect(await access.expireDueSubscriptions()).toBe(0);
    expect(await auditOf(delta.tenantId)).toHaveLength(2);
  });
});

describe('super routes: audience', () => {
  it('refuses a company token (even an admin) on every /super route', async () => {
    const adminToken = await signIn(t, bravo.admin.email);
    const doc: any = await (await fetch(`${t.url}/api/docs`)).json();
    const checked: string[] = [];
    for (const [path, methods] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/api/super')) continue;
      for (const [method, op] of Object.entries<any>(methods)) {
        if (!op.security?.length) continue;
        const res = await t.api.request(method.toUpperCase(), path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, bravo.tenantId), {
          token: adminToken,
          body: method === 'get' ? undefined : { isActive: false },
        });
        expect([401, 403], `${method} ${path}`).toContain(res.status);
        checked.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['GET /api/super/stats', 'GET /api/super/tenants/{id}', 'PATCH /api/super/tenants/{id}', 'PATCH /api/super/tenants/{id}/subscription']));
    expect((await detail(bravo.tenantId)).isActive).toBe(true);
  });
});
