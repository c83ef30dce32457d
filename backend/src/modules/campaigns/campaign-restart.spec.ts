import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { campaignOf, createCampaign, recipientsOf, saveSettings, startCampaign, startCampaignApp, tick } from '../../../test/campaigns.js';
import { newContact, sentTo } from '../../../test/follow-ups.js';
import { connectWhatsApp } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { ManualClock } from '../../platform/clock.js';

let database: TestDatabase | undefined;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => undefined);
  await database?.drop();
});

describe('a backend restart in the middle of a campaign', () => {
  it('sends every recipient exactly once, even one whose sender died after WhatsApp took the message', async () => {
    database = await createTestDatabase({ persistent: true });
    const clock = new ManualClock(new Date('2026-05-01T08:00:00.000Z'));
    // a short lease, so the test need not wait ten minutes for a dead sender's claim to lapse
    const env = { CAMPAIGN_SENDING_LEASE_MINUTES: '1' };

    const first = await startCampaignApp({ database, clock, env });
    apps.push(first);
    const company = await seedCompany(first, 'camp-restart', { sales: 0 });
    let token = await signIn(first, company.admin.email);
    await connectWhatsApp(first, token);
    await saveSettings(first, token);
    const people = [];
    for (const name of ['R1', 'R2', 'R3', 'R4']) people.push(await newContact(first, token, name));
    const campaign = await createCampaign(first, token, { audience: { stage: 'lead' }, message: 'Hello {name}' });
    await startCampaign(first, token, campaign._id);
    await tick(first);
    clock.advance(30_000);
    await tick(first);
    expect(people.map((p) => sentTo(first, p.chatId).length)).toEqual([1, 1, 0, 0]);

    // as if the process died right after WhatsApp took R2's message, before its outcome was recorded
    await first.db.platform((tx) =>
      tx.execute(sql`update campaign_recipients set status = 'sending', claimed_at = ${clock.now().toISOString()}::timestamptz where campaign_id = ${campaign._id} and position = 2`),
    );
    await first.stop();

    clock.advance(2 * 60_000);
    const second = await startCampaignApp({ database, clock, env });
    apps.push(second);
    token = await signIn(second, company.admin.email);
    await connectWhatsApp(second, token);
    for (let i = 0; i < 6; i++) {
      await tick(second);
      clock.advance(30_000);
    }
    expect((await campaignOf(second, token, campaign._id)).status).toBe('completed');
    expect((await recipientsOf(second, token, campaign._id)).every((r) => ['sent', 'delivered', 'read'].includes(r.status))).toBe(true);

    // the chats hold the campaign message exactly once each (the first app's sends and the second's)
    for (const p of people) {
      const messages = (await second.api.get(`/messages?contactId=${p.id}`, { token })).body.data.items as { body: string; automated: boolean }[];
      expect(messages.filter((m) => m.automated)).toHaveLength(1);
    }
    expect(people.slice(2).map((p) => sentTo(second, p.chatId).length)).toEqual([1, 1]);
    expect(sentTo(second, people[1].chatId)).toEqual([]);
  });
});
