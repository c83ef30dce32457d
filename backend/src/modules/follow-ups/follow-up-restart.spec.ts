import { afterAll, describe, expect, it } from 'vitest';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { HOUR, advance, createTemplate, latestRun, newContact, scheduler, sentTo, startFollowUpApp, startRun } from '../../../test/follow-ups.js';
import { connectWhatsApp } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { ManualClock } from '../../platform/clock.js';
import { DB_CONNECTION } from '../../platform/db/database.js';
import type { DbConnection } from '../../platform/db/database.types.js';

let database: TestDatabase | undefined;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => undefined);
  await database?.drop();
});

describe('a backend restart in the middle of a sequence', () => {
  it('neither loses nor repeats a step (same database, a new app)', async () => {
    // PGlite on disk when TEST_DATABASE_URL is unset, a fresh PostgreSQL database otherwise
    database = await createTestDatabase({ persistent: true });
    const clock = new ManualClock(new Date('2026-05-01T08:00:00.000Z'));

    const first = await startFollowUpApp({ database, clock });
    apps.push(first);
    const company = await seedCompany(first, 'fur-alpha', { sales: 1 });
    let token = await signIn(first, company.admin.email);
    await connectWhatsApp(first, token);
    const template = await createTemplate(first, token, {
      name: 'Three steps',
      messages: [
        { delay: 1, message: 'One, {{name}}' },
        { delay: 2, message: 'Two' },
        { delay: 3, message: 'Three' },
      ],
    });
    const contact = await newContact(first, token, 'Hoda');
    const run = await startRun(first, token, contact.id, template._id);

    await advance(first, HOUR);
    expect(sentTo(first, contact.chatId)).toEqual(['One, Hoda']);
    await first.stop();

    // down for an hour: step 2 comes due while no backend runs
    clock.advance(2 * HOUR);
    const second = await startFollowUpApp({ database, clock });
    apps.push(second);
    token = await signIn(second, company.admin.email);
    // the pg-boss jobs of the steps not sent yet are still there
    const jobs = await second.app
      .get<DbConnection>(DB_CONNECTION)
      .raw<{ state: string }>('select j.state from pgboss.job j join follow_up_steps s on s.job_id::uuid = j.id where s.run_id = $1 order by s.step_index', [run._id]);
    expect(jobs.map((j) => j.state)).toEqual(['created', 'created', 'created']);

    await connectWhatsApp(second, token); // reconnecting runs the due step 2, once
    await scheduler(second).sweep();
    expect(sentTo(second, contact.chatId)).toEqual(['Two']);
    let log = await latestRun(second, token, contact.id);
    expect(log.steps.map((s) => s.status)).toEqual(['sent', 'sent', 'scheduled']);

    await advance(second, 3 * HOUR);
    await scheduler(second).sweep();
    expect(sentTo(second, contact.chatId)).toEqual(['Two', 'Three']);
    log = await latestRun(second, token, contact.id);
    expect(log.status).toBe('completed');

    // the chat holds each step exactly once
    const messages = (await second.api.get(`/messages?contactId=${contact.id}`, { token })).body.data.items as { body: string; automated: boolean }[];
    expect(messages.filter((m) => m.automated).map((m) => m.body)).toEqual(['One, Hoda', 'Two', 'Three']);
  });
});
