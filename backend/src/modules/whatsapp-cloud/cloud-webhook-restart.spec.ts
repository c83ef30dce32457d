import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { startMessengerApp } from '../../../test/messenger.js';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { FakeGraphApi, textMessage, webhookPayload } from '../../../test/fake-graph-api.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { messages } from '../messages/messages.table.js';
import { CloudWebhookProcessor } from './cloud-webhook-processor.js';
import { whatsappCloudWebhookEvents } from './whatsapp-cloud.table.js';

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
    const number = graph.addNumber(NUMBER);
    database = await createTestDatabase({ persistent: true });
    // the same DATA_DIR key across both starts: what the first sealed, the second opens
    const env = { WHATSAPP_CLOUD_API_URL: graph.url, SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') };
    const first = await startMessengerApp({ database, env });
    apps.push(first);
    const company = await seedCompany(first, 'restart-a', { sales: 0 });
    const admin = await signIn(first, company.admin.email);
    const settings = { phoneNumberId: NUMBER, businessAccountId: '102290129340398', accessToken: number.token, appSecret: SECRET, verifyToken: 'verify-me-please' };
    expect((await first.api.put('/whatsapp/cloud', settings, { token: admin })).status).toBe(200);

    // this process dies before its worker gets to the delivery: its processing never finishes here
    vi.spyOn(first.app.get(CloudWebhookProcessor), 'processDeliveries').mockImplementation(() => new Promise(() => undefined));
    const raw = JSON.stringify(webhookPayload(NUMBER, textMessage('201001112222', 'wamid.survivor', 'still here?')));
    const res = await fetch(`${first.url}/api/webhooks/whatsapp/${NUMBER}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}` },
      body: raw,
    });
    expect(res.status).toBe(200);
    const stored = await first.db.tenant(company.tenantId, (tx) => tx.select().from(whatsappCloudWebhookEvents));
    expect(stored.map((e) => e.status)).toEqual(['received']);
    await first.stop();
    apps.pop();

    const second = await startMessengerApp({ database, env });
    apps.push(second);
    const inbound = () => second.db.tenant(company.tenantId, (tx) => tx.select().from(messages).where(eq(messages.direction, 'in')));
    const end = Date.now() + 45_000;
    while ((await inbound()).length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    const rows = await inbound();
    expect(rows.map((m) => [m.waMessageId, m.body])).toEqual([['wamid.survivor', 'still here?']]);
    const events = await second.db.tenant(company.tenantId, (tx) => tx.select().from(whatsappCloudWebhookEvents));
    expect(events.map((e) => e.status)).toEqual(['processed']);
  }, 90_000);
});
