import { DEFAULT_ORDER_CONFIRMATION_SETTINGS, type OrderConfirmationSettings } from '@crm/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { startCampaignApp } from '../../../test/campaigns.js';
import { HOUR, eventually, newContact, sentTo } from '../../../test/follow-ups.js';
import { connectWhatsApp, inbound, sleep } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { OutboundMessagesService } from '../messages/outbound-messages.service.js';
import { OrderConfirmationFlow } from './order-confirmation-flow.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let admin: string;
let rep: string;
let adminB: string;

const MINUTE = 60_000;
const flow = () => t.app.get(OrderConfirmationFlow);

beforeAll(async () => {
  t = await startCampaignApp();
  a = await seedCompany(t, 'cod-a', { sales: 1 });
  b = await seedCompany(t, 'cod-b', { sales: 0 });
  [admin, rep, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, b.admin.email)]);
  await connectWhatsApp(t, admin);
});
afterAll(async () => {
  await t?.close();
});

const saveSettings = async (patch: Partial<OrderConfirmationSettings> = {}) => {
  const res = await t.api.put(
    '/settings/order-confirmation',
    { ...DEFAULT_ORDER_CONFIRMATION_SETTINGS, enabled: true, delayMinutes: 10, reminderHours: 6, language: 'en', ...patch },
    { token: admin },
  );
  if (res.status !== 200) throw new Error(`settings failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as OrderConfirmationSettings;
};

beforeEach(async () => {
  await saveSettings();
  t.clock.advance(HOUR);
});

/** A contact (assigned to the rep) whose deal is won with a shipping address; their chat id. */
async function wonDeal(name: string, options: { address?: boolean } = {}) {
  const c = await newContact(t, admin, name);
  expect((await t.api.put('/leads/assign-bulk', { leadIds: [c.id], salesId: a.sales[0].id }, { token: admin })).status).toBe(200);
  for (const stage of ['customer', 'sales']) expect((await t.api.patch(`/contacts/${c.id}/stage`, { stage }, { token: admin })).status).toBe(200);
  const address = options.address === false ? {} : { governorate: 'cairo', city: 'Nasr City', street: '12 Makram Ebeid' };
  const res = await t.api.patch(`/contacts/${c.id}`, { salesData: { pipeline_status: 'won', amount: 500, shippingDetails: { cost: 50, address } } }, { token: admin });
  expect(res.status).toBe(200);
  await sleep(50);
  return c;
}

const stateOf = async (contactId: string, token = admin) => (await t.api.get(`/contacts/${contactId}/order-confirmation`, { token })).body.data?.confirmation;
const shippingOf = async (contactId: string) => (await t.api.get(`/contacts/${contactId}`, { token: admin })).body.data.salesData.shippingDetails.status as string | null;
const historyOf = async (contactId: string, token = admin) => (await t.api.get(`/contacts/${contactId}`, { token })).body.data.shippingHistory as Record<string, unknown>[];
const reply = async (chatId: string, body: string) => {
  expect((await inbound(t, admin, { from: `+${chatId.replace('@c.us', '')}`, body })).status).toBe(200);
  await sleep(80);
};
const bell = async (token: string) => (await t.api.get('/notifications', { token })).body.data.items as { code: string; params: Record<string, unknown> }[];

/** Moves the fake clock and runs what is due (pg-boss compares with the database's clock, which a test cannot move). */
async function advance(ms: number) {
  t.clock.advance(ms);
  await flow().sweep();
  await sleep(50);
}

describe('cash-on-delivery confirmation', () => {
  it('is sent once after the delay with the order, and a "1" confirms it: shipping status processing', async () => {
    const c = await wonDeal('Salma');
    expect(await stateOf(c.id)).toMatchObject({ status: 'scheduled', sentAt: null });
    await advance(9 * MINUTE);
    expect(sentTo(t, c.chatId)).toEqual([]);
    await advance(MINUTE);
    await advance(MINUTE);
    const sent = sentTo(t, c.chatId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('Hi Salma, please confirm your order');
    expect(sent[0]).toContain('Shipping: 50');
    expect(sent[0]).toContain('Total: 550');
    expect(sent[0]).toContain('Deliver to: 12 Makram Ebeid, Nasr City, cairo');
    expect(await stateOf(c.id)).toMatchObject({ status: 'open' });
    // running the same step again (a second instance, a retried job) sends nothing more
    await flow().step(a.tenantId, (await stateOf(c.id))._id);
    expect(sentTo(t, c.chatId)).toHaveLength(1);

    await reply(c.chatId, '1');
    await eventually(
      () => stateOf(c.id),
      (s) => s.status === 'confirmed',
    );
    // set by the contacts module right after the answer is recorded
    await eventually(
      () => shippingOf(c.id),
      (s) => s === 'processing',
    );
    // noted in the deal's history with the change, by the customer (no user)
    expect(await historyOf(c.id)).toEqual([{ _id: expect.any(String), from: null, to: 'processing', reason: 'order_confirmed', timestamp: expect.any(String), changedBy: null }]);
    // answered: later replies and times do nothing
    await reply(c.chatId, '2');
    await advance(13 * HOUR);
    expect((await stateOf(c.id)).status).toBe('confirmed');
    expect(sentTo(t, c.chatId)).toHaveLength(1);
  });

  it('a "2" cancels it: shipping status cancelled and the assignee notified', async () => {
    const c = await wonDeal('Karim');
    await advance(10 * MINUTE);
    await reply(c.chatId, '2');
    await eventually(
      () => stateOf(c.id),
      (s) => s.status === 'cancelled',
    );
    // set by the contacts module right after the answer is recorded
    await eventually(
      () => shippingOf(c.id),
      (s) => s === 'cancelled',
    );
    // the assigned rep sees it in the deal's history
    expect(await historyOf(c.id, rep)).toMatchObject([{ from: null, to: 'cancelled', reason: 'order_cancelled', changedBy: null }]);
    // a user's own change of the shipping status is noted too, with who made it
    expect((await t.api.patch(`/contacts/${c.id}`, { salesData: { shippingDetails: { status: 'returned' } } }, { token: admin })).status).toBe(200);
    expect(await historyOf(c.id)).toMatchObject([
      { from: 'cancelled', to: 'returned', reason: null, changedBy: { _id: a.admin.id } },
      { from: null, to: 'cancelled', reason: 'order_cancelled' },
    ]);
    // another company cannot read the contact, nor its history
    expect((await t.api.get(`/contacts/${c.id}`, { token: adminB })).status).toBe(404);
    await eventually(
      () => bell(rep),
      (items) => items.some((n) => n.code === 'order.cancelled' && n.params.name === 'Karim'),
    );
  });

  it('no answer: one reminder after N hours, then expired and the assignee notified', async () => {
    const c = await wonDeal('Nour');
    await advance(10 * MINUTE);
    expect(sentTo(t, c.chatId)).toHaveLength(1);
    await advance(6 * HOUR - MINUTE);
    expect(sentTo(t, c.chatId)).toHaveLength(1);
    await advance(MINUTE);
    expect(sentTo(t, c.chatId)).toHaveLength(2);
    expect(await stateOf(c.id)).toMatchObject({ status: 'open', remindedAt: expect.any(String) });
    await advance(6 * HOUR);
    expect(await stateOf(c.id)).toMatchObject({ status: 'expired' });
    expect(sentTo(t, c.chatId)).toHaveLength(2);
    await eventually(
      () => bell(rep),
      (items) => items.some((n) => n.code === 'order.confirmation_expired' && n.params.name === 'Nour'),
    );
    // expired: a late "1" changes nothing
    await reply(c.chatId, '1');
    expect((await stateOf(c.id)).status).toBe('expired');
    expect(await shippingOf(c.id)).not.toBe('processing');
  });

  it('recognises Arabic answers: نعم and ١ confirm, لا and ٢ cancel', async () => {
    for (const [answer, status] of [
      ['نعم', 'confirmed'],
      ['١', 'confirmed'],
      ['لا', 'cancelled'],
      ['٢', 'cancelled'],
    ] as const) {
      const c = await wonDeal(`Arabic ${answer}`);
      await advance(10 * MINUTE);
      await reply(c.chatId, answer);
      await eventually(
        () => stateOf(c.id),
        (s) => s.status === status,
      );
    }
  });

  it('sends the Arabic text when the company chose Arabic', async () => {
    await saveSettings({ language: 'ar' });
    const c = await wonDeal('Hala');
    await advance(10 * MINUTE);
    expect(sentTo(t, c.chatId)[0]).toContain('برجاء تأكيد طلبك');
  });

  it('a "1" with no open confirmation does nothing (before it is sent, and with none at all)', async () => {
    const c = await wonDeal('Early');
    await reply(c.chatId, '1');
    expect((await stateOf(c.id)).status).toBe('scheduled');
    const plain = await newContact(t, admin, 'Plain');
    await reply(plain.chatId, '1');
    expect(await stateOf(plain.id)).toBeNull();
    expect(await shippingOf(plain.id)).toBeNull();
  });

  it('nothing is opened or sent when the setting is off, or the deal has no shipping address', async () => {
    await saveSettings({ enabled: false });
    const off = await wonDeal('Off');
    await saveSettings();
    const noAddress = await wonDeal('No address', { address: false });
    await advance(HOUR);
    for (const c of [off, noAddress]) {
      expect(await stateOf(c.id)).toBeNull();
      expect(sentTo(t, c.chatId)).toEqual([]);
    }
  });

  it('a send that fails is taken over after the lease, still once', async () => {
    const c = await wonDeal('Retry');
    const send = vi.spyOn(t.app.get(OutboundMessagesService), 'send').mockRejectedValueOnce(new Error('the process stopped'));
    await advance(10 * MINUTE);
    send.mockRestore();
    expect(sentTo(t, c.chatId)).toEqual([]);
    expect((await stateOf(c.id)).status).toBe('scheduled');
    // not an answer yet: the message has not gone out
    await reply(c.chatId, '1');
    expect((await stateOf(c.id)).status).toBe('scheduled');
    await advance(2 * MINUTE);
    expect(sentTo(t, c.chatId)).toHaveLength(1);
    expect((await stateOf(c.id)).status).toBe('open');
    await advance(2 * MINUTE);
    expect(sentTo(t, c.chatId)).toHaveLength(1);
  });

  it('is not sent when the deal leaves won during the delay', async () => {
    const c = await wonDeal('Changed mind');
    expect((await t.api.patch(`/contacts/${c.id}`, { salesData: { pipeline_status: 'negotiation' } }, { token: admin })).status).toBe(200);
    await advance(10 * MINUTE);
    expect(sentTo(t, c.chatId)).toEqual([]);
    expect((await stateOf(c.id)).status).toBe('withdrawn');
  });
});

describe('settings and access', () => {
  it('admins read the defaults and save; a rep may not (403); a bad value is refused', async () => {
    const fresh = await t.api.get('/settings/order-confirmation', { token: adminB });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toMatchObject({ enabled: false, messageAr: DEFAULT_ORDER_CONFIRMATION_SETTINGS.messageAr });
    expect((await saveSettings({ reminderHours: 24 })).reminderHours).toBe(24);
    expect((await t.api.put('/settings/order-confirmation', { ...DEFAULT_ORDER_CONFIRMATION_SETTINGS, reminderHours: 0 }, { token: admin })).status).toBe(400);
    for (const res of [await t.api.get('/settings/order-confirmation', { token: rep }), await t.api.put('/settings/order-confirmation', DEFAULT_ORDER_CONFIRMATION_SETTINGS, { token: rep })]) {
      expect(res.status).toBe(403);
    }
    // another company's settings are its own
    expect((await t.api.get('/settings/order-confirmation', { token: adminB })).body.data.enabled).toBe(false);
  });

  it("another company's contact is not found (404); the assigned rep sees the state", async () => {
    const c = await wonDeal('Visible');
    expect((await t.api.get(`/contacts/${c.id}/order-confirmation`, { token: adminB })).status).toBe(404);
    expect((await stateOf(c.id, rep)).status).toBe('scheduled');
  });
});
