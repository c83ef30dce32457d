import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OpenSockets, sleep, startMessengerApp } from '../../../test/messenger.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectCloudCompany, inboundMessages, postWebhook, signature, textMessage, until, webhookEvents, webhookPayload } from '../../../test/cloud-api.js';
import { FakeGraphApi } from '../../../test/fake-graph-api.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { DB_CONNECTION } from '../../platform/db/database.js';
import type { DbConnection } from '../../platform/db/database.types.js';
import { messages } from '../messages/messages.table.js';
import { CloudWebhookProcessor, WEBHOOK_QUEUE, type WebhookJob } from './cloud-webhook-processor.js';
import { whatsappCloudWebhookEvents } from './whatsapp-cloud.table.js';

const NUMBER = '107650352242933';
const SECRET = 'c1b2c3d4e5f60718293a4b5c6d7e8f90';
const onPostgres = !!process.env.TEST_DATABASE_URL;

const deliver = (app: TestApp, raw: string, secret: string) => postWebhook(app, NUMBER, raw, secret);

describe('webhook deliveries arriving together', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let company: SeededCompany;
  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    t = await startMessengerApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url } });
    company = await seedCompany(t, 'cloud-groups', { sales: 0 });
    const admin = await signIn(t, company.admin.email);
    await connectCloudCompany(t, graph, { tenantId: company.tenantId, admin, phoneNumberId: NUMBER, appSecret: SECRET, verifyToken: 'verify-me-please' });
  });
  afterAll(async () => {
    await t?.close();
    await graph?.stop();
  });

  it('are stored with their recovery jobs, answered 200, and each message stored once; the recovery jobs then find nothing to do', async () => {
    const raws = Array.from({ length: 40 }, (_, i) => JSON.stringify(webhookPayload(NUMBER, textMessage(`2010011${String(i).padStart(5, '0')}`, `wamid.group.${i}`, `hello ${i}`))));
    const answers = await Promise.all(raws.map((raw) => deliver(t, raw, SECRET)));
    expect(answers.map((r) => r.status)).toEqual(raws.map(() => 200));

    const events = () => webhookEvents(t, company.tenantId);
    const done = await until(events, (rows) => rows.filter((r) => r.status === 'processed').length === 40, 15_000);
    expect(done.map((r) => r.status)).toEqual(raws.map(() => 'processed'));
    const inbound = () => inboundMessages(t, company.tenantId);
    expect((await inbound()).map((m) => m.waMessageId).sort()).toEqual(raws.map((_, i) => `wamid.group.${i}`).sort());

    // every delivery is named by exactly one recovery job
    const jobs = await t.app.get<DbConnection>(DB_CONNECTION).raw<{ data: WebhookJob }>('select data from pgboss.job where name = $1', [WEBHOOK_QUEUE]);
    const named = jobs.flatMap((j) => j.data.eventIds ?? []);
    expect(named.sort()).toEqual(done.map((e) => e.id).sort());

    // the recovery jobs come due: everything is processed already
    await t.app.get(CloudWebhookProcessor).recover(jobs.map((j) => j.data));
    expect(await inbound()).toHaveLength(40);
    expect((await events()).map((e) => e.attempts)).toEqual(raws.map(() => 1));
  });

  it('a burst with redeliveries among it: every message stored once and pushed once as msg:new to the admin', async () => {
    const sockets = new OpenSockets();
    try {
      const socket = await sockets.open(t, await signIn(t, company.admin.email));
      const count = 150;
      const raws = Array.from({ length: count }, (_, i) => JSON.stringify(webhookPayload(NUMBER, textMessage(`2010022${String(i).padStart(5, '0')}`, `wamid.burst.${i}`, `burst ${i}`))));
      // Meta redelivers: every 10th twice, the copy in the same burst
      const sent = raws.flatMap((raw, i) => (i % 10 === 0 ? [raw, raw] : [raw]));
      const answers = await Promise.all(sent.map((raw) => deliver(t, raw, SECRET)));
      expect(answers.map((r) => r.status)).toEqual(sent.map(() => 200));

      await until(
        async () => socket.all('msg:new').filter((m) => m.body?.startsWith('burst ')).length,
        (n) => n >= count,
        15_000,
      );
      await sleep(300); // a second push of any would have come by now
      const pushed = socket
        .all('msg:new')
        .map((m) => m.body)
        .filter((b) => b?.startsWith('burst '));
      expect(pushed.sort()).toEqual(raws.map((_, i) => `burst ${i}`).sort());
      const stored = await inboundMessages(t, company.tenantId);
      expect(stored.filter((m) => m.waMessageId?.startsWith('wamid.burst.')).length).toBe(count);
    } finally {
      sockets.closeAll();
    }
  });

  it('a connection Meta keeps open is still served after a few idle seconds (not closed under it)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (raw: string) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = request(
          `${t.url}/api/webhooks/whatsapp/${NUMBER}`,
          { method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature(raw, SECRET) } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
          },
        );
        req.on('error', reject);
        req.end(raw);
      });
    try {
      const raw = (i: number) => JSON.stringify(webhookPayload(NUMBER, textMessage('201001133333', `wamid.idle.${i}`, `idle ${i}`)));
      expect(await post(raw(1))).toEqual({ status: 200, reused: false });
      // past Node's default keep-alive (5 s, and the second it allows on top): by then the server had
      // closed connections its senders may be reusing at that very moment
      await sleep(7_000);
      expect(await post(raw(2))).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 20_000);

  it('a delivery still waiting when its recovery job comes due (queued as one delivery per job, before groups) is processed then', async () => {
    const raw = JSON.stringify(webhookPayload(NUMBER, textMessage('201001199999', 'wamid.recovered', 'late')));
    const [event] = await t.db.tenant(company.tenantId, (tx) => tx.insert(whatsappCloudWebhookEvents).values({ tenantId: company.tenantId, phoneNumberId: NUMBER, body: raw }).returning());
    await t.app.get(CloudWebhookProcessor).recover([{ tenantId: company.tenantId, eventId: event.id }]);
    const [after] = await t.db.tenant(company.tenantId, (tx) => tx.select().from(whatsappCloudWebhookEvents).where(eq(whatsappCloudWebhookEvents.id, event.id)));
    expect(after.status).toBe('processed');
    const rows = await t.db.tenant(company.tenantId, (tx) => tx.select().from(messages).where(eq(messages.waMessageId, 'wamid.recovered')));
    expect(rows.map((m) => m.body)).toEqual(['late']);
  });
});

describe.skipIf(!onPostgres)('the app secret kept in memory, across two instances', () => {
  let database: TestDatabase;
  let graph: FakeGraphApi;
  let one: TestApp, two: TestApp;
  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    database = await createTestDatabase();
    // one key for both, as in a deployment: what one seals the other opens
    const env = { WHATSAPP_CLOUD_API_URL: graph.url, SECRETS_KEY: Buffer.alloc(32, 9).toString('base64') };
    one = await startMessengerApp({ database, env });
    two = await startMessengerApp({ database, env });
  }, 120_000);
  afterAll(async () => {
    await one?.stop().catch(() => undefined);
    await two?.stop().catch(() => undefined);
    await database?.drop();
    await graph?.stop();
  });

  it('a new app secret saved on one instance is the only one the other accepts at once', async () => {
    const company = await seedCompany(one, 'cloud-cache', { sales: 0 });
    const admin = await signIn(one, company.admin.email);
    const cloud = await connectCloudCompany(one, graph, { tenantId: company.tenantId, admin, phoneNumberId: NUMBER, appSecret: SECRET, verifyToken: 'verify-me-please' });
    const raw = (id: string) => JSON.stringify(webhookPayload(NUMBER, textMessage('201001112222', id, 'hi')));
    // instance two has read (and keeps) the first secret
    expect((await deliver(two, raw('wamid.cache.1'), SECRET)).status).toBe(200);

    const NEW_SECRET = 'd1b2c3d4e5f60718293a4b5c6d7e8f91';
    expect((await one.api.put('/whatsapp/cloud', { ...cloud.settings, appSecret: NEW_SECRET }, { token: admin })).status).toBe(200);
    // well within the 30 s the copy would otherwise live: the other instance was told
    const refused = await until(
      async () => (await deliver(two, raw('wamid.cache.2'), SECRET)).status,
      (status) => status === 401,
      5_000,
    );
    expect(refused).toBe(401);
    expect((await deliver(two, raw('wamid.cache.3'), NEW_SECRET)).status).toBe(200);
  }, 60_000);
});
