import { afterAll, describe, expect, it, vi } from 'vitest';
import { startMessengerApp } from '../../../test/messenger.js';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { connectCloudCompany, inboundMessages, signedWebhook, textMessage, until, webhookEvents } from '../../../test/cloud-api.js';
import { FakeGraphApi } from '../../../test/fake-graph-api.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { CloudWebhookProcessor } from './cloud-webhook-processor.js';

const NUMBER = '106540352242922';
const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

describe('a webhook delivery answered 200 survives the process stopping before it was processed', () => {
  const apps: TestApp[] = [];
  let database: TestDatabase | undefined;
  const graph = new FakeGraphApi();
  afterAll(async () => {
    for (const app of apps) await app.stop().catch(() => undefined);
    await database?.drop();
    await graph.stop();
  });

  it('is processed once by the next start', async () => {
    await graph.start();
    database = await createTestDatabase({ persistent: true });
    // the same DATA_DIR key across both starts: what the first sealed, the second opens
    const env = { WHATSAPP_CLOUD_API_URL: graph.url, SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') };
    const first = await startMessengerApp({ database, env });
    apps.push(first);
    const company = await seedCompany(first, 'restart-a', { sales: 0 });
    const admin = await signIn(first, company.admin.email);
    const cloud = await connectCloudCompany(first, graph, { tenantId: company.tenantId, admin, phoneNumberId: NUMBER, appSecret: SECRET, verifyToken: 'verify-me-please' });

    // this process dies before its worker gets to the delivery: its processing never finishes here
    vi.spyOn(first.app.get(CloudWebhookProcessor), 'processDeliveries').mockImplementation(() => new Promise(() => undefined));
    const res = await signedWebhook(first, cloud, textMessage('201001112222', 'wamid.survivor', 'still here?'));
    expect(res.status).toBe(200);
    const stored = await webhookEvents(first, company.tenantId);
    expect(stored.map((e) => e.status)).toEqual(['received']);
    await first.stop();
    apps.pop();

    const second = await startMessengerApp({ database, env });
    apps.push(second);
    const rows = await until(
      () => inboundMessages(second, company.tenantId),
      (r) => r.length > 0,
      45_000,
    );
    expect(rows.map((m) => [m.waMessageId, m.body])).toEqual([['wamid.survivor', 'still here?']]);
    // the delivery is marked processed just after its messages are stored, in its own step
    const events = await until(
      () => webhookEvents(second, company.tenantId),
      (e) => e.every((x) => x.status === 'processed'),
      15_000,
    );
    expect(events.map((e) => e.status)).toEqual(['processed']);
  }, 90_000);
});
