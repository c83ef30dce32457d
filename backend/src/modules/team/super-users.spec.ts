import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedCompany, seedSuperAdmin, signIn, superSignIn, type SeededCompany } from '../../../test/fixtures.js';
import { addLead, setLeadDistribution } from '../../../test/crm-fixtures.js';
import { connectSocket, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let superToken: string;
let companyAdminToken: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startMessengerApp();
  a = await seedCompany(t, 'su-alpha', { sales: 2 });
  b = await seedCompany(t, 'su-beta', { sales: 1 });
  await seedSuperAdmin(t);
  superToken = await superSignIn(t);
  companyAdminToken = await signIn(t, a.admin.email);
}, 60_000);
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

const get = (path: string) => t.api.get(path, { token: superToken });
const post = (body: Record<string, unknown>) => t.api.post('/super/users', body, { token: superToken });
const patch = (id: string, body: Record<string, unknown>) => t.api.patch(`/super/users/${id}`, body, { token: superToken });
const del = (id: string) => t.api.delete(`/super/users/${id}`, { token: superToken });
const login = (email: string, password = PASSWORD) => t.api.post('/auth/login', { email, password }, { ip: '10.0.0.8' });
const auditOf = async (tenantId: string) => (await get(`/super/tenants/${tenantId}/audit`)).body.data.items as { action: string; targetLabel: string; actorName: string; before: any; after: any }[];

function disconnection(s: TestSocket, timeoutMs = 5_000): Promise<void> {
  if (s.socket.disconnected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket was not disconnected')), timeoutMs);
    s.socket.once('disconnect', () => (clearTimeout(timer), resolve()));
  });
}

describe('GET /super/users', () => {
  it('lists the users of every company with their company, never a password hash', async () => {
    const res = await get('/super/users?limit=200');
    expect(res.status).toBe(200);
    const emails = res.body.data.items.map((u: { email: string }) => u.email);
    for (const u of [a.admin, ...a.sales, b.admin, ...b.sales]) expect(emails).toContain(u.email);
    const rep = res.body.data.items.find((u: { _id: string }) => u._id === b.sales[0].id);
    expect(rep).toMatchObject({ name: b.sales[0].name, role: 'sales', isActive: true, status: 'offline', tenant: { _id: b.tenantId, name: `Company ${b.slug}` } });
    expect(JSON.stringify(res.body.data)).not.toMatch(/password|argon/i);
  });

  it('filters by company and by name or email in any case, and pages on the server', async () => {
    const ofB = await get(`/super/users?tenantId=${b.tenantId}`);
    expect(ofB.body.data.items.map((u: { _id: string }) => u._id).sort()).toEqual([b.admin.id, b.sales[0].id].sort());
    expect(ofB.body.data.total).toBe(2);

    const byEmail = await get(`/super/users?q=${encodeURIComponent('SALES2@SU-ALPHA')}`);
    expect(byEmail.body.data.items.map((u: { _id: string }) => u._id)).toEqual([a.sales[1].id]);
    const byName = await get(`/super/users?q=${encodeURIComponent('admin 1 of su-')}`);
    expect(byName.body.data.items.map((u: { _id: string }) => u._id).sort()).toEqual([a.admin.id, b.admin.id].sort());
    // pattern characters are taken literally
    expect((await get('/super/users?q=%25')).body.data.total).toBe(0);

    const page1 = await get(`/super/users?tenantId=${a.tenantId}&limit=2&page=1`);
    const page2 = await get(`/super/users?tenantId=${a.tenantId}&limit=2&page=2`);
    expect(page1.body.data.total).toBe(3);
    expect(page1.body.data.items).toHaveLength(2);
    expect(page2.body.data.items).toHaveLength(1);
    expect(new Set([...page1.body.data.items, ...page2.body.data.items].map((u: { _id: string }) => u._id)).size).toBe(3);

    expect((await get('/super/users?tenantId=nope')).status).toBe(400);
    expect((await get('/super/users?limit=0')).status).toBe(400);
  });
});

describe('POST /super/users', () => {
  it('adds an active sales user (the default role) to the chosen company, who can sign in; audited', async () => {
    const res = await post({ name: 'New Rep', email: 'new.rep@su-beta.test', password: 'Strong-Pass-1', tenantId: b.tenantId });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'New Rep', email: 'new.rep@su-beta.test', role: 'sales', isActive: true, tenant: { _id: b.tenantId, name: `Company ${b.slug}` } });
    expect(JSON.stringify(res.body.data)).not.toMatch(/password/i);
    expect((await login('new.rep@su-beta.test', 'Strong-Pass-1')).status).toBe(200);
    const [entry] = await auditOf(b.tenantId);
    expect(entry).toMatchObject({ action: 'user.created', targetLabel: 'New Rep', actorName: 'Root', after: { email: 'new.rep@su-beta.test', role: 'sales' } });
    expect(JSON.stringify(entry)).not.toContain('Strong-Pass-1');
  });

  it('refuses a missing field, a bad email, a short password, an unknown role or company, and a taken email', async () => {
    const good = { name: 'X', email: 'x@su-beta.test', password: 'Strong-Pass-1', role: 'admin', tenantId: b.tenantId };
    for (const [field, value] of [
      ['name', ''],
      ['email', 'not-an-email'],
      ['password', 'short'],
      ['role', 'super'],
      ['tenantId', undefined],
    ] as const) {
      const res = await post({ ...good, [field]: value });
      expect(res.status, field).toBe(400);
    }
    const unknown = await post({ ...good, tenantId: '01900000-0000-7000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'tenant.not_found', error: 'Company not found.', field: 'tenantId' });
    const taken = await post({ ...good, email: a.sales[0].email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('user.email_taken');
    // the super administrator's own email is not for a company user
    const reserved = await post({ ...good, email: 'ROOT@platform.test' });
    expect(reserved.status).toBe(409);
    expect(reserved.body).toMatchObject({ code: 'user.email_reserved', field: 'email' });
    expect((await get('/super/users?q=root%40platform')).body.data.total).toBe(0);
    expect((await get('/super/users?q=x%40su-beta')).body.data.total).toBe(0);
  });
});

describe('PATCH /super/users/{id}', () => {
  it('changes name, email and role; a new role ends the sessions (open socket gets force_logout); audited with before and after', async () => {
    const created = (await post({ name: 'Promote Me', email: 'promote@su-alpha.test', password: 'Strong-Pass-1', tenantId: a.tenantId })).body.data;
    const token = await signIn(t, 'promote@su-alpha.test', 'Strong-Pass-1');
    const socket = await connectSocket(t, token);
    sockets.push(socket);
    const res = await patch(created._id, { name: 'Promoted', email: 'promoted@su-alpha.test', role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Promoted', email: 'promoted@su-alpha.test', role: 'admin', tenant: { _id: a.tenantId } });
    const forced = await socket.waitFor('force_logout');
    expect(forced).toMatchObject({ reason: 'role_changed' });
    await disconnection(socket);
    expect((await t.api.get('/auth/me', { token })).status).toBe(401);
    const entry = (await auditOf(a.tenantId)).find((e) => e.action === 'user.updated' && e.targetLabel === 'Promoted');
    expect(entry?.before).toEqual({ name: 'Promote Me', email: 'promote@su-alpha.test', role: 'sales' });
    expect(entry?.after).toEqual({ name: 'Promoted', email: 'promoted@su-alpha.test', role: 'admin' });
  });

  it('deactivating ends the sessions at once and sign-in is refused; re-activating restores it', async () => {
    const rep = a.sales[0];
    const token = await signIn(t, rep.email);
    const socket = await connectSocket(t, token);
    sockets.push(socket);
    expect((await patch(rep.id, { isActive: false })).status).toBe(200);
    expect(await socket.waitFor('force_logout')).toMatchObject({ reason: 'deactivated' });
    await disconnection(socket);
    expect((await t.api.get('/auth/me', { token })).status).toBe(401);
    expect((await login(rep.email)).body.code).toBe('auth.user_inactive');
    expect((await patch(rep.id, { isActive: true })).body.data.isActive).toBe(true);
    expect((await login(rep.email)).status).toBe(200);
    const entries = (await auditOf(a.tenantId)).filter((e) => e.targetLabel === rep.name);
    expect(entries.map((e) => e.after)).toEqual([{ isActive: true }, { isActive: false }]);
  });

  it('a new password ends the sessions and works; the audit says it changed, never what it is; blank keeps it', async () => {
    const rep = b.sales[0];
    const token = await signIn(t, rep.email);
    expect((await patch(rep.id, { password: '' })).status).toBe(200);
    expect((await t.api.get('/auth/me', { token })).status).toBe(200);
    expect((await patch(rep.id, { password: 'Brand-New-Pass-2' })).status).toBe(200);
    expect((await t.api.get('/auth/me', { token })).status).toBe(401);
    expect((await login(rep.email)).status).toBe(401);
    expect((await login(rep.email, 'Brand-New-Pass-2')).status).toBe(200);
    const [entry] = (await auditOf(b.tenantId)).filter((e) => e.targetLabel === rep.name);
    expect(entry.after).toEqual({ passwordChanged: true });
    expect(JSON.stringify(entry)).not.toContain('Brand-New-Pass-2');
  });

  it("refuses to deactivate or demote a company's last active admin, a taken email, bad values and an unknown user", async () => {
    const demote = await patch(b.admin.id, { role: 'sales' });
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe('user.last_active_admin');
    expect((await patch(b.admin.id, { isActive: false })).body.code).toBe('user.last_active_admin');
    const taken = await patch(b.admin.id, { email: a.admin.email });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('user.email_taken');
    const reserved = await patch(b.admin.id, { email: 'root@platform.test' });
    expect(reserved.status).toBe(409);
    expect(reserved.body.code).toBe('user.email_reserved');
    expect((await patch(b.admin.id, { role: 'boss' })).status).toBe(400);
    expect((await patch(b.admin.id, { isActive: 'no' })).status).toBe(400);
    const unknown = await patch('01900000-0000-7000-8000-000000000000', { name: 'Ghost' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('user.not_found');
    expect((await login(b.admin.email)).status).toBe(200);
  });
});

describe('GET /super/users/{id}/sessions', () => {
  it("lists the user's sign-ins, newest first, as the team screen does", async () => {
    const rep = a.sales[1];
    const first = await signIn(t, rep.email);
    t.clock.advance(90_000);
    await t.api.post('/auth/logout', undefined, { token: first });
    t.clock.advance(60_000);
    await signIn(t, rep.email);
    const res = await get(`/super/users/${rep.id}/sessions`);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(2);
    expect(res.body.data[0]).toMatchObject({ _id: expect.any(String), loginTime: expect.any(String), logoutTime: null, duration: null });
    expect(res.body.data[1]).toMatchObject({ logoutTime: expect.any(String), duration: 90 });
    expect((await get('/super/users/01900000-0000-7000-8000-000000000000/sessions')).status).toBe(404);
  });
});

describe('DELETE /super/users/{id}', () => {
  it('deletes the user, ends their sessions, leaves their leads to the company unassigned; audited', async () => {
    await setLeadDistribution(t, companyAdminToken, 'manual');
    const created = (await post({ name: 'Leaving Rep', email: 'leaving@su-alpha.test', password: 'Strong-Pass-1', tenantId: a.tenantId })).body.data;
    const token = await signIn(t, 'leaving@su-alpha.test', 'Strong-Pass-1');
    const lead = await addLead(t, token, { name: 'Kept Lead', phone: '+201009998877' });
    expect(lead.assignedTo?._id ?? lead.assignedTo).toBe(created._id);
    const socket = await connectSocket(t, token);
    sockets.push(socket);

    const res = await del(created._id);
    expect(res.status).toBe(200);
    expect(await socket.waitFor('force_logout')).toMatchObject({ reason: 'account_deleted' });
    expect((await t.api.get('/auth/me', { token })).status).toBe(401);
    expect((await login('leaving@su-alpha.test', 'Strong-Pass-1')).status).toBe(401);
    expect((await get(`/super/users?q=leaving`)).body.data.total).toBe(0);

    const kept = await t.api.get(`/contacts/${lead._id}`, { token: companyAdminToken });
    expect(kept.status).toBe(200);
    expect(kept.body.data.assignedTo ?? null).toBeNull();
    const unassigned = await t.api.get('/contacts?stage=lead&assignedTo=unassigned&withTotals=true', { token: companyAdminToken });
    expect(unassigned.body.data.items.map((c: { _id: string }) => c._id)).toContain(lead._id);

    const [entry] = await auditOf(a.tenantId);
    expect(entry).toMatchObject({ action: 'user.deleted', targetLabel: 'Leaving Rep', before: { email: 'leaving@su-alpha.test', role: 'sales' } });
    expect((await del(created._id)).status).toBe(404);
  });

  it("refuses to delete a company's last active admin", async () => {
    const res = await del(b.admin.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('user.last_active_admin');
    expect((await login(b.admin.email)).status).toBe(200);
  });
});

describe('audience', () => {
  it("refuses a company admin's token on every super users route", async () => {
    const id = a.sales[1].id;
    const calls = [
      t.api.get('/super/users', { token: companyAdminToken }),
      t.api.post('/super/users', { name: 'X', email: 'x@x.test', password: 'Strong-Pass-1', tenantId: a.tenantId }, { token: companyAdminToken }),
      t.api.patch(`/super/users/${id}`, { isActive: false }, { token: companyAdminToken }),
      t.api.delete(`/super/users/${id}`, { token: companyAdminToken }),
      t.api.get(`/super/users/${id}/sessions`, { token: companyAdminToken }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
    expect((await login(a.sales[1].email)).status).toBe(200);
  });
});
