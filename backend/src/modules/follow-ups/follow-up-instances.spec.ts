import { afterAll, describe, expect, it } from 'vitest';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { HOUR, createTemplate, eventually, newContact, scheduler, simulator, startFollowUpApp, startRun } from '../../../test/follow-ups.js';
import { connectWhatsApp } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { ManualClock } from '../../platform/clock.js';
import { DB_CONNECTION } from '../../platform/db/database.js';
import type { DbConnection } from '../../platform/db/database.types.js';

const onPostgres = !!process.env.TEST_DATABASE_URL;

let database: TestDatabase | undefined;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => undefined);
  await database?.drop();
});

// Two backends on one PGlite cannot exist (it is in-process), so this runs on PostgreSQL only.
describe.skipIf(!onPostgres)('two backend instances on one PostgreSQL', () => {
  it('send each step exactly once', async () => {
    database = await createTestDatabase();
    const clock = new ManualClock(new Date('2026-06-01T08:00:00.000Z'));
    const one = await startFollowUpApp({ database, clock });
    apps.push(one);
    const two = await startFollowUpApp({ database, clock });
    apps.push(two);

    const company = await seedCompany(one, 'fui-alpha', { sales: 1 });
    const [tokenOne, tokenTwo] = [await signIn(one, company.admin.email), await signIn(two, company.admin.email)];
    // the company's WhatsApp runs on one instance only (its session lease); both pick steps up
    await connectWhatsApp(one, tokenOne);

    const template = await createTemplate(one, tokenOne, {
      name: 'Race',
      messages: [
        { delay: 1, message: 'step 1' },
        { delay: 1, message: 'step 2' },
        { delay: 1, message: 'step 3' },
      ],
    });
    const contacts: { id: string; chatId: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const contact = await newContact(one, tokenOne, `Contact ${i}`);
      await startRun(i % 2 ? two : one, i % 2 ? tokenTwo : tokenOne, contact.id, template._id);
      contacts.push(contact);
    }
    const raw = <T>(query: string, params: unknown[] = []) => one.app.get<DbConnection>(DB_CONNECTION).raw<T>(query, params);

    for (let hour = 1; hour <= 3; hour++) {
      clock.advance(HOUR);
      // every way a step can be picked up, on both instances at once: the sweeps, direct attempts,
      // and the pg-boss jobs made due now so both instances' workers compete for them
      const due = await raw<{ id: string; job_id: string }>(`select id, job_id from follow_up_steps where step_index = $1`, [hour - 1]);
      await raw(`update pgboss.job set start_after = now() where id = any($1::uuid[])`, [due.map((d) => d.job_id)]);
      await Promise.all([scheduler(one).sweep(), scheduler(two).sweep(), ...due.flatMap((d) => [scheduler(one).runStep(company.tenantId, d.id), scheduler(two).runStep(company.tenantId, d.id)])]);
      await eventually(
        async () => (await raw<{ n: number }>(`select count(*)::int as n from follow_up_steps where step_index = $1 and status = 'sent'`, [hour - 1]))[0].n,
        (n) => Number(n) === contacts.length,
      );
    }
    // let any job the workers fetched meanwhile finish
    await eventually(
      async () => (await raw<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'follow-up-step' and state in ('created', 'active', 'retry')`))[0].n,
      (n) => Number(n) === 0,
    );

    const sends = [...simulator(one).sent, ...simulator(two).sent].filter((s) => contacts.some((c) => c.chatId === s.chatId));
    expect(sends).toHaveLength(contacts.length * 3);
    for (const contact of contacts) {
      const texts = sends.filter((s) => s.chatId === contact.chatId).map((s) => (s.content.kind === 'text' ? s.content.body : ''));
      expect(texts.sort()).toEqual(['step 1', 'step 2', 'step 3']);
    }
    // the session's owner sent them all, whichever instance picked the step up
    expect(simulator(two).sent).toEqual([]);
    const messages = await raw<{ n: number }>(`select count(*)::int as n from messages where follow_up_run_id is not null`);
    expect(Number(messages[0].n)).toBe(contacts.length * 3);
    const runs = await raw<{ status: string }>(`select status from follow_up_runs`);
    expect(runs.every((r) => r.status === 'completed')).toBe(true);
  });
});
