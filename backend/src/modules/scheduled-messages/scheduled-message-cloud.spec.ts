import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledMessage } from '@crm/common';
import { connectCloudCompany, received, textMessage } from '../../../test/cloud-api.js';
import { FakeGraphApi } from '../../../test/fake-graph-api.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { HOUR, eventually } from '../../../test/follow-ups.js';
import { advanceScheduled, startScheduledApp } from '../../../test/scheduled-messages.js';
import type { TestApp } from '../../../test/test-app.js';

const NUMBER = '106540352242933';
const SECRET = 'b1b2c3d4e5f60718293a4b5c6d7e8f90';
const CUSTOMER = '201001113333';

describe('scheduled messages on the official WhatsApp Cloud API', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let a: SeededCompany;
  let admin: string;
  let contactId: string;

  const textsSent = () => graph.sent.map((s) => (s.body as { text?: { body?: string } }).text?.body).filter(Boolean);
  const listed = async () => (await t.api.get(`/scheduled-messages?contactId=${contactId}`, { token: admin })).body.data.items as ScheduledMessage[];

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    t = await startScheduledApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url } });
    a = await seedCompany(t, 'sched-cloud', { sales: 0 });
    admin = await signIn(t, a.admin.email);
    const cloud = await connectCloudCompany(t, graph, { tenantId: a.tenantId, admin, phoneNumberId: NUMBER, appSecret: SECRET, businessAccountId: '102290129340399' });
    contactId = (await received(t, cloud, textMessage(CUSTOMER, 'wamid.sched', 'Send me the catalogue'))).contactId;
  });
  afterAll(async () => {
    await t?.close();
    await graph?.stop();
  });

  it('goes out inside the 24-hour window, and fails window_closed (nothing sent to Meta) after it', async () => {
    const at = (h: number) => new Date(t.clock.now().getTime() + h * HOUR).toISOString();
    expect((await t.api.post('/scheduled-messages', { contactId, body: 'Inside the window', sendAt: at(2) }, { token: admin })).status).toBe(201);
    expect((await t.api.post('/scheduled-messages', { contactId, body: 'After the window', sendAt: at(30) }, { token: admin })).status).toBe(201);

    await advanceScheduled(t, 2 * HOUR);
    await eventually(
      () => Promise.resolve(textsSent()),
      (texts) => texts.includes('Inside the window'),
    );
    await advanceScheduled(t, 28 * HOUR);
    const [inside, after] = await eventually(listed, (items) => items[1]?.status === 'failed');
    expect(inside).toMatchObject({ body: 'Inside the window', status: 'sent' });
    expect(after).toMatchObject({ body: 'After the window', status: 'failed', reason: 'window_closed', messageId: null });
    expect(textsSent()).toEqual(['Inside the window']);
  });
});
