import { afterAll, describe, expect, it } from 'vitest';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { campaignOf, createCampaign, saveSettings, sender, startCampaign, startCampaignApp } from '../../../test/campaigns.js';
import { eventually, newContact, simulator } from '../../../test/follow-ups.js';
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
describe.skipIf(!onPostgres)('a campaign with two backend instances on one PostgreSQL', () => {
  it('sends each recipient exactly once, one per interval between them', async () => {
    database = await createTestDatabase();
    const clock = new ManualClock(new Date('2026-06-01T08:00:00.000Z'));
    const one = await startCampaignApp({ database, clock });
    apps.push(one);
    const two = await startCampaignApp({ database, clock });
    apps.push(two);
    const company = await seedCompany(one, 'camp-inst', { sales: 0 });
    const token = await signIn(one, company.admin.email);
    await connectWhatsApp(one, token);
    await saveSettings(one, token);
    const people: { id: string; chatId: string }[] = [];
    for (const name of ['I1', 'I2', 'I3', 'I4']) people.push(await newContact(one, token, name));
    const campaign = await createCampaign(one, token, { audience: { stage: 'lead' } });
    await startCampaign(one, token, campaign._id);
    const raw = <T>(query: string, params: unknown[] = []) => one.app.get<DbConnection>(DB_CONNECTION).raw<T>(query, params);
    const sends = () => [...simulator(one).sent, ...simulator(two).sent].filter((s) => people.some((p) => p.chatId === s.chatId));

    for (let round = 1; round <= 4; round++) {
      // both instances try at once, twice each: the one pace row gives one slot per interval
      await Promise.all([0, 1].flatMap(() => [sender(one).sendNext(company.tenantId), sender(two).sendNext(company.tenantId)]));
      await eventually(
        async () => sends().length,
        (n) => n >= Math.min(round, people.length),
      );
      expect(sends()).toHaveLength(round);
      clock.advance(30_000);
    }
    await Promise.all([sender(one).sendNext(company.tenantId), sender(two).sendNext(company.tenantId)]);
    await eventually(
      async () => (await campaignOf(one, token, campaign._id)).status,
      (s) => s === 'completed',
    );
    for (const p of people) expect(sends().filter((s) => s.chatId === p.chatId)).toHaveLength(1);
    const messages = await raw<{ n: number }>(`select count(*)::int as n from messages where client_id like 'campaign:%'`);
    expect(Number(messages[0].n)).toBe(people.length);
  });
});
