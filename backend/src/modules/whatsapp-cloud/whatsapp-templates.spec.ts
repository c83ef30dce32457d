import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowUpRun } from '@crm/common';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectCloudCompany, received, textMessage, type CloudAccount } from '../../../test/cloud-api.js';
import { FakeGraphApi, fakeTemplate, type FakeNumber, type FakeTemplate } from '../../../test/fake-graph-api.js';
import { HOUR, advance, eventually, startFollowUpApp } from '../../../test/follow-ups.js';
import { connectWhatsApp } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { whatsappCloudTemplates } from './whatsapp-cloud.table.js';
import { WhatsAppTemplatesSyncJob } from './whatsapp-templates-sync.job.js';

const A_NUMBER = '106540352242922';
const A_WABA = '102290129340398';
const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

describe('WhatsApp templates on the official API: sync, list, send outside the window, follow-ups', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let a: SeededCompany, b: SeededCompany;
  let adminA: string, adminB: string, salesA: string, salesB: string;
  let number: FakeNumber;
  let templates: FakeTemplate[];
  let cloud: CloudAccount;
  let waSeq = 0;

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    graph.templatePageSize = 2;
    number = graph.addNumber(A_NUMBER);
    templates = [
      fakeTemplate('order_update', 'en_US', 'Hello {{1}}, your order {{2}} is on its way.'),
      fakeTemplate('order_update', 'ar', 'مرحبًا {{1}}، طلبك {{2}} في الطريق.'),
      fakeTemplate('we_miss_you', 'en_US', 'Hi {{1}}, we have new arrivals this week. Reply to see them!', { category: 'MARKETING' }),
      fakeTemplate('summer_sale', 'en_US', 'Our summer sale starts tomorrow.', { status: 'PENDING', category: 'MARKETING' }),
      fakeTemplate('old_offer', 'en_US', 'This offer ended.', { status: 'REJECTED', category: 'MARKETING' }),
    ];
    graph.addBusinessAccount(A_WABA, number.token, templates);
    t = await startFollowUpApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url, LOG_LEVEL: 'error' } });
    a = await seedCompany(t, 'wa-templates-a', { sales: 1 });
    b = await seedCompany(t, 'wa-templates-b', { sales: 1 });
    [adminA, adminB, salesA, salesB] = await Promise.all([signIn(t, a.admin.email), signIn(t, b.admin.email), signIn(t, a.sales[0].email), signIn(t, b.sales[0].email)]);
    cloud = await connectCloudCompany(t, graph, { tenantId: a.tenantId, admin: adminA, phoneNumberId: A_NUMBER, appSecret: SECRET, businessAccountId: A_WABA });
  });
  afterAll(async () => {
    await t?.close();
    await graph?.stop();
  });

  /** A contact of company A who just wrote in through a signed webhook (the window opens). */
  async function customerWrites(phone: string, name: string, body = 'Hello') {
    return (await received(t, cloud, textMessage(phone, `wamid.in-${++waSeq}`, body, name))).contactId;
  }
  const list = (token: string, query = '') => t.api.get(`/whatsapp/cloud/templates${query}`, { token });

  describe('sync and list', () => {
    it("Sync templates reads every page of the business account's templates and answers the counts", async () => {
      const res = await t.api.post('/whatsapp/cloud/templates/sync', undefined, { token: adminA });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ total: 5, added: 5, updated: 0, removed: 0 });
      // five templates, two a page: three pages, each after the previous page's cursor
      const pages = graph.requests.filter((r) => r === `GET /v23.0/${A_WABA}/message_templates`);
      expect(pages).toHaveLength(3);
    });

    it('lists the approved ones by name with language, category, body and its number of parameters; other statuses on request', async () => {
      const res = await list(salesA);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(3);
      expect(res.body.data.items.map((x: { name: string; language: string }) => `${x.name}/${x.language}`)).toEqual(['order_update/ar', 'order_update/en_US', 'we_miss_you/en_US']);
      expect(res.body.data.items[1]).toMatchObject({ category: 'UTILITY', status: 'APPROVED', body: 'Hello {{1}}, your order {{2}} is on its way.', bodyParamCount: 2 });
      expect((await list(salesA, '?status=PENDING')).body.data.items.map((x: { name: string }) => x.name)).toEqual(['summer_sale']);
      expect((await list(salesA, '?status=all&limit=2&page=3')).body.data).toMatchObject({ total: 5, items: [{ name: 'we_miss_you' }] });
    });

    it('a template Meta no longer lists is removed at the next sync; a changed status is updated', async () => {
      const [gone] = templates.splice(4, 1);
      templates[3].status = 'APPROVED';
      const res = await t.api.post('/whatsapp/cloud/templates/sync', undefined, { token: adminA });
      expect(res.body.data).toMatchObject({ total: 4, added: 0, updated: 1, removed: 1 });
      const rows = await t.db.tenant(a.tenantId, (tx) => tx.select().from(whatsappCloudTemplates));
      expect(rows.map((r) => r.name)).not.toContain(gone.name);
      templates[3].status = 'PENDING';
      await t.api.post('/whatsapp/cloud/templates/sync', undefined, { token: adminA });
    });

    it("the periodic sync (the pg-boss job's round) brings every Cloud API company's templates up to date", async () => {
      templates.push(fakeTemplate('delivery_note', 'en_US', 'Your parcel arrives today.'));
      expect(await t.app.get(WhatsAppTemplatesSyncJob).syncAll()).toBe(1);
      expect((await list(salesA)).body.data.items.map((x: { name: string }) => x.name)).toContain('delivery_note');
      templates.pop();
      await t.app.get(WhatsAppTemplatesSyncJob).syncAll();
      expect((await list(salesA)).body.data.items.map((x: { name: string }) => x.name)).not.toContain('delivery_note');
    });

    it('a sales rep may list but not sync (403)', async () => {
      expect((await t.api.post('/whatsapp/cloud/templates/sync', undefined, { token: salesA })).status).toBe(403);
      expect((await list(salesA)).status).toBe(200);
    });

    it('another company sees none of them, and cannot sync without its own connection', async () => {
      const res = await list(adminB, '?status=all');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ items: [], total: 0 });
      expect((await list(salesB)).body.data.total).toBe(0);
      const sync = await t.api.post('/whatsapp/cloud/templates/sync', undefined, { token: adminB });
      expect(sync.status).toBe(404);
      expect(sync.body.code).toBe('whatsapp.cloud_not_configured');
    });
  });

  describe('sending a template', () => {
    const CUSTOMER = '201001112222';
    let contactId: string;

    it('once the window closed, free text is refused and an approved template goes to Meta with its body parameters', async () => {
      contactId = await customerWrites(CUSTOMER, 'Mona');
      t.clock.advance(25 * HOUR);
      const refused = await t.api.post('/messages', { contactId, body: 'Are you still interested?' }, { token: salesA });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('whatsapp.window_closed');

      // {{1}} left out: the contact's name
      const res = await t.api.post('/messages', { contactId, type: 'template', template: { name: 'order_update', language: 'en_US', params: ['', 'A-1042'] } }, { token: salesA });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'sent', type: 'text', body: 'Hello Mona, your order A-1042 is on its way.', template: { name: 'order_update', language: 'en_US' } });
      expect(graph.sent.at(-1)).toEqual({
        phoneNumberId: A_NUMBER,
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: CUSTOMER,
          type: 'template',
          template: {
            name: 'order_update',
            language: { code: 'en_US' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: 'Mona' },
                  { type: 'text', text: 'A-1042' },
                ],
              },
            ],
          },
        },
      });
      // the chat reads it as sent (the message list shows the filled-in text)
      const page = await t.api.get(`/messages?contactId=${contactId}`, { token: salesA });
      expect(page.body.data.items.at(-1)).toMatchObject({ body: 'Hello Mona, your order A-1042 is on its way.', template: { name: 'order_update' } });
    });

    it('a template that is not approved, unknown, or missing a parameter is refused with its code, nothing sent', async () => {
      const before = graph.sent.length;
      const pending = await t.api.post('/messages', { contactId, type: 'template', template: { name: 'summer_sale', language: 'en_US' } }, { token: salesA });
      expect(pending.status).toBe(409);
      expect(pending.body.code).toBe('whatsapp.template_not_approved');
      const unknown = await t.api.post('/messages', { contactId, type: 'template', template: { name: 'nope', language: 'en_US' } }, { token: salesA });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('whatsapp.template_not_found');
      const short = await t.api.post('/messages', { contactId, type: 'template', template: { name: 'order_update', language: 'en_US', params: ['Mona'] } }, { token: salesA });
      expect(short.status).toBe(400);
      expect(short.body.code).toBe('whatsapp.template_params_missing');
      expect(graph.sent.length).toBe(before);
    });

    it('Meta refusing the template (132001: gone from the account since the last sync) fails the message with a clear reason', async () => {
      const [removed] = templates.splice(2, 1);
      const res = await t.api.post('/messages', { contactId, type: 'template', template: { name: 'we_miss_you', language: 'en_US' } }, { token: salesA });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'failed', errorCode: 'template_refused', retryable: false });
      expect(res.body.data.error).toContain('132001');
      templates.splice(2, 0, removed);
    });

    it("another company's user cannot send to this contact; a company linked by QR cannot send templates", async () => {
      const other = await t.api.post('/messages', { contactId, type: 'template', template: { name: 'order_update', language: 'en_US', params: ['', 'x'] } }, { token: adminB });
      expect(other.status).toBe(404);
      await connectWhatsApp(t, adminB);
      const inbound = await t.api.post('/dev/whatsapp/inbound', { from: '+201009998887', name: 'Karim', body: 'Hi' }, { token: adminB });
      expect(inbound.status).toBe(200);
      const qr = await t.api.post('/messages', { contactId: inbound.body.data.contactId, type: 'template', template: { name: 'order_update', language: 'en_US' } }, { token: adminB });
      expect(qr.status).toBe(409);
      expect(qr.body.code).toBe('whatsapp.templates_cloud_only');
    });
  });

  describe('follow-up steps outside the window', () => {
    const runOf = async (contactId: string): Promise<FollowUpRun> => (await t.api.get(`/contacts/${contactId}/follow-ups`, { token: adminA })).body.data.items[0];
    const followUp = async (body: object) => (await t.api.post('/follow-up-templates', body, { token: adminA })).body.data as { _id: string };

    it("a step due after the window closed sends the sequence's WhatsApp template with the contact's name", async () => {
      const contactId = await customerWrites('201001113333', 'Hany');
      const template = await followUp({ name: 'Win back', messages: [{ delay: 25, message: 'Still thinking about it, {{name}}?' }], whatsappTemplate: { name: 'we_miss_you', language: 'en_US' } });
      expect((await t.api.post(`/contacts/${contactId}/follow-up/start`, { templateId: template._id }, { token: adminA })).status).toBe(200);
      await advance(t, 25 * HOUR);
      const run = await eventually(
        () => runOf(contactId),
        (r) => r.steps[0].status === 'sent',
      );
      expect(run.status).toBe('completed');
      const sent = graph.sent.at(-1)!.body as { to: string; type: string; template: { name: string; components: { parameters: { text: string }[] }[] } };
      expect(sent).toMatchObject({ to: '201001113333', type: 'template', template: { name: 'we_miss_you', components: [{ parameters: [{ text: 'Hany' }] }] } });
    });

    it('without a WhatsApp template such a step is skipped with the reason on its log, and the run goes on', async () => {
      const contactId = await customerWrites('201001114444', 'Salma');
      const template = await followUp({
        name: 'Plain',
        messages: [
          { delay: 1, message: 'Hi {{name}}, any questions?' },
          { delay: 30, message: 'Last call, {{name}}!' },
        ],
      });
      expect((await t.api.post(`/contacts/${contactId}/follow-up/start`, { templateId: template._id }, { token: adminA })).status).toBe(200);
      const before = graph.sent.length;
      await advance(t, HOUR);
      await eventually(
        () => runOf(contactId),
        (r) => r.steps[0].status === 'sent',
      );
      expect((graph.sent.at(-1)!.body as { text: { body: string } }).text.body).toBe('Hi Salma, any questions?');
      await advance(t, 30 * HOUR);
      const run = await eventually(
        () => runOf(contactId),
        (r) => r.steps[1].status === 'skipped',
      );
      expect(run.steps[1]).toMatchObject({ status: 'skipped', reasonCode: 'window_closed', reason: 'Skipped: the 24-hour WhatsApp window was closed and this sequence names no WhatsApp template.' });
      expect(run.status).toBe('completed');
      expect(graph.sent.length).toBe(before + 1);
    });
  });
});
