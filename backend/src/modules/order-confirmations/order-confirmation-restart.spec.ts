import { DEFAULT_ORDER_CONFIRMATION_SETTINGS } from '@crm/common';
import { sql } from 'drizzle-orm';
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
import { orderConfirmations } from './order-confirmations.table.js';

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

/** Every confirmation the contact ever had (not only the latest the API shows). */
const confirmationsOf = (t: TestApp, tenantId: string, contactId: string) => t.db.tenant(tenantId, async (tx) => (await tx.select().from(orderConfirmations)).filter((c) => c.contactId === contactId));
/** The states of the jobs that open the contact's confirmation when its deal is won. */
const openingJobs = async (t: TestApp, contactId: string) =>
  (
    (await t.db.platform((tx) => tx.execute(sql`select state from pgboss.job where name = 'order-confirmation' and data->'won'->>'contactId' = ${contactId}`))) as unknown as {
      rows: { state: string }[];
    }
  ).rows.map((r) => r.state);

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

  it('a won move whose process died before opening the confirmation: the restarted app opens it, exactly once', { timeout: 60_000 }, async () => {
    const clock = new ManualClock(new Date('2026-08-01T08:00:00.000Z'));
    const first = await start(clock);
    const company = await seedCompany(first, 'cod-won-killed', { sales: 0 });
    let token = await signIn(first, company.admin.email);
    const settings = { ...DEFAULT_ORDER_CONFIRMATION_SETTINGS, enabled: true, delayMinutes: 10, reminderHours: 6, language: 'en' };
    expect((await first.api.put('/settings/order-confirmation', settings, { token })).status).toBe(200);
    await connectWhatsApp(first, token);
    // as if the process died right after the won move committed: nothing in it hears of the move
    await flow(first).beforeApplicationShutdown();
    const wonAt = clock.now();
    const contact = await wonDeal(first, token, 'Won Killed');
    await stop(first);

    clock.advance(MINUTE);
    const second = await start(clock);
    token = await signIn(second, company.admin.email);
    const opened = await eventually(
      () => stateOf(second, token, contact.id),
      (s) => s?.status === 'scheduled',
      20_000,
    );
    expect(opened).toMatchObject({ sentAt: null });
    // the move's job run again (a retry, another instance) and the event arriving late: still the one
    await Promise.all([flow(second).dealWon(company.tenantId, contact.id, wonAt), flow(second).dealWon(company.tenantId, contact.id, wonAt), flow(second).dealWon(company.tenantId, contact.id)]);
    expect(await confirmationsOf(second, company.tenantId, contact.id)).toHaveLength(1);

    // it goes out once, and this move's job, late after the answer, opens no second one
    await connectWhatsApp(second, token);
    clock.advance(10 * MINUTE);
    await flow(second).sweep();
    await eventually(
      () => stateOf(second, token, contact.id),
      (s) => s.status === 'open' && !!s.sentAt,
    );
    expect((await inbound(second, token, { from: `+${contact.chatId.replace('@c.us', '')}`, body: 'yes' })).status).toBe(200);
    await eventually(
      () => stateOf(second, token, contact.id),
      (s) => s.status === 'confirmed',
    );
    await flow(second).dealWon(company.tenantId, contact.id, wonAt);
    expect(await confirmationsOf(second, company.tenantId, contact.id)).toEqual([expect.objectContaining({ status: 'confirmed' })]);
    expect(sentTo(second, contact.chatId)).toHaveLength(1);
  });

  it('moving a deal to won twice at once, from two screens: one confirmation, whichever of the event and the job comes first', { timeout: 60_000 }, async () => {
    const clock = new ManualClock(new Date('2026-09-01T08:00:00.000Z'));
    const t = await start(clock);
    const company = await seedCompany(t, 'cod-won-twice', { sales: 0 });
    const token = await signIn(t, company.admin.email);
    const settings = { ...DEFAULT_ORDER_CONFIRMATION_SETTINGS, enabled: true, delayMinutes: 10, reminderHours: 6, language: 'en' };
    expect((await t.api.put('/settings/order-confirmation', settings, { token })).status).toBe(200);
    await connectWhatsApp(t, token);
    const c = await newContact(t, token, 'Twice');
    for (const stage of ['customer', 'sales']) expect((await t.api.patch(`/contacts/${c.id}/stage`, { stage }, { token })).status).toBe(200);
    const shippingDetails = { address: { governorate: 'cairo', city: 'Nasr City', street: '12 Makram Ebeid' } };
    expect((await t.api.patch(`/contacts/${c.id}`, { salesData: { shippingDetails } }, { token })).status).toBe(200);
    const moves = await Promise.all([t.api.patch(`/deals/${c.id}/status`, { status: 'won' }, { token }), t.api.patch(`/contacts/${c.id}`, { salesData: { pipeline_status: 'won' } }, { token })]);
    expect(moves.map((m) => m.status)).toEqual([200, 200]);
    // the second save found the deal won already: one won move, one job
    const jobs = await eventually(
      () => openingJobs(t, c.id),
      (states) => states.length > 0 && states.every((s) => s === 'completed'),
      20_000,
    );
    expect(jobs).toEqual(['completed']);
    expect(await confirmationsOf(t, company.tenantId, c.id)).toEqual([expect.objectContaining({ status: 'scheduled' })]);
  });
});
