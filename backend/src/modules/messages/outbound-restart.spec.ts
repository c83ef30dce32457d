import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { HOUR, createTemplate, eventually, latestRun, newContact, scheduler, simulator, startFollowUpApp, startRun } from '../../../test/follow-ups.js';
import { connectWhatsApp } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { ManualClock } from '../../platform/clock.js';
import { MESSENGER_OPTIONS, type MessengerOptions } from '../whatsapp/messenger-options.js';
import { OUTBOUND_TEXTS, OutboundMessagesService } from './outbound-messages.service.js';
import { messages } from './messages.table.js';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const MINUTE = 60_000;

let database: TestDatabase | undefined;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => undefined);
  await database?.drop();
});

const outbound = (t: TestApp) => t.app.get(OutboundMessagesService);
const bodiesSent = (t: TestApp) => simulator(t).sent.map((s) => (s.content.kind === 'text' ? s.content.body : `[${s.content.kind}]`));
const row = (t: TestApp, id: string) => t.db.platform(async (tx) => (await tx.select().from(messages).where(eq(messages.id, id)))[0]);
const byClientId = (t: TestApp, clientId: string) => t.db.platform(async (tx) => (await tx.select().from(messages).where(eq(messages.clientId, clientId)))[0]);
const pendingCount = (t: TestApp) =>
  t.db.platform(
    async (tx) =>
      (
        await tx
          .select()
          .from(messages)
          .where(and(eq(messages.status, 'pending')))
      ).length,
  );

/** What a process that died mid-send leaves in the table (created `ageMs` ago; handed over then too, or never). */
async function leftOver(t: TestApp, values: { tenantId: string; contactId: string; body: string; ageMs: number; handedOver: boolean }) {
  const at = new Date(t.clock.now().getTime() - values.ageMs);
  return t.db.platform(async (tx) => {
    const [inserted] = await tx
      .insert(messages)
      .values({
        tenantId: values.tenantId,
        contactId: values.contactId,
        direction: 'out',
        type: 'text',
        body: values.body,
        status: 'pending',
        createdAt: at,
        handedOverAt: values.handedOver ? at : null,
      })
      .returning();
    return inserted;
  });
}

describe('a backend killed in the middle of sending', () => {
  it('sends the never-handed-over messages once at the next start, marks the handed-over ones unknown at once, and leaves nothing pending', async () => {
    database = await createTestDatabase({ persistent: true });
    const clock = new ManualClock(new Date('2026-07-01T08:00:00.000Z'));
    const first = await startFollowUpApp({ database, clock });
    apps.push(first);
    const alpha = await seedCompany(first, 'obr-alpha', { sales: 1 });
    const bravo = await seedCompany(first, 'obr-bravo', { sales: 1 });
    let token = await signIn(first, alpha.admin.email);
    await connectWhatsApp(first, token);
    const hoda = await newContact(first, token, 'Hoda');
    const omar = await newContact(first, token, 'Omar');
    const template = await createTemplate(first, token, { name: 'One step', messages: [{ delay: 1, message: 'Still interested, {{name}}?' }] });
    await startRun(first, token, hoda.id, template._id);

    // automated sends 10 minutes apart: the second one waits in the pacer, never handed over
    first.app.get<symbol, MessengerOptions>(MESSENGER_OPTIONS).automatedMinIntervalMs = 10 * MINUTE;
    // the follow-up step reaches the phone, and the process "dies" before WhatsApp's answer is recorded
    simulator(first).hangNextSends(1);
    clock.advance(HOUR);
    void scheduler(first).sweep();
    await eventually(
      async () => bodiesSent(first),
      (b) => b.includes('Still interested, Hoda?'),
    );
    void outbound(first)
      .send(alpha.tenantId, { contactId: omar.id, body: 'Your order ships today', automated: true, clientId: 'queued-1' })
      .catch(() => undefined);
    const queued = await eventually(
      () => byClientId(first, 'queued-1'),
      (r) => !!r,
    );
    const step = await eventually(
      () => first.db.platform(async (tx) => (await tx.select().from(messages).where(eq(messages.body, 'Still interested, Hoda?')))[0]),
      (r) => !!r,
    );
    // recorded (and committed) before the driver call: this is what tells the next process WhatsApp may have it
    expect(step).toMatchObject({ status: 'pending' });
    expect(step.handedOverAt).toBeInstanceOf(Date);
    expect(queued).toMatchObject({ status: 'pending', handedOverAt: null });
    // another company's message left mid-send while its WhatsApp is not coming back
    const bravoContact = await first.db.platform(async (tx) => {
      const { contacts } = await import('../contacts/contacts.table.js');
      const [c] = await tx.insert(contacts).values({ tenantId: bravo.tenantId, phone: '+201007776665', name: 'Bravo contact' }).returning();
      return c.id;
    });
    const orphan = await leftOver(first, { tenantId: bravo.tenantId, contactId: bravoContact, body: 'orphan', ageMs: MINUTE, handedOver: false });
    await first.stop();

    const second = await startFollowUpApp({ database, clock });
    apps.push(second);
    token = await signIn(second, alpha.admin.email);

    // at once, before WhatsApp is even connected: handed over, no answer → unknown, shown as such, retryable only with confirmation
    const list = await second.api.get(`/messages?contactId=${hoda.id}`, { token });
    expect(list.body.data.items.find((m: { _id: string }) => m._id === step.id)).toMatchObject({
      status: 'unknown',
      retryable: true,
      error: OUTBOUND_TEXTS.unknownAfterRestart,
      errorCode: 'unknown_after_restart',
    });
    // the follow-up step says so, is not sent again, and the run is over
    const run = await eventually(
      () => latestRun(second, token, hoda.id),
      (r) => r.status === 'completed',
    );
    expect(run.steps[0]).toMatchObject({ status: 'unknown', messageId: step.id });
    expect(run.steps[0].reason).toContain('Not sent again automatically');

    // the never-handed-over message goes out once WhatsApp is connected, exactly once
    expect((await row(second, queued.id)).status).toBe('pending');
    await connectWhatsApp(second, token);
    await eventually(
      () => row(second, queued.id),
      (r) => r.status === 'sent',
    );
    await scheduler(second).sweep();
    expect(bodiesSent(second)).toEqual(['Your order ships today']);

    // the tenant whose WhatsApp stays down: its left-over message fails (retryable) after the restart wait
    await outbound(second).failLeftOverFromPreviousRun();
    expect(await row(second, orphan.id)).toMatchObject({ status: 'failed', errorRetryable: true, error: OUTBOUND_TEXTS.interruptedByRestart, errorCode: 'interrupted_by_restart' });
    expect(await pendingCount(second)).toBe(0);

    // Retry of an unknown message: refused without the confirmation, sent with it
    const refused = await second.api.post(`/messages/${step.id}/retry`, undefined, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(OUTBOUND_TEXTS.confirmDuplicate);
    expect(bodiesSent(second)).toEqual(['Your order ships today']);
    const retried = await second.api.post(`/messages/${step.id}/retry`, { confirmDuplicate: true }, { token });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ _id: step.id, status: 'sent', error: null });
    expect(bodiesSent(second)).toEqual(['Your order ships today', 'Still interested, Hoda?']);
    const after = await eventually(
      () => latestRun(second, token, hoda.id),
      (r) => r.steps[0].status === 'sent',
    );
    expect(after.steps[0].reason).toBeNull();
  }, 60_000);
});

describe('a process that died while this one runs', () => {
  it('its never-handed-over messages are sent once by the holder of the WhatsApp; handed-over ones become unknown', async () => {
    const t = apps.at(-1)!;
    const company = await seedCompany(t, 'obr-charlie', { sales: 1 });
    const token = await signIn(t, company.admin.email);
    await connectWhatsApp(t, token);
    const contact = await newContact(t, token, 'Laila');
    const before = simulator(t).sent.length;
    const unsent = await leftOver(t, { tenantId: company.tenantId, contactId: contact.id, body: 'left unsent', ageMs: 3 * MINUTE, handedOver: false });
    const handed = await leftOver(t, { tenantId: company.tenantId, contactId: contact.id, body: 'left handed over', ageMs: 3 * MINUTE, handedOver: true });
    const fresh = await leftOver(t, { tenantId: company.tenantId, contactId: contact.id, body: 'just handed over', ageMs: 0, handedOver: true });

    await outbound(t).reconcile();
    await outbound(t).reconcile();
    expect(await row(t, unsent.id)).toMatchObject({ status: 'sent' });
    expect(await row(t, handed.id)).toMatchObject({ status: 'unknown', error: OUTBOUND_TEXTS.unknownTimedOut, errorCode: 'unknown_timed_out' });
    // a send handed over just now may still be answered: left alone
    expect(await row(t, fresh.id)).toMatchObject({ status: 'pending' });
    expect(bodiesSent(t).slice(before)).toEqual(['left unsent']);
  });
});

// Two backends on one PGlite cannot exist (it is in-process), so this runs on PostgreSQL only.
describe.skipIf(!onPostgres)('two backend instances', () => {
  it('only one of them sends a message left unsent by a dead process', async () => {
    const db = await createTestDatabase();
    const clock = new ManualClock(new Date('2026-07-02T08:00:00.000Z'));
    const one = await startFollowUpApp({ database: db, clock });
    const two = await startFollowUpApp({ database: db, clock });
    try {
      const company = await seedCompany(one, 'obr-delta', { sales: 1 });
      const [tokenOne, tokenTwo] = [await signIn(one, company.admin.email), await signIn(two, company.admin.email)];
      await connectWhatsApp(one, tokenOne);
      // the company's WhatsApp runs on one instance only (its session lease): a start on the other answers the owner's state
      expect((await two.api.post('/whatsapp/start', undefined, { token: tokenTwo })).body.data.state).toBe('connected');
      const contact = await newContact(one, tokenOne, 'Sara');
      const bodies = Array.from({ length: 8 }, (_, i) => `orphan ${i}`);
      for (const body of bodies) await leftOver(one, { tenantId: company.tenantId, contactId: contact.id, body, ageMs: 3 * MINUTE, handedOver: false });
      const [startOne, startTwo] = [simulator(one).sent.length, simulator(two).sent.length];

      await Promise.all([outbound(one).reconcile(), outbound(two).reconcile()]);
      const sent = [...bodiesSent(one).slice(startOne), ...bodiesSent(two).slice(startTwo)].filter((b) => b.startsWith('orphan'));
      expect(sent.sort()).toEqual(bodies);
      expect(bodiesSent(two).slice(startTwo)).toEqual([]);
      expect(await pendingCount(one)).toBe(0);
    } finally {
      await one.stop();
      await two.stop();
      await db.drop();
    }
  }, 60_000);
});
