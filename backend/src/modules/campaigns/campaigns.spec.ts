import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dayIn } from '@crm/common';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { createCampaign, campaignOf, recipientsOf, saveSettings, startCampaign, startCampaignApp, tick } from '../../../test/campaigns.js';
import { HOUR, createTemplate, latestRun, newContact, scheduler, sentTo, simulator, startRun } from '../../../test/follow-ups.js';
import { connectSocket, connectWhatsApp, inbound, sleep, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { MessengerEvents } from '../whatsapp/messenger-events.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let admin: string;
let rep: string;
let adminB: string;
let socket: TestSocket;

beforeAll(async () => {
  t = await startCampaignApp();
  a = await seedCompany(t, 'camp-a', { sales: 1 });
  b = await seedCompany(t, 'camp-b', { sales: 0 });
  [admin, rep, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, b.admin.email)]);
  await connectWhatsApp(t, admin);
  socket = await connectSocket(t, admin);
});
afterAll(async () => {
  socket?.close();
  await t?.close();
});

/** Ends the company's running campaigns, so each test's sends are its own. */
beforeEach(async () => {
  const list = (await t.api.get('/campaigns?limit=100', { token: admin })).body.data.items as { _id: string; status: string }[];
  for (const c of list) if (['running', 'paused', 'scheduled'].includes(c.status)) await t.api.post(`/campaigns/${c._id}/cancel`, undefined, { token: admin });
  await saveSettings(t, admin);
  // past the pace of the previous test
  t.clock.advance(HOUR);
});

const DAY = 24 * HOUR;
/** Midnight UTC, `n` days after the test clock's day (the clock never goes back between tests). */
const daysAhead = (n: number): number => Math.floor(t.clock.now().getTime() / DAY) * DAY + n * DAY;
/** `hhmm` UTC on the day starting at `day`. */
const at = (day: number, hhmm: string): Date => new Date(`${new Date(day).toISOString().slice(0, 10)}T${hhmm}:00.000Z`);

const label = async (name: string) => (await t.api.post('/labels', { name, colour: '#1f9d55' }, { token: admin })).body.data._id as string;
const putLabels = (contactId: string, labelIds: string[]) => t.api.put(`/contacts/${contactId}/labels`, { labelIds }, { token: admin });

describe('Settings → Sending', () => {
  it('an admin reads the defaults and saves the pace; a bad range is refused; a sales user may not', async () => {
    const fresh = await t.api.get('/settings/sending', { token: adminB });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toMatchObject({ dailyCap: 200, minIntervalSeconds: 20, maxIntervalSeconds: 60, timeZone: 'Africa/Cairo', optOutKeywords: ['STOP', 'stop', 'الغاء', 'إلغاء'] });
    expect(fresh.body.data.today).toEqual({ limit: 20, sent: 0 });

    const saved = await saveSettings(t, admin, { dailyCap: 50, optOutKeywords: ['STOP', 'الغاء', 'unsubscribe'] });
    expect(saved).toMatchObject({ dailyCap: 50, optOutKeywords: ['STOP', 'الغاء', 'unsubscribe'] });
    const bad = await t.api.put('/settings/sending', { ...saved, minIntervalSeconds: 90, maxIntervalSeconds: 30 }, { token: admin });
    expect(bad.status).toBe(400);
    // another company's settings are its own
    expect((await t.api.get('/settings/sending', { token: adminB })).body.data.dailyCap).toBe(200);
    for (const res of [await t.api.get('/settings/sending', { token: rep }), await t.api.put('/settings/sending', saved, { token: rep })]) expect(res.status).toBe(403);
  });
});

describe('the audience', () => {
  it('counts what the leads list counts for the same filter, and previews the message for a real recipient', async () => {
    const vip = await label('VIP');
    const eid = await label('Eid');
    const [c1, c2, c3] = [await newContact(t, admin, 'Salma'), await newContact(t, admin, 'Karim'), await newContact(t, admin, 'Nour')];
    await putLabels(c1.id, [vip, eid]);
    await putLabels(c2.id, [vip]);
    await putLabels(c3.id, [eid]);
    for (const [audience, query] of [
      [{ stage: 'lead', labels: [vip] }, `stage=lead&labels=${vip}`],
      [{ stage: 'lead', labels: [vip, eid], labelMatch: 'all' }, `stage=lead&labels=${vip},${eid}&labelMatch=all`],
      [{ stage: 'lead', labels: [vip, eid], labelMatch: 'any' }, `stage=lead&labels=${vip},${eid}`],
      [{ stage: 'lead' }, 'stage=lead'],
      [{ stage: 'lead', governorate: 'cairo' }, 'stage=lead&governorate=cairo'],
    ] as const) {
      const res = await t.api.post('/campaigns/audience', { audience, message: 'Hi {name}!' }, { token: admin });
      expect(res.status).toBe(200);
      const list = await t.api.get(`/contacts?${query}&limit=1`, { token: admin });
      expect(res.body.data.count).toBe(list.body.data.total);
    }
    const vipOnly = (await t.api.post('/campaigns/audience', { audience: { labels: [vip, eid], labelMatch: 'all' }, message: 'Hi {name}!' }, { token: admin })).body.data;
    expect(vipOnly).toMatchObject({ count: 1, sample: [{ _id: c1.id, name: 'Salma' }], preview: 'Hi Salma!' });
  });

  it('the product bought, the assignee and the days created (read in the company time zone) count what the lists count, and a campaign gets exactly those recipients', async () => {
    await saveSettings(t, admin, { timeZone: 'Asia/Dubai' });
    const product = async (name: string, sku: string) => (await t.api.post('/products', { name, sku, price: 250, stockQty: 10 }, { token: admin })).body.data._id as string;
    const [abaya, scarf] = [await product('Black abaya', 'ABA-01'), await product('Silk scarf', 'SCA-01')];
    const [d1, d2, d3] = [await newContact(t, admin, 'Dina'), await newContact(t, admin, 'Hala'), await newContact(t, admin, 'Mai')];
    const buy = (contactId: string, lines: { productId: string; qty: number }[]) => t.api.patch(`/contacts/${contactId}`, { salesData: { pipeline_status: 'won' }, products: lines }, { token: admin });
    expect((await buy(d1.id, [{ productId: abaya, qty: 1 }])).status).toBe(200);
    expect(
      (
        await buy(d2.id, [
          { productId: abaya, qty: 2 },
          { productId: scarf, qty: 1 },
        ])
      ).status,
    ).toBe(200);
    expect((await buy(d3.id, [{ productId: scarf, qty: 1 }])).status).toBe(200);
    const today = dayIn(t.clock.now(), 'Asia/Dubai');

    const cases = [
      [{ productId: abaya }, `productId=${abaya}`, 2],
      [{ productId: scarf }, `productId=${scarf}`, 2],
      // new leads go round-robin to the one rep: whatever each holds, the two must agree
      [{ productId: abaya, assignedTo: a.sales[0].id }, `productId=${abaya}&assignedTo=${a.sales[0].id}`, null],
      [{ productId: scarf, assignedTo: 'unassigned' }, `productId=${scarf}&assignedTo=unassigned`, null],
      [{ productId: abaya, pipeline_status: 'won', from: today, to: today }, `productId=${abaya}&pipeline_status=won&from=${today}&to=${today}&tz=Asia/Dubai`, 2],
      [{ from: today, to: today }, `from=${today}&to=${today}&tz=Asia/Dubai`, null],
    ] as const;
    for (const [audience, query, expected] of cases) {
      const res = await t.api.post('/campaigns/audience', { audience, message: 'Hi {name}!' }, { token: admin });
      expect(res.status).toBe(200);
      const list = await t.api.get(`/contacts?${query}&limit=1`, { token: admin });
      expect(list.status).toBe(200);
      expect(res.body.data.count).toBe(list.body.data.total);
      if (expected !== null) expect(res.body.data.count).toBe(expected);
    }
    // another company's product is nobody's here
    const theirs = (await t.api.post('/products', { name: 'Other shop', sku: 'OTH-01', price: 1, stockQty: 1 }, { token: adminB })).body.data._id as string;
    expect((await t.api.post('/campaigns/audience', { audience: { productId: theirs }, message: 'Hi' }, { token: admin })).body.data.count).toBe(0);

    const campaign = await createCampaign(t, admin, { audience: { productId: abaya } });
    await startCampaign(t, admin, campaign._id);
    const recipients = await recipientsOf(t, admin, campaign._id);
    expect(recipients.map((r) => r.contactId).sort()).toEqual([d1.id, d2.id].sort());
    await t.api.post(`/campaigns/${campaign._id}/cancel`, undefined, { token: admin });
  });
});

describe('a campaign', () => {
  it('sends one recipient at a time at the company pace, fills the placeholders, and follows acks and replies', async () => {
    const tag = await label('Pace');
    const people = [await newContact(t, admin, 'Amal'), await newContact(t, admin, 'Hany'), await newContact(t, admin, 'Reem')];
    for (const p of people) await putLabels(p.id, [tag]);
    const campaign = await createCampaign(t, admin, { audience: { labels: [tag] }, message: 'Hi {name}, new stock!' });
    expect(campaign.status).toBe('draft');
    const started = await startCampaign(t, admin, campaign._id);
    expect(started).toMatchObject({ status: 'running', counts: { total: 3, pending: 3 } });

    await tick(t);
    expect(people.map((p) => sentTo(t, p.chatId).length)).toEqual([1, 0, 0]);
    expect(sentTo(t, people[0].chatId)).toEqual(['Hi Amal, new stock!']);
    // the interval has not passed: nothing more, however often the sender looks
    await tick(t);
    await tick(t);
    expect(people.map((p) => sentTo(t, p.chatId).length)).toEqual([1, 0, 0]);
    t.clock.advance(29_000);
    await tick(t);
    expect(sentTo(t, people[1].chatId)).toEqual([]);
    t.clock.advance(1_000);
    await tick(t);
    expect(sentTo(t, people[1].chatId)).toEqual(['Hi Hany, new stock!']);
    t.clock.advance(30_000);
    await tick(t);
    expect(sentTo(t, people[2].chatId)).toEqual(['Hi Reem, new stock!']);

    // acks 2 and 3 (the simulated phone), then a reply
    const progress = await socket.waitFor('campaign:progress', (p) => p.campaignId === campaign._id && p.counts.read === 3);
    expect(progress.status).toBe('completed');
    await inbound(t, admin, { from: `+${people[1].chatId.replace('@c.us', '')}`, body: 'How much?' });
    await socket.waitFor('campaign:progress', (p) => p.campaignId === campaign._id && p.counts.replied === 1);
    const recipients = await recipientsOf(t, admin, campaign._id);
    expect(recipients.map((r) => [r.name, r.status])).toEqual([
      ['Amal', 'read'],
      ['Hany', 'replied'],
      ['Reem', 'read'],
    ]);
    // each recipient exactly once
    expect(people.map((p) => sentTo(t, p.chatId).length)).toEqual([1, 1, 1]);

    const file = await t.api.get(`/campaigns/${campaign._id}/export`, { token: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('sends only in the sending hours, in the company time zone', async () => {
    // Dubai keeps UTC+4 all year, so the hours below hold on whatever day the test runs
    await saveSettings(t, admin, { sendingHours: { from: '09:00', to: '17:00' }, timeZone: 'Asia/Dubai' });
    const tag = await label('Hours');
    const p = await newContact(t, admin, 'Laila');
    await putLabels(p.id, [tag]);
    // days ahead of the test clock: sends of earlier tests are behind it, so their pace holds nothing back
    const day = daysAhead(2);
    t.clock.set(at(day, '16:00')); // 20:00 in Dubai
    const campaign = await createCampaign(t, admin, { audience: { labels: [tag] } });
    await startCampaign(t, admin, campaign._id);
    await tick(t);
    expect(sentTo(t, p.chatId)).toEqual([]);
    t.clock.set(at(day + DAY, '04:59')); // 08:59 the next morning
    await tick(t);
    expect(sentTo(t, p.chatId)).toEqual([]);
    t.clock.set(at(day + DAY, '05:00'));
    await tick(t);
    expect(sentTo(t, p.chatId)).toHaveLength(1);
  });

  it('a new number warms up: the daily limit grows day by day', async () => {
    const firstDay = daysAhead(2);
    t.clock.set(at(firstDay, '08:00'));
    await saveSettings(t, admin, { warmUp: { enabled: true, startCap: 2, dailyIncrease: 1, startedOn: null }, restartWarmUp: true });
    const tag = await label('Warm');
    const people: { id: string; chatId: string }[] = [];
    for (const name of ['W1', 'W2', 'W3', 'W4', 'W5', 'W6']) {
      const c = await newContact(t, admin, name);
      await putLabels(c.id, [tag]);
      people.push(c);
    }
    const campaign = await createCampaign(t, admin, { audience: { labels: [tag] } });
    await startCampaign(t, admin, campaign._id);
    const sentCount = () => people.filter((p) => sentTo(t, p.chatId).length).length;
    for (let i = 0; i < 5; i++) {
      await tick(t);
      t.clock.advance(30_000);
    }
    expect(sentCount()).toBe(2);
    expect((await t.api.get('/settings/sending', { token: admin })).body.data.today).toEqual({ limit: 2, sent: 2 });
    t.clock.set(at(firstDay + DAY, '08:00'));
    for (let i = 0; i < 5; i++) {
      await tick(t);
      t.clock.advance(30_000);
    }
    expect(sentCount()).toBe(5);
    expect(people.map((p) => sentTo(t, p.chatId).length).every((n) => n <= 1)).toBe(true);
  });

  it('pauses itself when sends keep failing or WhatsApp disconnects, says why, and resumes by hand', async () => {
    const tag = await label('Failing');
    const people: { id: string; chatId: string }[] = [];
    for (const name of ['F1', 'F2', 'F3', 'F4', 'F5']) {
      const c = await newContact(t, admin, name);
      await putLabels(c.id, [tag]);
      people.push(c);
    }
    const campaign = await createCampaign(t, admin, { audience: { labels: [tag] } });
    simulator(t).failNextSends(3);
    await startCampaign(t, admin, campaign._id);
    for (let i = 0; i < 5; i++) {
      await tick(t);
      t.clock.advance(30_000);
    }
    let now = await campaignOf(t, admin, campaign._id);
    expect(now).toMatchObject({ status: 'paused', pausedReason: 'failures', counts: { failed: 3, pending: 2 } });
    expect((await recipientsOf(t, admin, campaign._id)).slice(0, 3).map((r) => [r.status, r.reason])).toEqual([
      ['failed', 'refused'],
      ['failed', 'refused'],
      ['failed', 'refused'],
    ]);

    expect((await t.api.post(`/campaigns/${campaign._id}/resume`, undefined, { token: admin })).body.data.status).toBe('running');
    await tick(t);
    expect(sentTo(t, people[3].chatId)).toHaveLength(1);

    t.app.get(MessengerEvents).emit('whatsapp.down', { tenantId: a.tenantId, state: 'needs_qr', reason: null });
    await sleep(50);
    now = await campaignOf(t, admin, campaign._id);
    expect(now).toMatchObject({ status: 'paused', pausedReason: 'whatsapp_disconnected' });
    t.clock.advance(30_000);
    await tick(t);
    expect(sentTo(t, people[4].chatId)).toEqual([]);
    expect((await t.api.post(`/campaigns/${campaign._id}/resume`, undefined, { token: admin })).status).toBe(200);
    await tick(t);
    expect(sentTo(t, people[4].chatId)).toHaveLength(1);
    expect((await campaignOf(t, admin, campaign._id)).status).toBe('completed');
  });

  it('starts at its scheduled time, and a cancelled one sends nothing more', async () => {
    const tag = await label('Later');
    const people = [await newContact(t, admin, 'S1'), await newContact(t, admin, 'S2')];
    for (const p of people) await putLabels(p.id, [tag]);
    const at = new Date(t.clock.now().getTime() + HOUR);
    const campaign = await createCampaign(t, admin, { audience: { labels: [tag] }, scheduledAt: at.toISOString() });
    expect((await startCampaign(t, admin, campaign._id)).status).toBe('scheduled');
    await tick(t);
    expect(sentTo(t, people[0].chatId)).toEqual([]);
    t.clock.set(at);
    await tick(t);
    expect(sentTo(t, people[0].chatId)).toHaveLength(1);
    const cancelled = await t.api.post(`/campaigns/${campaign._id}/cancel`, undefined, { token: admin });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', counts: { sent: expect.any(Number), skipped: 1 } });
    t.clock.advance(HOUR);
    await tick(t);
    expect(sentTo(t, people[1].chatId)).toEqual([]);
  });
});

describe('opting out', () => {
  it('a reply of an opt-out keyword (any case, Arabic alef forms) stops campaigns and follow-ups; an admin undoes it', async () => {
    const tag = await label('OptOut');
    const [stop, alef, stays] = [await newContact(t, admin, 'Yara'), await newContact(t, admin, 'Omar'), await newContact(t, admin, 'Dina')];
    for (const p of [stop, alef, stays]) await putLabels(p.id, [tag]);
    const template = await createTemplate(t, admin, { name: 'Nudge', messages: [{ delay: 1, message: 'Still interested, {{name}}?' }] });
    await startRun(t, admin, alef.id, template._id);

    await inbound(t, admin, { from: `+${stop.chatId.replace('@c.us', '')}`, body: '  Stop ' });
    // "الغاء" written with a hamza under the alef
    await inbound(t, admin, { from: `+${alef.chatId.replace('@c.us', '')}`, body: 'إلغاء' });
    await inbound(t, admin, { from: `+${stays.chatId.replace('@c.us', '')}`, body: 'stop by the shop tomorrow' });
    await sleep(100);
    expect((await t.api.get(`/contacts/${stop.id}/opt-out`, { token: admin })).body.data).toMatchObject({ optedOut: true, keyword: 'Stop' });
    expect((await t.api.get(`/contacts/${alef.id}/opt-out`, { token: admin })).body.data.optedOut).toBe(true);
    expect((await t.api.get(`/contacts/${stays.id}/opt-out`, { token: admin })).body.data.optedOut).toBe(false);

    // the reply stopped the running sequence (as any reply does, or as the opt-out does: whichever came first)
    const stopped = await latestRun(t, admin, alef.id);
    expect(stopped.status).toBe('stopped');
    expect(['opted_out', 'replied']).toContain(stopped.stopReasonCode);
    // a sequence started after the opt-out never sends: its step is skipped, saying why
    await startRun(t, admin, alef.id, template._id);
    t.clock.advance(2 * HOUR);
    await scheduler(t).sweep();
    expect(sentTo(t, alef.chatId).filter((s) => s.startsWith('Still'))).toEqual([]);
    const skipped = await latestRun(t, admin, alef.id);
    expect(skipped).toMatchObject({ status: 'stopped', stopReasonCode: 'opted_out' });
    expect(skipped.steps[0]).toMatchObject({ status: 'cancelled', reasonCode: 'opted_out' });

    const campaign = await createCampaign(t, admin, { audience: { labels: [tag] } });
    await startCampaign(t, admin, campaign._id);
    for (let i = 0; i < 3; i++) {
      await tick(t);
      t.clock.advance(30_000);
    }
    const recipients = await recipientsOf(t, admin, campaign._id);
    expect(recipients.map((r) => [r.name, r.status, r.reason])).toEqual([
      ['Yara', 'skipped', 'opted_out'],
      ['Omar', 'skipped', 'opted_out'],
      ['Dina', expect.stringMatching(/^(sent|delivered|read)$/), null],
    ]);
    expect(sentTo(t, stop.chatId).length + sentTo(t, alef.chatId).length).toBe(0);

    // only an admin undoes it
    expect((await t.api.delete(`/contacts/${stop.id}/opt-out`, { token: rep })).status).toBe(403);
    const undone = await t.api.delete(`/contacts/${stop.id}/opt-out`, { token: admin });
    expect(undone.body.data.optedOut).toBe(false);
    expect((await t.api.delete(`/contacts/${stop.id}/opt-out`, { token: admin })).body.code).toBe('contact.not_opted_out');
    expect((await t.api.delete(`/contacts/${stop.id}/opt-out`, { token: adminB })).status).toBe(404);
  });
});

describe('who may', () => {
  it('a sales user gets 403 on every campaign endpoint; another company sees none of them', async () => {
    const campaign = await createCampaign(t, admin, { audience: { stage: 'lead' } });
    const id = campaign._id;
    const calls = (token: string) => [
      t.api.get('/campaigns', { token }),
      t.api.post('/campaigns', { name: 'x', audience: {}, message: 'x' }, { token }),
      t.api.post('/campaigns/audience', { audience: {} }, { token }),
      t.api.get(`/campaigns/${id}`, { token }),
      t.api.patch(`/campaigns/${id}`, { name: 'y' }, { token }),
      t.api.post(`/campaigns/${id}/start`, undefined, { token }),
      t.api.post(`/campaigns/${id}/pause`, undefined, { token }),
      t.api.post(`/campaigns/${id}/resume`, undefined, { token }),
      t.api.post(`/campaigns/${id}/cancel`, undefined, { token }),
      t.api.get(`/campaigns/${id}/recipients`, { token }),
      t.api.get(`/campaigns/${id}/export`, { token }),
      t.api.delete(`/campaigns/${id}`, { token }),
    ];
    for (const res of await Promise.all(calls(rep))) expect(res.status).toBe(403);
    const other = await Promise.all(calls(adminB));
    expect(other[0].body.data.items.map((c: { _id: string }) => c._id)).not.toContain(id);
    for (const res of [other[3], other[4], other[5], other[6], other[7], other[8], other[9], other[10], other[11]]) expect(res.status).toBe(404);
    // another company's audience counts its own contacts only
    expect(other[2].body.data.count).toBe(0);
    expect((await campaignOf(t, admin, id)).status).toBe('draft');
  });
});
