import { afterAll, describe, expect, it } from 'vitest';
import { startMessengerApp } from '../../../test/messenger.js';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { until } from '../../../test/cloud-api.js';
import { FakeGraphApi, TOKEN_EXPIRED } from '../../../test/fake-graph-api.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { WhatsAppWatchdogService } from '../whatsapp/whatsapp-watchdog.service.js';

const NUMBER = '106540352242922';

describe('a company whose token Meta refused still reads needs_attention, with why, after the app restarts', () => {
  const apps: TestApp[] = [];
  let database: TestDatabase | undefined;
  const graph = new FakeGraphApi();
  afterAll(async () => {
    for (const app of apps) await app.stop().catch(() => undefined);
    await database?.drop();
    await graph.stop();
  });

  it('the settings read "not tested yet" until Meta answered once, then connected; a refused token survives the restart', async () => {
    await graph.start();
    const number = graph.addNumber(NUMBER, { displayPhoneNumber: '+20 100 123 4567' });
    database = await createTestDatabase({ persistent: true });
    const env = { WHATSAPP_CLOUD_API_URL: graph.url, SECRETS_KEY: Buffer.alloc(32, 9).toString('base64') };
    const first = await startMessengerApp({ database, env });
    apps.push(first);
    const company = await seedCompany(first, 'attention-restart', { sales: 0 });
    let admin = await signIn(first, company.admin.email);
    // Meta does not answer yet (a proxy down): the session cannot check the number
    graph.failing.set(NUMBER, { status: 503, error: { message: 'Service unavailable', type: 'OAuthException', code: 2 } });
    const settings = { phoneNumberId: NUMBER, businessAccountId: '102290129340398', accessToken: number.token, appSecret: 'app-secret-0123456789', verifyToken: 'verify-me-please' };
    const saved = await first.api.put('/whatsapp/cloud', settings, { token: admin });
    expect(saved.body.data).toMatchObject({ state: 'untested', lastTestedAt: null });
    await new Promise((r) => setTimeout(r, 300));
    expect((await first.api.get('/whatsapp/cloud', { token: admin })).body.data).toMatchObject({ state: 'untested', lastTestedAt: null });

    // Meta answers: the session connects, and the settings no longer say "not tested yet"
    graph.failing.delete(NUMBER);
    expect((await first.api.put('/whatsapp/cloud', settings, { token: admin })).status).toBe(200);
    const connected = await until(
      async () => (await first.api.get('/whatsapp/cloud', { token: admin })).body.data,
      (c) => c.state === 'connected',
    );
    expect(connected).toMatchObject({ state: 'connected', reasonCode: null });
    expect(connected.lastTestedAt).not.toBeNull();

    // the token expires: the watchdog's ping finds it
    graph.failing.set(NUMBER, { status: 401, error: TOKEN_EXPIRED });
    await first.app.get(WhatsAppWatchdogService).runOnce();
    await until(
      async () => (await first.api.get('/whatsapp/status', { token: admin })).body.data.state,
      (s) => s === 'needs_attention',
    );
    await until(
      async () => (await first.api.get('/whatsapp/cloud', { token: admin })).body.data.state,
      (s) => s === 'needs_attention',
    );
    await first.stop();
    apps.pop();

    const second = await startMessengerApp({ database, env });
    apps.push(second);
    admin = await signIn(second, company.admin.email);
    const status = (await second.api.get('/whatsapp/status', { token: admin })).body.data;
    expect(status).toMatchObject({ state: 'needs_attention', ready: false, reasonCode: 'token_invalid' });
    expect(status.reason).toContain('Meta refused the access token');
    expect((await second.api.get('/whatsapp/cloud', { token: admin })).body.data).toMatchObject({ state: 'needs_attention', reasonCode: 'token_invalid' });
  }, 90_000);
});
