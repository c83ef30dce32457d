import { dayIn } from '@crm/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { PASSWORD, seedCompany, seedSuperAdmin, signIn, superSignIn, type SeededCompany } from '../../../test/fixtures.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';
import { loginFailures, userSessions } from './auth.table.js';
import { TokenService } from '../../platform/auth/token.service.js';

let t: TestApp;
let acme: SeededCompany;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedCompany(t, 'acme');
  await seedSuperAdmin(t);
});
afterAll(() => t?.close());

describe('sign-in', () => {
  it('returns a token and the user fields', async () => {
    const res = await t.api.post('/auth/login', { email: acme.admin.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.data).toMatchObject({
      _id: acme.admin.id,
      name: acme.admin.name,
      email: acme.admin.email,
      role: 'admin',
      tenantId: acme.tenantId,
      isActive: true,
    });
    expect(res.body.data.token).toEqual(expect.any(String));
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const res = await t.api.post('/auth/login', { email: `  ${acme.admin.email.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with a clear text and no token', async () => {
    const res = await t.api.post('/auth/login', { email: acme.admin.email, password: 'wrong-password' }, { ip: '10.1.0.1' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ ok: false, error: 'Invalid email or password.', code: 'auth.invalid_credentials' });
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const res = await t.api.post('/auth/login', { email: 'nobody@acme.test', password: 'whatever1' }, { ip: '10.1.0.2' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Invalid email or password.');
  });

  it('names the missing or malformed field', async () => {
    const missing = await t.api.post('/auth/login', { password: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('email');
    expect(missing.body.error).toMatch(/email/i);
    const malformed = await t.api.post('/auth/login', { email: 'not-an-email', password: 'x' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('Email must be a valid email address');
    const noPassword = await t.api.post('/auth/login', { email: acme.admin.email });
    expect(noPassword.body.field).toBe('password');
  });

  it('answers a body that is not JSON with a 400, not a crash', async () => {
    const res = await fetch(`${t.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { ok: boolean }).ok).toBe(false);
  });
});

describe('session', () => {
  it('me returns the signed-in user; logout revokes the token at once', async () => {
    const token = await signIn(t, acme.sales[0].email);
    const me = await t.api.get('/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ _id: acme.sales[0].id, role: 'sales', email: acme.sales[0].email });

    const out = await t.api.post('/auth/logout', undefined, { token });
    expect(out.status).toBe(200);
    const after = await t.api.get('/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('Your session has ended. Please sign in again.');
  });

  it('records the session history with login time, logout time and duration', async () => {
    const token = await signIn(t, acme.sales[1].email);
    t.clock.advance(90_000);
    await t.api.post('/auth/logout', undefined, { token });
    const rows = await t.db.platform((tx) => tx.select().from(userSessions).where(eq(userSessions.userId, acme.sales[1].id)));
    const closed = rows.find((r) => r.endReason === 'logout');
    expect(closed?.logoutAt).toBeInstanceOf(Date);
    expect(closed?.durationSeconds).toBe(90);
  });

  it('refuses requests without a token, with a forged token, and with a garbage header', async () => {
    expect((await t.api.get('/auth/me')).status).toBe(401);
    expect((await t.api.get('/auth/me', { token: 'abc.def.ghi' })).status).toBe(401);
    expect((await t.api.get('/auth/me', { headers: { authorization: 'Basic Zm9v' } })).status).toBe(401);
  });

  it('ends a session that was idle longer than the idle limit', async () => {
    const token = await signIn(t, acme.admin.email);
    t.clock.advance(t.config.session.idleMs + 1_000);
    const res = await t.api.get('/auth/me', { token });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Your session has expired. Please sign in again.');
  });

  it("records a session's last activity at most once a minute, and requests in between write nothing", async () => {
    const token = await signIn(t, acme.sales[0].email);
    const lastSeen = async () =>
      (await t.db.platform((tx) => tx.select({ at: userSessions.lastSeenAt }).from(userSessions).where(eq(userSessions.userId, acme.sales[0].id))))
        .map((r) => r.at.getTime())
        .sort()
        .at(-1);
    const signedInAt = await lastSeen();
    t.clock.advance(30_000);
    expect((await t.api.get('/auth/me', { token })).status).toBe(200);
    expect(await lastSeen()).toBe(signedInAt);
    t.clock.advance(31_000);
    expect((await t.api.get('/auth/me', { token })).status).toBe(200);
    expect(await lastSeen()).toBe(t.clock.now().getTime());
  });

  it('refuses a token whose session belongs to another user, even a colleague in the same company', async () => {
    const mine = await signIn(t, acme.sales[0].email);
    const [session] = await t.db.platform((tx) => tx.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.userId, acme.sales[0].id)).orderBy(userSessions.loginAt).limit(1));
    const forged = await t.app.get(TokenService).sign({ subject: acme.admin.id, sessionId: session.id, audience: 'tenant' });
    expect((await t.api.get('/auth/me', { token: mine })).status).toBe(200);
    expect((await t.api.get('/auth/me', { token: forged })).status).toBe(401);
  });

  it('ends a busy session at its absolute lifetime', async () => {
    const token = await signIn(t, acme.admin.email);
    const step = t.config.session.idleMs / 2;
    for (let elapsed = 0; elapsed < t.config.session.maxAgeMs; elapsed += step) {
      t.clock.advance(step);
      const res = await t.api.get('/auth/me', { token });
      if (res.status === 401) {
        expect(elapsed + step).toBeGreaterThan(t.config.session.maxAgeMs);
        return;
      }
    }
    t.clock.advance(step);
    expect((await t.api.get('/auth/me', { token })).status).toBe(401);
  });
});

describe('refusals', () => {
  it('refuses an inactive user at sign-in, and revokes an open session when deactivated', async () => {
    const company = await seedCompany(t, 'deact', { sales: 1 });
    const token = await signIn(t, company.sales[0].email);
    await t.db.platform((tx) => tx.update(users).set({ isActive: false }).where(eq(users.id, company.sales[0].id)));

    const me = await t.api.get('/auth/me', { token });
    expect(me.status).toBe(401);
    expect(me.body.error).toBe('Your account has been deactivated. Please contact your administrator.');
    const login = await t.api.post('/auth/login', { email: company.sales[0].email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.error).toBe('Your account has been deactivated. Please contact your administrator.');
  });

  it('refuses a suspended company and revokes its sessions', async () => {
    const company = await seedCompany(t, 'suspended', { sales: 0 });
    const token = await signIn(t, company.admin.email);
    await t.db.platform((tx) => tx.update(tenants).set({ isActive: false }).where(eq(tenants.id, company.tenantId)));
    expect((await t.api.get('/auth/me', { token })).body.error).toBe('Your company account is suspended. Please contact support.');
    const login = await t.api.post('/auth/login', { email: company.admin.email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.error).toBe('Your company account is suspended. Please contact support.');
  });

  it('refuses a company whose subscription has expired', async () => {
    const company = await seedCompany(t, 'expired', {
      sales: 0,
      tenant: { subscriptionStatus: 'active', subscriptionExpiresAt: new Date(t.clock.now().getTime() - 1000) },
    });
    const login = await t.api.post('/auth/login', { email: company.admin.email, password: PASSWORD });
    expect(login.status).toBe(403);
    // the day it ran out, in Cairo, in the text and in the params the renderer words it from
    const day = dayIn(new Date(t.clock.now().getTime() - 1000));
    expect(login.body).toMatchObject({
      code: 'auth.subscription_expired_on',
      params: { date: day },
      error: `Your company's subscription expired on ${day}. Please contact support to renew it.`,
    });
  });

  it('refuses a company marked expired without an expiry day, with the general text', async () => {
    const company = await seedCompany(t, 'expired-undated', { sales: 0, tenant: { subscriptionStatus: 'expired', subscriptionExpiresAt: null } });
    const login = await t.api.post('/auth/login', { email: company.admin.email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'auth.subscription_expired', error: "Your company's subscription has expired. Please contact support to renew it." });
  });
});

describe('throttling', () => {
  it('10 failures from one address lock that address out of the account, not its owner elsewhere', async () => {
    const company = await seedCompany(t, 'throttle', { sales: 0 });
    const email = company.admin.email;
    const attacker = '10.2.0.66';
    for (let i = 0; i < 10; i++) {
      const res = await t.api.post('/auth/login', { email, password: 'bad-password' }, { ip: attacker });
      expect(res.status).toBe(401);
    }
    // the attacker is refused even with the right password
    const locked = await t.api.post('/auth/login', { email, password: PASSWORD }, { ip: attacker });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(locked.body.error).toMatch(/Too many failed sign-in attempts/);

    // the owner, from their own address, signs in as usual
    const owner = await t.api.post('/auth/login', { email, password: PASSWORD }, { ip: '10.2.1.1' });
    expect(owner.body.error).toBeUndefined();
    expect(owner.status).toBe(200);
    expect((await t.api.post('/auth/login', { email, password: PASSWORD }, { ip: attacker })).status).toBe(429);

    t.clock.advance(15 * 60_000 + 1000);
    expect((await t.api.post('/auth/login', { email, password: PASSWORD }, { ip: attacker })).status).toBe(200);
  });

  it('past the per-account ceiling (guesses from many addresses) every attempt waits a delay that doubles, never a lockout', async () => {
    const company = await seedCompany(t, 'spread', { sales: 0 });
    const email = company.admin.email;
    const { maxPerAccount, maxPerAccountAndIp } = t.config.loginThrottle;
    for (let i = 0; i < maxPerAccount; i++) {
      const ip = `10.6.${Math.floor(i / maxPerAccountAndIp)}.${i % maxPerAccountAndIp}`;
      expect((await t.api.post('/auth/login', { email, password: 'bad-password' }, { ip })).status).toBe(401);
    }
    const owner = '10.6.200.1';
    const waited = await t.api.post('/auth/login', { email, password: PASSWORD }, { ip: owner });
    expect(waited.status).toBe(429);
    expect(waited.headers.get('retry-after')).toBe('1');
    t.clock.advance(1000);
    // one more guess lets in one more try, after twice the delay
    expect((await t.api.post('/auth/login', { email, password: 'bad-password' }, { ip: '10.6.201.1' })).status).toBe(401);
    expect((await t.api.post('/auth/login', { email, password: PASSWORD }, { ip: owner })).headers.get('retry-after')).toBe('2');
    t.clock.advance(2000);
    expect((await t.api.post('/auth/login', { email, password: PASSWORD }, { ip: owner })).status).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
  }, 90_000); // a hundred password hashes

  it('counts parallel guesses one by one: 60 at once get exactly 10 tries', async () => {
    const company = await seedCompany(t, 'parallel', { sales: 0 });
    const email = company.admin.email;
    const answers = await Promise.all(Array.from({ length: 60 }, () => t.api.post('/auth/login', { email, password: 'bad-password' }, { ip: '10.7.0.1' })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(t.config.loginThrottle.maxPerAccountAndIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - t.config.loginThrottle.maxPerAccountAndIp);
    const rows = await t.db.platform((tx) =>
      tx
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.accountKey, `user:${email}`)),
    );
    expect(rows).toHaveLength(t.config.loginThrottle.maxPerAccountAndIp);
    t.clock.advance(15 * 60_000 + 1000);
  });

  it('blocks an address after 30 failures across accounts, without counting successful sign-ins', async () => {
    const company = await seedCompany(t, 'office', { sales: 1 });
    const ip = '10.3.3.3';
    for (let i = 0; i < 30; i++) {
      // a busy office: good sign-ins from the same address are never counted
      expect((await t.api.post('/auth/login', { email: company.sales[0].email, password: PASSWORD }, { ip })).status).toBe(200);
      expect((await t.api.post('/auth/login', { email: company.sales[0].email, password: PASSWORD }, { ip })).status).toBe(200);
      const res = await t.api.post('/auth/login', { email: `guess${i}@office.test`, password: 'nope-nope' }, { ip });
      expect(res.status).toBe(401);
    }
    const blocked = await t.api.post('/auth/login', { email: company.admin.email, password: PASSWORD }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    // another address is not affected
    const other = await t.api.post('/auth/login', { email: company.admin.email, password: PASSWORD }, { ip: '10.3.3.4' });
    expect(other.body.error).toBeUndefined();
    expect(other.status).toBe(200);
  });

  it('throttles super administrator sign-in the same way: the guessing address, not the owner', async () => {
    for (let i = 0; i < 10; i++) {
      await t.api.post('/super/login', { email: 'root@platform.test', password: 'bad-password' }, { ip: '10.4.0.9' });
    }
    expect((await t.api.post('/super/login', { email: 'root@platform.test', password: PASSWORD }, { ip: '10.4.0.9' })).status).toBe(429);
    expect((await t.api.post('/super/login', { email: 'root@platform.test', password: PASSWORD }, { ip: '10.4.1.1' })).status).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
  });
});

describe('audiences', () => {
  it('refuses a tenant token on super routes and a super token on tenant routes', async () => {
    const tenantToken = await signIn(t, acme.admin.email);
    const superToken = await superSignIn(t);
    expect((await t.api.get('/super/tenants', { token: tenantToken })).status).toBe(401);
    expect((await t.api.get('/super/tenants', { token: superToken })).status).toBe(200);
    expect((await t.api.get('/auth/me', { token: superToken })).status).toBe(401);
    expect((await t.api.get('/auth/users', { token: superToken })).status).toBe(401);
  });

  it('super logout revokes the super token', async () => {
    const token = await superSignIn(t);
    expect((await t.api.get('/super/me', { token })).status).toBe(200);
    await t.api.post('/super/logout', undefined, { token });
    expect((await t.api.get('/super/me', { token })).status).toBe(401);
  });

  it('refuses a wrong super password with the same text as tenants get', async () => {
    const res = await t.api.post('/super/login', { email: 'root@platform.test', password: 'wrong-one' }, { ip: '10.5.0.1' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Invalid email or password.');
  });
});
