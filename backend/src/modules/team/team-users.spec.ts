import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedCompany, seedSuperAdmin, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectSocket, connectWhatsApp, inbound, sleep, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import type { TenantActor } from '../../platform/auth/actor.js';
import { TeamUsersService } from './team-users.service.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminToken: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startMessengerApp();
  a = await seedCompany(t, 'team-alpha', { sales: 2 });
  b = await seedCompany(t, 'team-beta', { sales: 1 });
  await seedSuperAdmin(t, 'root@platform.test');
  adminToken = await signIn(t, a.admin.email);
}, 60_000);
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

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

const put = (id: string, body: Record<string, unknown>, token = adminToken) => t.api.put(`/users/${id}`, body, { token });
const login = (email: string, password = PASSWORD) => t.api.post('/auth/login', { email, password }, { ip: '10.0.0.7' });

describe('GET /users', () => {
  it("lists the company's users with role, active flag and presence, never a password hash, and no other company's", async () => {
    const res = await t.api.get('/users', { token: adminToken });
    expect(res.status).toBe(200);
    const emails = res.body.data.map((u: { email: string }) => u.email);
    expect(emails.sort()).toEqual([a.admin.email, a.sales[0].email, a.sales[1].email].sort());
    const rep = res.body.data.find((u: { _id: string }) => u._id === a.sales[0].id);
    expect(rep).toMatchObject({ name: a.sales[0].name, role: 'sales', isActive: true, status: 'offline', isOnline: false, lastSeen: null, createdAt: expect.any(String) });
    expect(JSON.stringify(res.body.data)).not.toMatch(/password/i);
  });

  it('shows a connected user as online', async () => {
    const token = await signIn(t, a.sales[1].email);
    const s = await socketFor(token);
    const res = await t.api.get('/users', { token: adminToken });
    expect(res.body.data.find((u: { _id: string }) => u._id === a.sales[1].id)).toMatchObject({ status: 'online', isOnline: true, lastSeen: expect.any(String) });
    s.close();
  });

  it('is for admins only: a sales user gets 403 on every /users route', async () => {
    const token = await signIn(t, a.sales[0].email);
    expect((await t.api.get('/users', { token })).status).toBe(403);
    expect((await t.api.post('/users', { name: 'X', email: 'x@x.test', password: 'Str0ng-pass' }, { token })).status).toBe(403);
    expect((await put(a.sales[1].id, { name: 'X' }, token)).status).toBe(403);
    expect((await t.api.get(`/users/${a.sales[1].id}/sessions`, { token })).status).toBe(403);
  });
});

describe('POST /users', () => {
  it('adds an active sales user by default, who can sign in', async () => {
    const res = await t.api.post('/users', { name: 'Nour', email: 'Nour@Team-Alpha.test', password: 'Str0ng-pass' }, { token: adminToken });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Nour', email: 'nour@team-alpha.test', role: 'sales', isActive: true, tenantId: a.tenantId });
    expect(res.body.data).not.toHaveProperty('passwordHash');
    expect((await login('nour@team-alpha.test', 'Str0ng-pass')).status).toBe(200);
  });

  it('refuses an email in use, in this or another company, with user.email_taken on the email field', async () => {
    for (const email of [a.sales[0].email, b.sales[0].email.toUpperCase()]) {
      const res = await t.api.post('/users', { name: 'Dup', email, password: 'Str0ng-pass' }, { token: adminToken });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ ok: false, code: 'user.email_taken', field: 'email' });
    }
  });

  it("refuses the platform super administrator's email, in any case, with user.email_reserved; nothing is created", async () => {
    for (const email of ['root@platform.test', 'ROOT@Platform.test']) {
      const res = await t.api.post('/users', { name: 'Impostor', email, password: 'Str0ng-pass' }, { token: adminToken });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ ok: false, code: 'user.email_reserved', field: 'email', error: 'This email belongs to the platform administrator and cannot be used for a company user.' });
    }
    const users = (await t.api.get('/users', { token: adminToken })).body.data as { email: string }[];
    expect(users.map((u) => u.email)).not.toContain('root@platform.test');
    expect((await login('root@platform.test', 'Str0ng-pass')).status).toBe(401);
  });

  it('applies the password rules of account creation', async () => {
    const res = await t.api.post('/users', { name: 'Short', email: 'short@team-alpha.test', password: 'short' }, { token: adminToken });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', field: 'password' });
  });
});

describe('PUT /users/{id}', () => {
  it('changes name and email; a blank password keeps the current one and leaves the sessions alone', async () => {
    const created = (await t.api.post('/users', { name: 'Omar', email: 'omar@team-alpha.test', password: 'Str0ng-pass' }, { token: adminToken })).body.data;
    const token = await signIn(t, 'omar@team-alpha.test', 'Str0ng-pass');
    const res = await put(created._id, { name: 'Omar Said', email: 'omar.said@team-alpha.test', role: 'sales', isActive: true, password: '' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Omar Said', email: 'omar.said@team-alpha.test' });
    expect((await t.api.get('/auth/me', { token })).status).toBe(200);
    expect((await login('omar.said@team-alpha.test', 'Str0ng-pass')).status).toBe(200);
  });

  it('a new password ends the sessions; the old password no longer works, the new one does', async () => {
    const created = (await t.api.post('/users', { name: 'Hana', email: 'hana@team-alpha.test', password: 'Str0ng-pass' }, { token: adminToken })).body.data;
    const token = await signIn(t, 'hana@team-alpha.test', 'Str0ng-pass');
    expect((await put(created._id, { password: 'N3w-password' })).status).toBe(200);
    const me = await t.api.get('/auth/me', { token });
    expect(me.status).toBe(401);
    expect(me.body.error).toBe('Your password was changed. Please sign in again.');
    expect((await login('hana@team-alpha.test', 'Str0ng-pass')).status).toBe(401);
    expect((await login('hana@team-alpha.test', 'N3w-password')).status).toBe(200);
  });

  it("an admin's own new password ends their other sessions (force_logout, password_changed) and keeps the one that changed it", async () => {
    const c = await seedCompany(t, 'team-selfpass', { sales: 1 });
    const current = await signIn(t, c.admin.email);
    const elsewhere = await signIn(t, c.admin.email);
    const [currentSocket, otherSocket] = [await socketFor(current), await socketFor(elsewhere)];
    const rep = await signIn(t, c.sales[0].email);

    expect((await put(c.admin.id, { password: 'N3w-admin-pass' }, current)).status).toBe(200);
    expect(await otherSocket.waitFor('force_logout')).toEqual({ reason: 'password_changed', message: 'Your password was changed. Please sign in again.' });
    await disconnection(otherSocket);
    expect((await t.api.get('/auth/me', { token: elsewhere })).body.error).toBe('Your password was changed. Please sign in again.');

    // the session that made the change goes on, socket and all; a colleague is untouched
    expect((await t.api.get('/auth/me', { token: current })).status).toBe(200);
    expect((await t.api.get('/users', { token: current })).status).toBe(200);
    await sleep(100);
    expect(currentSocket.socket.connected).toBe(true);
    expect(currentSocket.all('force_logout')).toEqual([]);
    expect((await t.api.get('/auth/me', { token: rep })).status).toBe(200);
    expect((await login(c.admin.email, PASSWORD)).status).toBe(401);
    expect((await login(c.admin.email, 'N3w-admin-pass')).status).toBe(200);
  });

  it('a role change ends the sessions; the user signs in again with the new role', async () => {
    const created = (await t.api.post('/users', { name: 'Karim', email: 'karim@team-alpha.test', password: 'Str0ng-pass' }, { token: adminToken })).body.data;
    const token = await signIn(t, 'karim@team-alpha.test', 'Str0ng-pass');
    expect((await put(created._id, { role: 'admin' })).body.data.role).toBe('admin');
    expect((await t.api.get('/auth/me', { token })).body.error).toBe('Your role has changed. Please sign in again.');
    expect((await login('karim@team-alpha.test', 'Str0ng-pass')).body.data.role).toBe('admin');
    // and back, by another admin: fine while another active admin remains
    expect((await put(created._id, { role: 'sales' })).status).toBe(200);
  });

  it('refuses an email another user has', async () => {
    const res = await put(a.sales[1].id, { email: b.admin.email });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'user.email_taken', field: 'email' });
  });

  it("refuses to change a user's email to the super administrator's (user.email_reserved), and nothing changes", async () => {
    const res = await put(a.sales[1].id, { name: 'Renamed', email: 'Root@Platform.test' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'user.email_reserved', field: 'email' });
    const users = (await t.api.get('/users', { token: adminToken })).body.data as { _id: string; email: string; name: string }[];
    expect(users.find((u) => u._id === a.sales[1].id)).toMatchObject({ email: a.sales[1].email, name: a.sales[1].name });
  });

  it('an admin cannot deactivate or demote themselves (user.cannot_lock_out_self)', async () => {
    for (const change of [{ isActive: false }, { role: 'sales' }]) {
      const res = await put(a.admin.id, change);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'user.cannot_lock_out_self', error: 'You cannot deactivate your own account or remove your own admin role.' });
    }
    // saving their own form unchanged is fine
    expect((await put(a.admin.id, { name: a.admin.name, role: 'admin', isActive: true })).status).toBe(200);
    expect((await t.api.get('/auth/me', { token: adminToken })).status).toBe(200);
  });

  it('the last active admin cannot be demoted or deactivated, even by an admin whose own demotion raced it', async () => {
    const c = await seedCompany(t, 'team-gamma', { sales: 0 });
    const second = (await t.api.post('/users', { name: 'Second', email: 'second@team-gamma.test', password: 'Str0ng-pass', role: 'admin' }, { token: await signIn(t, c.admin.email) })).body.data;
    const secondToken = await signIn(t, 'second@team-gamma.test', 'Str0ng-pass');
    // the second admin demotes the first...
    expect((await put(c.admin.id, { role: 'sales' }, secondToken)).status).toBe(200);
    // ...while the first admin's request had already passed its sign-in check (a stale actor)
    const staleFirst: TenantActor = {
      kind: 'tenant',
      userId: c.admin.id,
      tenantId: c.tenantId,
      role: 'admin',
      sessionId: '00000000-0000-4000-8000-000000000000',
      name: c.admin.name,
      email: c.admin.email,
    };
    for (const change of [{ role: 'sales' as const }, { isActive: false }]) {
      await expect(t.app.get(TeamUsersService).update(staleFirst, second._id, change)).rejects.toMatchObject({ code: 'user.last_active_admin' });
    }
    const list = (await t.api.get('/users', { token: secondToken })).body.data;
    expect(list.filter((u: { role: string; isActive: boolean }) => u.role === 'admin' && u.isActive)).toHaveLength(1);
  });

  it("another company's user is not found (404), and nothing changes", async () => {
    const res = await put(b.sales[0].id, { name: 'Hijacked', isActive: false });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('user.not_found');
    expect((await login(b.sales[0].email)).status).toBe(200);
    expect((await t.api.get(`/users/${b.sales[0].id}/sessions`, { token: adminToken })).status).toBe(404);
  });
});

describe('deactivation', () => {
  it('deactivation cuts an open socket: it receives force_logout and then no msg:new; the user cannot sign in', async () => {
    const c = await seedCompany(t, 'team-delta', { sales: 1 });
    const cAdmin = await signIn(t, c.admin.email);
    await connectWhatsApp(t, cAdmin);
    const rep = c.sales[0];
    const repToken = await signIn(t, rep.email);
    const repSocket = await socketFor(repToken);
    const adminSocket = await socketFor(cAdmin);
    // a new lead goes to the only rep (round-robin), whose socket hears its messages
    await inbound(t, cAdmin, { from: '+201005500001', body: 'before deactivation' });
    await repSocket.waitFor('msg:new', (m) => m.body === 'before deactivation');

    const res = await put(rep.id, { isActive: false }, cAdmin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isActive: false });
    expect(await repSocket.waitFor('force_logout')).toEqual({ reason: 'deactivated', message: 'Your account has been deactivated. Please contact your administrator.' });
    await disconnection(repSocket);

    await inbound(t, cAdmin, { from: '+201005500001', body: 'after deactivation' });
    await adminSocket.waitFor('msg:new', (m) => m.body === 'after deactivation');
    await sleep(200);
    expect(repSocket.all('msg:new').map((m) => m.body)).toEqual(['before deactivation']);

    expect((await t.api.get('/auth/me', { token: repToken })).status).toBe(401);
    const again = await login(rep.email);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'auth.user_inactive', error: 'Your account has been deactivated. Please contact your administrator.' });

    // reactivated, they sign in again
    expect((await put(rep.id, { isActive: true }, cAdmin)).status).toBe(200);
    expect((await login(rep.email)).status).toBe(200);
  }, 30_000);
});

describe('GET /users/{id}/sessions', () => {
  it('lists sign-ins newest first: an ended one with logoutTime and duration in seconds, an open one without', async () => {
    const c = await seedCompany(t, 'team-eps', { sales: 1 });
    const cAdmin = await signIn(t, c.admin.email);
    const first = await signIn(t, c.sales[0].email);
    t.clock.advance(10 * 60_000);
    await t.api.post('/auth/logout', undefined, { token: first });
    t.clock.advance(60_000);
    await signIn(t, c.sales[0].email);
    const res = await t.api.get(`/users/${c.sales[0].id}/sessions`, { token: cAdmin });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({ logoutTime: null, duration: null, loginTime: expect.any(String) });
    expect(res.body.data[1]).toMatchObject({ logoutTime: expect.any(String), duration: 600 });
  });
});
