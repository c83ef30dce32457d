import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase } from '../../../test/test-database.js';
import { DEMO_PASSWORD, DEMO_SUPER, DEMO_USERS } from './demo-accounts.js';

let apps: TestApp[] = [];
afterEach(async () => {
  for (const a of apps) await a.close();
  apps = [];
});

describe('demo data', () => {
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
