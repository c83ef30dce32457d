import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { campaignOf, createCampaign, recipientsOf, saveSettings, startCampaign, startCampaignApp, tick } from '../../../test/campaigns.js';
import { connectCloudCompany, received, textMessage, type CloudAccount } from '../../../test/cloud-api.js';
import { FakeGraphApi, fakeTemplate, templateButtons, templateHeader } from '../../../test/fake-graph-api.js';
import { HOUR, eventually } from '../../../test/follow-ups.js';
import type { TestApp } from '../../../test/test-app.js';

const A_NUMBER = '106540352242933';
const A_WABA = '102290129340411';
const SECRET = 'b1b2c3d4e5f60718293a4b5c6d7e8f91';

type SentBody = { to: string; type: string; text?: { body: string }; template?: { name: string; language: { code: string }; components: { type?: string; parameters: { text: string }[] }[] } };

describe('a campaign on the official API: the 24-hour window', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let a: SeededCompany;
  let admin: string;
  let cloud: CloudAccount;
  let waSeq = 0;
  let inside: string, outside: string;

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    const number = graph.addNumber(A_NUMBER);
    graph.addBusinessAccount(A_WABA, number.token, [
      fakeTemplate('we_miss_you', 'en_US', 'Hi {{1}}, we have new arrivals this week. Reply to see them!', { category: 'MARKETING' }),
      fakeTemplate('old_offer', 'en_US', 'This offer ended.', { status: 'REJECTED', category: 'MARKETING' }),
      {
        ...fakeTemplate('new_season', 'en_US', 'Hi {{1}}, the new season is in.', { category: 'MARKETING' }),
        components: [
          templateHeader('TEXT', 'For {{1}}'),
          { type: 'BODY', text: 'Hi {{1}}, the new season is in.' },
          templateButtons({ type: 'URL', text: 'Shop', url: 'https://shop.example/s/{{1}}' }),
        ],
      },
    ]);
    t = await startCampaignApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url, LOG_LEVEL: 'error' } });
    a = await seedCompany(t, 'camp-cloud-a', { sales: 0 });
    admin = await signIn(t, a.admin.email);
    cloud = await connectCloudCompany(t, graph, { tenantId: a.tenantId, admin, phoneNumberId: A_NUMBER, appSecret: SECRET, businessAccountId: A_WABA });
    expect((await t.api.post('/whatsapp/cloud/templates/sync', undefined, { token: admin })).status).toBe(200);
    await saveSettings(t, admin);
    // Mona wrote 25 hours ago (her window is closed), Omar a minute ago (his is open)
    outside = await customerWrites('201002220001', 'Mona');
    t.clock.advance(25 * HOUR);
    inside = await customerWrites('201002220002', 'Omar');
  });
  afterAll(async () => {
    await t?.close();
    await graph?.stop();
  });

  /** A contact of the company who wrote in through a signed webhook (the window opens now). */
  async function customerWrites(phone: string, name: string) {
    return (await received(t, cloud, textMessage(phone, `wamid.camp-in-${++waSeq}`, 'Hello', name))).contactId;
  }

  /** Starts the campaign and runs the sender until it completes; what Meta was asked to send meanwhile. */
  async function run(body: Record<string, unknown>) {
    const before = graph.sent.length;
    const campaign = await createCampaign(t, admin, { audience: {}, message: 'Hi {name}, 20% off this week.', ...body });
    await startCampaign(t, admin, campaign._id);
    for (let i = 0; i < 4; i++) {
      await tick(t);
      t.clock.advance(30_000);
    }
    await eventually(
      () => campaignOf(t, admin, campaign._id),
      (c) => c.status === 'completed',
    );
    const recipients = await recipientsOf(t, admin, campaign._id);
    const of = (contactId: string) => recipients.find((r) => r.contactId === contactId)!;
    return { sent: graph.sent.slice(before).map((s) => s.body as SentBody), inside: of(inside), outside: of(outside), campaign };
  }

  it('inside the window the message goes as text; outside it the chosen template goes, its {name} filled', async () => {
    const { sent, inside: omar, outside: mona, campaign } = await run({ whatsappTemplate: { name: 'we_miss_you', language: 'en_US', params: ['{name}'] } });
    expect(campaign.whatsappTemplate).toEqual({ name: 'we_miss_you', language: 'en_US', params: ['{name}'] });
    expect(sent).toHaveLength(2);
    expect(sent.find((s) => s.to === '201002220002')).toMatchObject({ type: 'text', text: { body: 'Hi Omar, 20% off this week.' } });
    expect(sent.find((s) => s.to === '201002220001')).toMatchObject({ type: 'template', template: { name: 'we_miss_you', components: [{ parameters: [{ text: 'Mona' }] }] } });
    expect([omar.status, mona.status]).toEqual(['sent', 'sent']);
    // Mona's chat shows the template's body as it reached her
    const chat = (await t.api.get(`/messages?contactId=${outside}`, { token: admin })).body.data.items as { body: string }[];
    expect(chat.map((m) => m.body)).toContain('Hi Mona, we have new arrivals this week. Reply to see them!');
  });

  it("the template's header and link button go with it, {name} filled in each", async () => {
    const whatsappTemplate = { name: 'new_season', language: 'en_US', params: ['{name}'], header: { text: '{name}' }, buttons: ['season?for={name}'] };
    const { sent, outside: mona, campaign } = await run({ whatsappTemplate });
    expect(campaign.whatsappTemplate).toEqual(whatsappTemplate);
    expect(mona.status).toBe('sent');
    expect(sent.find((s) => s.to === '201002220001')).toMatchObject({
      type: 'template',
      template: {
        name: 'new_season',
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'Mona' }] },
          { type: 'body', parameters: [{ type: 'text', text: 'Mona' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'season?for=Mona' }] },
        ],
      },
    });
  });

  it('without a template a recipient outside the window is skipped with that reason (nothing sent to Meta)', async () => {
    const { sent, inside: omar, outside: mona } = await run({});
    expect(sent).toEqual([expect.objectContaining({ to: '201002220002', type: 'text' })]);
    expect(omar.status).toBe('sent');
    expect(mona).toMatchObject({ status: 'skipped', reason: 'window_closed' });
  });

  it("a skipped recipient does not use up the day's limit: the next one still goes that day", async () => {
    // a new day with room for one message; Omar writes again (his window opens)
    t.clock.advance(24 * HOUR);
    await customerWrites('201002220002', 'Omar');
    await saveSettings(t, admin, { dailyCap: 1 });
    const { sent, inside: omar, outside: mona } = await run({});
    expect(mona).toMatchObject({ status: 'skipped', reason: 'window_closed' });
    expect(omar.status).toBe('sent');
    expect(sent).toEqual([expect.objectContaining({ to: '201002220002', type: 'text' })]);
    await saveSettings(t, admin);
  });

  it('a template that is not approved fails the recipient outside the window with its code; the one inside still gets the text', async () => {
    const { sent, inside: omar, outside: mona } = await run({ whatsappTemplate: { name: 'old_offer', language: 'en_US', params: [] } });
    expect(sent).toEqual([expect.objectContaining({ to: '201002220002', type: 'text' })]);
    expect(omar.status).toBe('sent');
    expect(mona.status).toBe('failed');
    expect(mona.reason).toMatch(/template/);
  });
});
