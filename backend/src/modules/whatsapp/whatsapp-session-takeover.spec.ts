import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { startInstance, type Instance } from '../../../test/instances.js';
import { messengerTestEnv, sleep, startMessengerApp } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

/*
 * The owner of a company's WhatsApp session dies (SIGKILL: no shutdown, no hand-over): another
 * backend instance, a separate OS process on the same PostgreSQL and DATA_DIR, takes the session
 * over once the lease expires, from the stored session (no QR). PostgreSQL only.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const LEASE_SECONDS = 4;

describe.skipIf(!onPostgres)('a WhatsApp session moves when its owner process dies', () => {
  let database: TestDatabase;
  let dataDir: string;
  let seeder: TestApp;
  let company: SeededCompany;
  const instances: Instance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'crm-wa-takeover-'));
    // migrates and seeds; its own lease sweep never comes round during the test
    seeder = await startMessengerApp({ database, env: { WHATSAPP_LEASE_SECONDS: '36000' } });
    company = await seedCompany(seeder, 'wa-takeover');
  }, 120_000);
  afterAll(async () => {
    instances.forEach((i) => i.process.kill('SIGKILL'));
    await seeder?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('killed owner → the other process is connected within the lease time, without a new QR', async () => {
    const env = messengerTestEnv({ DATABASE_URL: database.databaseUrl!, DATA_DIR: dataDir, WHATSAPP_LEASE_SECONDS: String(LEASE_SECONDS) });
    const [a, b] = await Promise.all([startInstance({ ...env, INSTANCE_ID: 'instance-a' }), startInstance({ ...env, INSTANCE_ID: 'instance-b' })]);
    instances.push(a, b);
    const token = await signIn(a, company.admin.email);
    expect((await a.api.post('/whatsapp/start', undefined, { token })).status).toBe(200);
    expect((await a.api.post('/dev/whatsapp/connect-now', undefined, { token })).status).toBe(200);
    let state = '';
    for (let i = 0; i < 200 && state !== 'connected'; i++) {
      await sleep(50);
      state = (await a.api.get('/whatsapp/status', { token })).body.data.state;
    }
    expect(state).toBe('connected');
    // B reports A's session and does not run one: its simulator refuses an inbound message
    await sleep(LEASE_SECONDS * 1000);
    expect((await b.api.get('/whatsapp/status', { token })).body.data.state).toBe('connected');
    expect((await b.api.post('/dev/whatsapp/inbound', { from: '+201001239999', body: 'to B' }, { token })).body.code).toBe('whatsapp.not_started');

    a.process.kill('SIGKILL');
    const killedAt = Date.now();
    let contactId: string | undefined;
    while (!contactId && Date.now() - killedAt < 30_000) {
      await sleep(100);
      const res = await b.api.post('/dev/whatsapp/inbound', { from: '+201001230003', name: 'Salma', body: 'Still there?', id: 'false_201001230003@c.us_KILLED1' }, { token });
      if (res.status === 200) contactId = res.body.data.contactId;
    }
    expect(contactId).toBeDefined();
    // the lease time, plus at most one sweep period and the reconnection
    expect(Date.now() - killedAt).toBeLessThan(LEASE_SECONDS * 1000 + 3_000);
    const status = (await b.api.get('/whatsapp/status', { token })).body.data;
    expect(status).toMatchObject({ state: 'connected', qr: null });
    const messages = (await b.api.get(`/messages?contactId=${contactId}`, { token })).body.data.items as { body: string }[];
    expect(messages.map((m) => m.body)).toEqual(['Still there?']);
  }, 120_000);
});
