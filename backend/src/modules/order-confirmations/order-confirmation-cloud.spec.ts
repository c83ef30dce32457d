import { DEFAULT_ORDER_CONFIRMATION_SETTINGS, orderConfirmationButtons, type OrderConfirmationSettings } from '@crm/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCampaignApp } from '../../../test/campaigns.js';
import { buttonReply, connectCloudCompany, deliverWebhook, interactiveButtonReply, received, textMessage, type CloudAccount } from '../../../test/cloud-api.js';
import { fakeTemplate, FakeGraphApi, quickReplies, templateButtons, type FakeNumber } from '../../../test/fake-graph-api.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { HOUR, eventually } from '../../../test/follow-ups.js';
import { sleep } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { OrderConfirmationFlow } from './order-confirmation-flow.js';

const NUMBER = '106540352242977';
const WABA = '102290129340377';
const SECRET = 'c1b2c3d4e5f60718293a4b5c6d7e8f90';
const MINUTE = 60_000;
const TEMPLATE = { name: 'cod_confirm', language: 'ar', params: ['{name}', '{lines}', '{total}', '{shipping}', '{address}'] };

type Sent = {
  to: string;
  type: string;
  template?: { name: string; language: { code: string }; components?: { type: string; sub_type?: string; index?: string; parameters: { type: string; text?: string; payload?: string }[] }[] };
};

describe('cash-on-delivery confirmation on the official WhatsApp Cloud API', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let number: FakeNumber;
  let a: SeededCompany;
  let b: SeededCompany;
  let admin: string;
  let adminB: string;
  let rep: string;
  let cloud: CloudAccount;
  let waSeq = 0;
  let phoneSeq = 0;

  const flow = () => t.app.get(OrderConfirmationFlow);
  const templatesTo = (phone: string) => graph.sent.map((s) => s.body as Sent).filter((s) => s.to === phone && s.type === 'template');
  const stateOf = async (contactId: string) => (await t.api.get(`/contacts/${contactId}/order-confirmation`, { token: admin })).body.data.confirmation;
  const contactOf = async (contactId: string) => (await t.api.get(`/contacts/${contactId}`, { token: admin })).body.data;

  /** A customer who wrote in (the lead), whose deal is then won with two products and an address. */
  async function wonDeal(name: string) {
    const phone = `2010222${String(++phoneSeq).padStart(5, '0')}`;
    const id = `wamid.cod-in-${++waSeq}`;
    const { contactId } = await received(t, cloud, textMessage(phone, id, 'I want to order', name));
    for (const stage of ['customer', 'sales']) expect((await t.api.patch(`/contacts/${contactId}/stage`, { stage }, { token: admin })).status).toBe(200);
    const products = [
      { productId: perfume, qty: 2, price: 200 },
      { productId: soap, qty: 1, price: 100 },
    ];
    const address = { governorate: 'cairo', city: 'Nasr City', street: '12 Makram Ebeid\nFloor 3' };
    const res = await t.api.patch(`/contacts/${contactId}`, { name, products, salesData: { pipeline_status: 'won', shippingDetails: { cost: 50, address } } }, { token: admin });
    expect(res.status).toBe(200);
    await sleep(50);
    return { contactId, phone };
  }

  async function advance(ms: number) {
    t.clock.advance(ms);
    await flow().sweep();
    await sleep(50);
  }

  const saveSettings = (patch: Partial<OrderConfirmationSettings>, token = admin) =>
    t.api.put('/settings/order-confirmation', { ...DEFAULT_ORDER_CONFIRMATION_SETTINGS, enabled: true, delayMinutes: 10, reminderHours: 6, ...patch }, { token });

  let perfume: string;
  let soap: string;

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    number = graph.addNumber(NUMBER);
    graph.addBusinessAccount(WABA, number.token, [
      {
        ...fakeTemplate('cod_confirm', 'ar', 'مرحبًا {{1}}، طلبك: {{2}}. الإجمالي {{3}} منها شحن {{4}}. التوصيل إلى {{5}}.'),
        components: [{ type: 'BODY', text: 'مرحبًا {{1}}، طلبك: {{2}}. الإجمالي {{3}} منها شحن {{4}}. التوصيل إلى {{5}}.' }, quickReplies('تأكيد الطلب', 'إلغاء الطلب')],
      },
      {
        ...fakeTemplate('cod_track', 'ar', 'طلبك {{1}} في الطريق'),
        components: [
          { type: 'BODY', text: 'طلبك {{1}} في الطريق' },
          templateButtons({ type: 'URL', text: 'تتبع', url: 'https://shop.example/track' }, { type: 'QUICK_REPLY', text: 'تأكيد' }, { type: 'QUICK_REPLY', text: 'إلغاء' }),
        ],
      },
      { ...fakeTemplate('cod_plain', 'ar', 'طلبك {{1}} جاهز'), components: [{ type: 'BODY', text: 'طلبك {{1}} جاهز' }] },
      fakeTemplate('cod_pending', 'ar', 'طلبك {{1}} قيد المراجعة', { status: 'PENDING' }),
    ]);
    t = await startCampaignApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url, LOG_LEVEL: 'error' } });
    a = await seedCompany(t, 'cod-cloud-a', { sales: 1 });
    b = await seedCompany(t, 'cod-cloud-b', { sales: 0 });
    [admin, adminB, rep] = await Promise.all([signIn(t, a.admin.email), signIn(t, b.admin.email), signIn(t, a.sales[0].email)]);
    cloud = await connectCloudCompany(t, graph, { tenantId: a.tenantId, admin, phoneNumberId: NUMBER, appSecret: SECRET, businessAccountId: WABA });
    expect((await t.api.post('/whatsapp/cloud/templates/sync', undefined, { token: admin })).status).toBe(200);
    const product = async (name: string, sku: string) => (await t.api.post('/products', { name, sku, price: 100, stockQty: 50, minQty: 0 }, { token: admin })).body.data._id as string;
    [perfume, soap] = [await product('Oud perfume', 'OUD-1'), await product('Olive soap', 'SOAP-1')];
  });
  afterAll(async () => {
    await t?.close();
    await graph?.stop();
  });

  it('the chosen template must be approved and synced, with a text for each parameter; another company cannot use it; a rep may not choose one', async () => {
    const missing = await saveSettings({ whatsappTemplate: { ...TEMPLATE, params: ['{name}', '{lines}'] } });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('whatsapp.template_params_missing');
    const pending = await saveSettings({ whatsappTemplate: { name: 'cod_pending', language: 'ar', params: ['{total}'] } });
    expect(pending.status).toBe(409);
    expect(pending.body.code).toBe('whatsapp.template_not_approved');
    // company B has no such template: A's list is A's
    const other = await saveSettings({ whatsappTemplate: TEMPLATE }, adminB);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('whatsapp.template_not_found');
    expect((await t.api.get('/settings/order-confirmation', { token: adminB })).body.data.whatsappTemplate).toBeNull();
    expect((await saveSettings({ whatsappTemplate: TEMPLATE }, rep)).status).toBe(403);

    const saved = await saveSettings({ whatsappTemplate: TEMPLATE });
    expect(saved.status).toBe(200);
    expect(saved.body.data.whatsappTemplate).toEqual(TEMPLATE);
  });

  it('is sent as the template with the order in its parameters and two quick-reply buttons; the confirm button confirms it', async () => {
    expect((await saveSettings({ whatsappTemplate: TEMPLATE })).status).toBe(200);
    const { contactId, phone } = await wonDeal('Salma');
    await advance(10 * MINUTE);
    const [sent] = await eventually(
      () => Promise.resolve(templatesTo(phone)),
      (list) => list.length > 0,
    );
    const { _id: id } = await stateOf(contactId);
    const [confirm, cancel] = orderConfirmationButtons(id);
    expect(sent.template).toEqual({
      name: 'cod_confirm',
      language: { code: 'ar' },
      components: [
        {
          type: 'body',
          // one line each: Meta refuses a parameter with a line break
          parameters: ['Salma', 'Oud perfume × 2 = 400; Olive soap × 1 = 100', '550', '50', '12 Makram Ebeid Floor 3, Nasr City, cairo'].map((text) => ({ type: 'text', text })),
        },
        { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: confirm }] },
        { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: cancel }] },
      ],
    });
    await eventually(
      () => stateOf(contactId),
      (s) => s.status === 'open',
    );
    // the chat shows the template's text filled in
    const chat = (await t.api.get(`/messages?contactId=${contactId}`, { token: admin })).body.data.items as { body: string; direction?: string }[];
    expect(chat.some((m) => m.body.startsWith('مرحبًا Salma، طلبك: Oud perfume × 2 = 400'))).toBe(true);

    await deliverWebhook(t, cloud, buttonReply(phone, `wamid.cod-in-${++waSeq}`, { payload: confirm, text: 'تأكيد الطلب' }, 'wamid.template'));
    await eventually(
      () => stateOf(contactId),
      (s) => s.status === 'confirmed',
    );
    const contact = await contactOf(contactId);
    expect(contact.salesData.shippingDetails.status).toBe('processing');
    expect(contact.shippingHistory).toMatchObject([{ to: 'processing', reason: 'order_confirmed', changedBy: null }]);
  });

  it('the reminder is the template again; a button of an earlier confirmation does nothing; a reply button (interactive) cancels', async () => {
    expect((await saveSettings({ whatsappTemplate: TEMPLATE })).status).toBe(200);
    const { contactId, phone } = await wonDeal('Karim');
    await advance(10 * MINUTE);
    await eventually(
      () => stateOf(contactId),
      (s) => s.status === 'open' && !!s.sentAt,
    );
    await advance(6 * HOUR);
    const sent = await eventually(
      () => Promise.resolve(templatesTo(phone)),
      (list) => list.length === 2,
    );
    expect(sent[1].template).toEqual(sent[0].template);

    // a button pressed on an older confirmation's message (another id) is not an answer to this one
    const [, staleCancel] = orderConfirmationButtons('0190a0b0-0000-7000-8000-0000000000aa');
    const staleId = `wamid.cod-in-${++waSeq}`;
    await received(t, cloud, buttonReply(phone, staleId, { payload: staleCancel, text: 'إلغاء الطلب' }, 'wamid.old'));
    await sleep(200);
    expect((await stateOf(contactId)).status).toBe('open');

    const { _id: id } = await stateOf(contactId);
    await deliverWebhook(t, cloud, interactiveButtonReply(phone, `wamid.cod-in-${++waSeq}`, { id: orderConfirmationButtons(id)[1], title: 'إلغاء الطلب' }, 'wamid.template'));
    await eventually(
      () => stateOf(contactId),
      (s) => s.status === 'cancelled',
    );
    expect((await contactOf(contactId)).salesData.shippingDetails.status).toBe('cancelled');
  });

  it('a button with a payload of its own is read by its text: "نعم" confirms', async () => {
    expect((await saveSettings({ whatsappTemplate: TEMPLATE })).status).toBe(200);
    const { contactId, phone } = await wonDeal('Hala');
    await advance(10 * MINUTE);
    await eventually(
      () => stateOf(contactId),
      (s) => s.status === 'open' && !!s.sentAt,
    );
    await deliverWebhook(t, cloud, buttonReply(phone, `wamid.cod-in-${++waSeq}`, { payload: 'نعم', text: 'نعم' }, 'wamid.template'));
    await eventually(
      () => stateOf(contactId),
      (s) => s.status === 'confirmed',
    );
  });

  it("our payloads go to the template's own quick-reply buttons: after a link button, or none when it has no quick replies", async () => {
    const buttonsOf = (sent: Sent) => (sent.template?.components ?? []).filter((c) => c.type === 'button');
    expect((await saveSettings({ whatsappTemplate: { name: 'cod_track', language: 'ar', params: ['{total}'] } })).status).toBe(200);
    const tracked = await wonDeal('Rana');
    await advance(10 * MINUTE);
    const [withLink] = await eventually(
      () => Promise.resolve(templatesTo(tracked.phone)),
      (list) => list.length > 0,
    );
    const [confirm, cancel] = orderConfirmationButtons((await stateOf(tracked.contactId))._id);
    expect(buttonsOf(withLink)).toEqual([
      { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: confirm }] },
      { type: 'button', sub_type: 'quick_reply', index: '2', parameters: [{ type: 'payload', payload: cancel }] },
    ]);

    expect((await saveSettings({ whatsappTemplate: { name: 'cod_plain', language: 'ar', params: ['{total}'] } })).status).toBe(200);
    const plain = await wonDeal('Yara');
    await advance(10 * MINUTE);
    const [noButtons] = await eventually(
      () => Promise.resolve(templatesTo(plain.phone)),
      (list) => list.length > 0,
    );
    expect(noButtons.template?.name).toBe('cod_plain');
    expect(buttonsOf(noButtons)).toEqual([]);
    // the contact can still answer by typing
    await deliverWebhook(t, cloud, textMessage(plain.phone, `wamid.cod-in-${++waSeq}`, '1', 'Yara'));
    await eventually(
      () => stateOf(plain.contactId),
      (s) => s.status === 'confirmed',
    );
  });

  it('without a template chosen it is the text, as on a QR-linked phone', async () => {
    expect((await saveSettings({ whatsappTemplate: null, language: 'en' })).status).toBe(200);
    const { contactId, phone } = await wonDeal('Nour');
    await advance(10 * MINUTE);
    const texts = await eventually(
      () => Promise.resolve(graph.sent.map((s) => s.body as { to: string; type: string; text?: { body: string } }).filter((s) => s.to === phone)),
      (list) => list.length > 0,
    );
    expect(texts[0].type).toBe('text');
    expect(texts[0].text?.body).toContain('Hi Nour, please confirm your order');
    expect((await stateOf(contactId)).status).toBe('open');
  });
});
