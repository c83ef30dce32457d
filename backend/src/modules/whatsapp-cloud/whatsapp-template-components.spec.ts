import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectCloudCompany, received, textMessage } from '../../../test/cloud-api.js';
import { FakeGraphApi, fakeTemplate, quickReplies, templateButtons, templateHeader, type FakeNumber, type FakeTemplate } from '../../../test/fake-graph-api.js';
import { startMessengerApp } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';

const NUMBER = '106540352242923';
const WABA = '102290129340399';
const SECRET = 'b1b2c3d4e5f60718293a4b5c6d7e8f90';
const CUSTOMER = '201001115555';

/** A template with extra components after its BODY (header first, as Meta lists them). */
const withComponents = (t: FakeTemplate, ...more: FakeTemplate['components']): FakeTemplate => ({
  ...t,
  components: [...more.filter((c) => c.type === 'HEADER'), ...t.components, ...more.filter((c) => c.type !== 'HEADER')],
});

describe('WhatsApp templates with a header and buttons: synced with their components, sent with their parameters', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let a: SeededCompany, b: SeededCompany;
  let adminA: string, salesA: string, adminB: string;
  let number: FakeNumber;
  let templates: FakeTemplate[];
  let contactId: string;

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    number = graph.addNumber(NUMBER);
    templates = [
      withComponents(fakeTemplate('cod_confirm', 'ar', 'مرحبًا {{1}}، هل تؤكد طلبك {{2}} بالدفع عند الاستلام؟'), quickReplies('تأكيد', 'إلغاء')),
      withComponents(
        fakeTemplate('new_collection', 'en_US', 'Hi {{1}}, our new collection is here.', { category: 'MARKETING' }),
        templateHeader('IMAGE'),
        templateButtons({ type: 'URL', text: 'Shop now', url: 'https://shop.example/c/{{1}}' }, { type: 'QUICK_REPLY', text: 'Not now' }),
      ),
      withComponents(fakeTemplate('invoice_ready', 'en_US', 'Your invoice for order {{1}} is attached.'), templateHeader('DOCUMENT')),
      withComponents(
        fakeTemplate('order_shipped', 'en_US', 'Hello {{1}}, it left our store today.'),
        templateHeader('TEXT', 'Order {{1}} shipped'),
        templateButtons({ type: 'PHONE_NUMBER', text: 'Call us' }),
      ),
    ];
    graph.addBusinessAccount(WABA, number.token, templates);
    t = await startMessengerApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url, LOG_LEVEL: 'error' } });
    a = await seedCompany(t, 'wa-components-a', { sales: 1 });
    b = await seedCompany(t, 'wa-components-b', { sales: 0 });
    [adminA, salesA, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, b.admin.email)]);
    const cloud = await connectCloudCompany(t, graph, { tenantId: a.tenantId, admin: adminA, phoneNumberId: NUMBER, appSecret: SECRET, businessAccountId: WABA });
    contactId = (await received(t, cloud, textMessage(CUSTOMER, 'wamid.components-1', 'Hello', 'Mona'))).contactId;
  });
  afterAll(async () => {
    await t?.close();
    await graph?.stop();
  });

  const send = (template: object, token = salesA) => t.api.post('/messages', { contactId, type: 'template', template }, { token });
  const lastTemplate = () => (graph.sent.at(-1)!.body as { template: { name: string; components?: unknown[] } }).template;

  it("sync records each template's header (format, text) and its buttons (type, text, link)", async () => {
    const res = await t.api.post('/whatsapp/cloud/templates/sync', undefined, { token: adminA });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = (await t.api.get('/whatsapp/cloud/templates', { token: salesA })).body.data.items as { name: string }[];
    const byName = Object.fromEntries(list.map((x) => [x.name, x]));
    expect(byName.cod_confirm).toMatchObject({
      header: null,
      buttons: [
        { type: 'QUICK_REPLY', text: 'تأكيد', url: null },
        { type: 'QUICK_REPLY', text: 'إلغاء', url: null },
      ],
    });
    expect(byName.new_collection).toMatchObject({
      header: { format: 'IMAGE', text: null, paramCount: 1 },
      buttons: [
        { type: 'URL', text: 'Shop now', url: 'https://shop.example/c/{{1}}' },
        { type: 'QUICK_REPLY', text: 'Not now', url: null },
      ],
    });
    expect(byName.order_shipped).toMatchObject({ header: { format: 'TEXT', text: 'Order {{1}} shipped', paramCount: 1 }, buttons: [{ type: 'PHONE_NUMBER', text: 'Call us' }] });
  });

  it('a changed button counts as an update at the next sync', async () => {
    templates[0].components[1].buttons![1].text = 'إلغاء الطلب';
    const res = await t.api.post('/whatsapp/cloud/templates/sync', undefined, { token: adminA });
    expect(res.body.data).toMatchObject({ added: 0, updated: 1, removed: 0 });
  });

  it("the cash-on-delivery confirmation goes out with its quick replies' payloads, by button index", async () => {
    const res = await send({ name: 'cod_confirm', language: 'ar', params: ['', 'A-77'], buttons: ['confirm:A-77', 'cancel:A-77'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'sent', body: 'مرحبًا Mona، هل تؤكد طلبك A-77 بالدفع عند الاستلام؟' });
    expect(lastTemplate().components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Mona' },
          { type: 'text', text: 'A-77' },
        ],
      },
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'confirm:A-77' }] },
      { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'cancel:A-77' }] },
    ]);
    // quick-reply payloads are optional: Meta sends back the button's text without one
    expect((await send({ name: 'cod_confirm', language: 'ar', params: ['', 'A-78'] })).body.data.status).toBe('sent');
  });

  it('an image header by link and a URL button with its suffix build the components as Meta documents them', async () => {
    const res = await send({ name: 'new_collection', language: 'en_US', header: { link: 'https://cdn.example/summer.jpg' }, buttons: ['summer-26'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('sent');
    expect(lastTemplate().components).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/summer.jpg' } }] },
      { type: 'body', parameters: [{ type: 'text', text: 'Mona' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'summer-26' }] },
    ]);
  });

  it("a document header by an uploaded media's id with its file name; a text header's {{1}} shows above the body in the chat", async () => {
    const doc = await send({ name: 'invoice_ready', language: 'en_US', params: ['A-77'], header: { mediaId: '4490709327384033', filename: 'invoice-A-77.pdf' } });
    expect(doc.body.data.status).toBe('sent');
    expect(lastTemplate().components![0]).toEqual({ type: 'header', parameters: [{ type: 'document', document: { id: '4490709327384033', filename: 'invoice-A-77.pdf' } }] });

    const text = await send({ name: 'order_shipped', language: 'en_US', header: { text: 'A-77' } });
    expect(text.body.data).toMatchObject({ status: 'sent', body: 'Order A-77 shipped\n\nHello Mona, it left our store today.' });
    expect(lastTemplate().components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: 'A-77' }] },
      { type: 'body', parameters: [{ type: 'text', text: 'Mona' }] },
    ]);
  });

  it('a missing or misfit header or button parameter is refused with its code, and nothing reaches Meta', async () => {
    const before = graph.sent.length;
    const cases: [object, string][] = [
      [{ name: 'new_collection', language: 'en_US', buttons: ['summer-26'] }, 'whatsapp.template_header_missing'],
      [{ name: 'order_shipped', language: 'en_US' }, 'whatsapp.template_header_missing'],
      [{ name: 'new_collection', language: 'en_US', header: { link: 'https://cdn.example/a.jpg' } }, 'whatsapp.template_button_missing'],
      [{ name: 'new_collection', language: 'en_US', header: { text: 'hello' }, buttons: ['x'] }, 'whatsapp.template_header_invalid'],
      [{ name: 'order_shipped', language: 'en_US', header: { link: 'https://cdn.example/a.jpg' } }, 'whatsapp.template_header_invalid'],
      [{ name: 'cod_confirm', language: 'ar', params: ['', 'A-1'], header: { text: 'hi' } }, 'whatsapp.template_header_invalid'],
      [{ name: 'order_shipped', language: 'en_US', header: { text: 'A-1' }, buttons: ['tel'] }, 'whatsapp.template_button_invalid'],
      [{ name: 'cod_confirm', language: 'ar', params: ['', 'A-1'], buttons: ['', '', 'third'] }, 'whatsapp.template_button_invalid'],
    ];
    for (const [template, code] of cases) {
      const res = await send(template);
      expect(res.status, JSON.stringify(template)).toBe(400);
      expect(res.body.code, JSON.stringify(template)).toBe(code);
    }
    expect(graph.sent.length).toBe(before);
  });

  it("another company's admin cannot send to this contact, and sees none of these templates", async () => {
    const res = await send({ name: 'new_collection', language: 'en_US', header: { link: 'https://cdn.example/a.jpg' }, buttons: ['x'] }, adminB);
    expect(res.status).toBe(404);
    expect((await t.api.get('/whatsapp/cloud/templates?status=all', { token: adminB })).body.data.total).toBe(0);
  });
});
