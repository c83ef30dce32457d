import { DEFAULT_ORDER_CONFIRMATION_SETTINGS } from '@crm/common';
import { afterAll, describe, expect, it } from 'vitest';
import { startCampaignApp } from '../../../test/campaigns.js';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { HOUR, eventually, newContact, sentTo } from '../../../test/follow-ups.js';
import { connectWhatsApp, inbound, sleep } from '../../../test/messenger.js';
import { restartedApps } from '../../../test/restarted-apps.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { ManualClock } from '../../platform/clock.js';
import { OrderConfirmationFlow } from './order-confirmation-flow.js';

const MINUTE = 60_000;
let database: TestDatabase | undefined;
const { start, stop } = restartedApps((clock: ManualClock) => startCampaignApp({ database, clock }));
afterAll(async () => {
  await database?.drop();
});

const flow = (t: TestApp) => t.app.get(OrderConfirmationFlow);
const stateOf = async (t: TestApp, token: string, contactId: string) => (await t.api.get(`/contacts/${contactId}/order-confirmation`, { token })).body.data.confirmation;
const stored = async (t: TestApp, token: string, contactId: string) =>
  ((await t.api.get(`/messages?contactId=${contactId}`, { token })).body.data.items as { body: string }[]).filter((m) => m.body.includes('please confirm your order'));

async function wonDeal(t: TestApp, token: string, name: string) {
  const c = await newContact(t, token, name);
  for (const stage of ['customer', 'sales']) expect((await t.api.patch(`/contacts/${c.id}/stage`, { stage }, { token })).status).toBe(200);
  const shippingDetails = { cost: 50, address: { governorate: 'cairo', city: 'Nasr City', street: '12 Makram Ebeid' } };
  expect((await t.api.patch(`/contacts/${c.id}`, { salesData: { pipeline_status: 'won', amount: 500, shippingDetails } }, { token })).status).toBe(200);
  await sleep(50);
  return c;
}

describe('a backend restart while a cash-on-delivery confirmation is due', () => {
  it('is sent exactly once by the new app (same database), and its answer still counts', async () => {
    // PGlite on disk when TEST_DATABASE_URL is unset, a fresh PostgreSQL database otherwise
    database = await createTestDatabase({ persistent: true });
    const clock = new ManualClock(new Date('2026-05-01T08:00:00.000Z'));

    const first = await start(clock);
    const company = await seedCompany(first, 'cod-restart', { sales: 0 });
    let token = await signIn(first, company.admin.email);
    const settings = { ...DEFAULT_ORDER_CONFIRMATION_SETTINGS, enabled: true, delayMinutes: 10, reminderHours: 6, language: 'en' };
    expect((await first.api.put('/settings/order-confirmation', settings, { token })).status).toBe(200);
    await connectWhatsApp(first, token);
    const contact = await wonDeal(first, token, 'Hoda');
    const { _id: id } = await stateOf(first, token, contact.id);
    await stop(first);

    // down for an hour: the confirmation came due at 08:10 while no backend ran
    clock.advance(HOUR);
    const second = await start(clock);
    token = await signIn(second, company.admin.email);
    // WhatsApp is not back yet: nothing is claimed (a message handed to no session would fail and count as sent)
    await flow(second).sweep();
    expect(await flow(second).step(company.tenantId, id)).toBe('waiting');
    expect(await stateOf(second, token, contact.id)).toMatchObject({ status: 'scheduled', sentAt: null });
    expect(await stored(second, token, contact.id)).toEqual([]);

    // its connection sweeps; the periodic sweep and the job may reach it as well: one message
    await connectWhatsApp(second, token);
    await Promise.all([flow(second).sweep(), flow(second).sweep()]);
    await flow(second).sweep();
    await eventually(
      () => stateOf(second, token, contact.id),
      (s) => s.status === 'open' && !!s.sentAt,
    );
    expect(await flow(second).step(company.tenantId, id)).toBe('not-due');
    expect(sentTo(second, contact.chatId)).toHaveLength(1);
    expect(sentTo(second, contact.chatId)[0]).toContain('Hi Hoda, please confirm your order');
    expect(await stored(second, token, contact.id)).toHaveLength(1);

    expect((await inbound(second, token, { from: `+${contact.chatId.replace('@c.us', '')}`, body: 'yes' })).status).toBe(200);
    await eventually(
      () => stateOf(second, token, contact.id),
      (s) => s.status === 'confirmed',
    );
    const saved = (await second.api.get(`/contacts/${contact.id}`, { token })).body.data;
    expect(saved.salesData.shippingDetails.status).toBe('processing');
    expect(saved.shippingHistory).toMatchObject([{ to: 'processing', reason: 'order_confirmed' }]);
  });

  it('a sender that died after the message was stored but before recording it: taken over once, the key finds the message', async () => {
    const clock = new ManualClock(new Date('2026-06-01T08:00:00.000Z'));
    const t = await start(clock);
    const company = await seedCompany(t, 'cod-crash', { sales: 0 });
    const token = await signIn(t, company.admin.email);
    const settings = { ...DEFAULT_ORDER_CONFIRMATION_SETTINGS, enabled: true, delayMinutes: 10, reminderHours: 6, language: 'en' };
    expect((await t.api.put('/settings/order-confirmation', settings, { token })).status).toBe(200);
    await connectWhatsApp(t, token);
    const contact = await wonDeal(t, token, 'Crash');
    clock.advance(10 * MINUTE);
    await flow(t).sweep();
    const { _id: id } = await eventually(
      () => stateOf(t, token, contact.id),
      (s) => !!s.sentAt,
    );
    expect(sentTo(t, contact.chatId)).toHaveLength(1);
    // as if it died between the send and its record: claimed, no sent_at, the lease (2 minutes) running
    const leaseEnds = new Date(clock.now().getTime() + 2 * MINUTE).toISOString();
    await t.db.platform((tx) => tx.execute(`update order_confirmations set sent_at = null, next_at = '${leaseEnds}' where id = '${id}'`));
    await flow(t).sweep();
    expect(sentTo(t, contact.chatId)).toHaveLength(1);
    clock.advance(3 * MINUTE);
    await flow(t).sweep();
    await eventually(
      () => stateOf(t, token, contact.id),
      (s) => s.status === 'open' && !!s.sentAt,
    );
    expect(sentTo(t, contact.chatId)).toHaveLength(1);
    expect(await stored(t, token, contact.id)).toHaveLength(1);
  });

  it('an answer stored just before the process died, its in-process handling never run, counts after the restart, once', { timeout: 60_000 }, async () => {
    const clock = new ManualClock(new Date('2026-07-01T08:00:00.000Z'));
    const first = await start(clock);
    const company = await seedCompany(first, 'cod-killed', { sales: 0 });
    let token = await signIn(first, company.admin.email);
    const settings = { ...DEFAULT_ORDER_CONFIRMATION_SETTINGS, enabled: true, delayMinutes: 10, reminderHours: 6, language: 'en' };
    expect((await first.api.put('/settings/order-confirmation', settings, { token })).status).toBe(200);
    await connectWhatsApp(first, token);
    const contact = await wonDeal(first, token, 'Killed');
    clock.advance(10 * MINUTE);
    await flow(first).sweep();
    await eventually(
      () => stateOf(first, token, contact.id),
      (s) => s.status === 'open' && !!s.sentAt,
    );
    // as if the process died right after the reply's transaction committed: nothing in it hears of the reply
    await flow(first).beforeApplicationShutdown();
    clock.advance(MINUTE);
    const from = `+${contact.chatId.replace('@c.us', '')}`;
    expect((await inbound(first, token, { from, body: 'نعم' })).status).toBe(200);
    await stop(first);

    clock.advance(MINUTE);
    const second = await start(clock);
    token = await signIn(second, company.admin.email);
    const confirmed = await eventually(
      () => stateOf(second, token, contact.id),
      (s) => s.status === 'confirmed',
      20_000,
    );
    expect(confirmed.answeredAt).not.toBeNull();
    // the same reply acted on again (the event arriving late, the job retried, another instance): nothing changes
    const again = { contactId: contact.id, answer: 'confirm' as const, confirmationId: null, at: clock.now().toISOString() };
    await Promise.all([flow(second).answer(company.tenantId, again), flow(second).answer(company.tenantId, again)]);
    const saved = (await second.api.get(`/contacts/${contact.id}`, { token })).body.data;
    expect(saved.salesData.shippingDetails.status).toBe('processing');
    expect(saved.shippingHistory).toMatchObject([{ to: 'processing', reason: 'order_confirmed' }]);
    expect(await stateOf(second, token, contact.id)).toMatchObject({ status: 'confirmed', answeredAt: confirmed.answeredAt });
  });
});
