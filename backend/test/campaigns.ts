import type { Campaign, SendingSettings } from '@crm/common';
import { CampaignSender } from '../src/modules/campaigns/campaign-sender.js';
import type { TestApp, TestAppOptions } from './test-app.js';
import { startFollowUpApp } from './follow-ups.js';
import { sleep } from './messenger.js';

/** The messenger test app with the campaign sender driven by the test (no periodic tick: move the ManualClock and call tick()). */
export function startCampaignApp(options: TestAppOptions = {}): Promise<TestApp> {
  return startFollowUpApp({ ...options, env: { CAMPAIGN_TICK_SECONDS: '0', ...options.env } });
}

export const sender = (t: TestApp) => t.app.get(CampaignSender);

/** One pass of the sender, then a moment for the in-process listeners (delivery reports) to settle. */
export async function tick(t: TestApp) {
  await sender(t).tick();
  await sleep(30);
}

/** Settings that send whenever asked, one message every `interval` seconds, no warm-up. */
export const FAST: Omit<SendingSettings, 'optOutKeywords'> & { optOutKeywords?: string[] } = {
  dailyCap: 1000,
  minIntervalSeconds: 30,
  maxIntervalSeconds: 30,
  sendingHours: { from: '00:00', to: '00:00' },
  timeZone: 'Africa/Cairo',
  warmUp: { enabled: false, startCap: 20, dailyIncrease: 10, startedOn: null },
  failureThreshold: 3,
  failureWindow: 5,
};

export async function saveSettings(t: TestApp, token: string, patch: Partial<SendingSettings> & { restartWarmUp?: boolean } = {}) {
  const current = (await t.api.get('/settings/sending', { token })).body.data;
  const { today: _today, ...settings } = current;
  const res = await t.api.put('/settings/sending', { ...settings, ...FAST, optOutKeywords: settings.optOutKeywords, ...patch }, { token });
  if (res.status !== 200) throw new Error(`settings failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createCampaign(t: TestApp, token: string, body: Record<string, unknown>): Promise<Campaign> {
  const res = await t.api.post('/campaigns', { name: 'Eid offer', message: 'Hi {name}, {agent} here: 20% off this week.', ...body }, { token });
  if (res.status !== 201) throw new Error(`campaign failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function startCampaign(t: TestApp, token: string, id: string): Promise<Campaign> {
  const res = await t.api.post(`/campaigns/${id}/start`, undefined, { token });
  if (res.status !== 200) throw new Error(`start failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function campaignOf(t: TestApp, token: string, id: string): Promise<Campaign> {
  return (await t.api.get(`/campaigns/${id}`, { token })).body.data;
}

export async function recipientsOf(t: TestApp, token: string, id: string): Promise<{ contactId: string; status: string; reason: string | null; name: string | null }[]> {
  return (await t.api.get(`/campaigns/${id}/recipients?limit=200`, { token })).body.data.items;
}
