import { afterAll, describe, expect, it } from 'vitest';
import type { ScheduledMessage } from '@crm/common';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { HOUR, eventually, newContact, sentTo } from '../../../test/follow-ups.js';
import { connectWhatsApp } from '../../../test/messenger.js';
import { sender, startScheduledApp } from '../../../test/scheduled-messages.js';
import { restartedApps } from '../../../test/restarted-apps.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { ManualClock } from '../../platform/clock.js';

let database: TestDatabase | undefined;
const { start, stop } = restartedApps((clock: ManualClock) => startScheduledApp({ database, clock }));
afterAll(async () => {
  await database?.drop();
});

describe('a backend restart before a scheduled message is due', () => {
  it('sends it once, at its time, from the new app (same database)', async () => {
    database = await createTestDatabase({ persistent: true });
    const clock = new ManualClock(new Date('2026-05-01T08:00:00.000Z'));

    const first = await start(clock);
    const company = await seedCompany(first, 'sched-restart', { sales: 0 });
    let token = await signIn(first, company.admin.email);
    await connectWhatsApp(first, token);
    const contact = await newContact(first, token, 'Hoda');
    const res = await first.api.post('/scheduled-messages', { contactId: contact.id, body: 'See you at 11', sendAt: '2026-05-01T11:00:00.000Z' }, { token });
    expect(res.status).toBe(201);
    await stop(first);

    clock.advance(HOUR); // restarted at 09:00, two hours before its time
    const second = await start(clock);
    token = await signIn(second, company.admin.email);
    await connectWhatsApp(second, token);
    await sender(second).sweep();
    expect(sentTo(second, contact.chatId)).toEqual([]);

    clock.advance(2 * HOUR);
    await sender(second).sweep();
    await sender(second).sweep();
    expect(sentTo(second, contact.chatId)).toEqual(['See you at 11']);
    const list = (await second.api.get(`/scheduled-messages?contactId=${contact.id}`, { token })).body.data.items as ScheduledMessage[];
    expect(list).toMatchObject([{ status: 'sent', late: false }]);
    const messages = (await second.api.get(`/messages?contactId=${contact.id}`, { token })).body.data.items as { body: string }[];
    expect(messages.filter((m) => m.body === 'See you at 11')).toHaveLength(1);
  });

  // three app starts on one database
  it('sends a message that fell due while the app was down exactly once after the restart, late and saying so, and never again after another restart', { timeout: 120_000 }, async () => {
    const clock = new ManualClock(new Date('2026-07-01T08:00:00.000Z'));
    const first = await start(clock);
    const company = await seedCompany(first, 'sched-down', { sales: 0 });
    let token = await signIn(first, company.admin.email);
    await connectWhatsApp(first, token);
    const contact = await newContact(first, token, 'Down');
    const res = await first.api.post('/scheduled-messages', { contactId: contact.id, body: 'While we were down', sendAt: '2026-07-01T10:00:00.000Z' }, { token });
    expect(res.status).toBe(201);
    await stop(first);

    clock.advance(4 * HOUR); // back at 12:00: two hours after its time
    const second = await start(clock);
    token = await signIn(second, company.admin.email);
    await connectWhatsApp(second, token); // the connection sweeps by itself
    const list = async () => (await second.api.get(`/scheduled-messages?contactId=${contact.id}`, { token })).body.data.items as ScheduledMessage[];
    const [sent] = await eventually(list, (l) => l[0]?.status === 'sent');
    expect(sent.late).toBe(true);
    await Promise.all([sender(second).sweep(), sender(second).sendOne(company.tenantId, res.body.data._id)]);
    expect(sentTo(second, contact.chatId)).toEqual(['While we were down']);
    const chat = await eventually(
      async () => (await second.api.get(`/messages?contactId=${contact.id}`, { token })).body.data.items as { body: string; kind: string }[],
      (m) => m.some((x) => x.kind === 'note'),
    );
    expect(chat.filter((m) => m.body === 'While we were down')).toHaveLength(1);
    expect(chat.find((m) => m.kind === 'note')?.body).toContain('was sent late');
    await stop(second);

    clock.advance(HOUR);
    const third = await start(clock);
    token = await signIn(third, company.admin.email);
    await connectWhatsApp(third, token);
    await sender(third).sweep();
    expect(sentTo(third, contact.chatId)).toEqual([]);
    const messages = (await third.api.get(`/messages?contactId=${contact.id}`, { token })).body.data.items as { body: string }[];
    expect(messages.filter((m) => m.body === 'While we were down')).toHaveLength(1);
  });

  it('a claim left by a sender that died is taken over once: the message key finds the message already stored', async () => {
    const clock = new ManualClock(new Date('2026-06-01T08:00:00.000Z'));
    const t = await start(clock);
    const company = await seedCompany(t, 'sched-crash', { sales: 0 });
    const token = await signIn(t, company.admin.email);
    await connectWhatsApp(t, token);
    const contact = await newContact(t, token, 'Crash');
    const { body } = await t.api.post('/scheduled-messages', { contactId: contact.id, body: 'Only once', sendAt: '2026-06-01T09:00:00.000Z' }, { token });
    clock.advance(HOUR);
    expect(await sender(t).sendOne(company.tenantId, body.data._id)).toBe('sent');
    // as if the sender died after WhatsApp took it but before it recorded so: the row is `sending` again
    await t.db.platform((tx) => tx.execute(`update scheduled_messages set status = 'sending', message_id = null where id = '${body.data._id}'`));
    clock.advance(HOUR); // the lease (10 minutes) has run out
    await sender(t).sweep();
    expect(sentTo(t, contact.chatId)).toEqual(['Only once']);
    const [row] = (await t.api.get(`/scheduled-messages?contactId=${contact.id}`, { token })).body.data.items as ScheduledMessage[];
    expect(row.status).toBe('sent');
  });
});
