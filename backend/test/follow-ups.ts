import { expect } from 'vitest';
import type { FollowUpRun } from '@crm/common';
import { FollowUpScheduler } from '../src/modules/follow-ups/follow-up-scheduler.js';
import { SimulatorDriver } from '../src/modules/whatsapp/drivers/simulator.driver.js';
import type { TestApp, TestAppOptions } from './test-app.js';
import { inbound, sleep, startMessengerApp } from './messenger.js';

export const HOUR = 3_600_000;

/**
 * The messenger test app with the follow-up scheduler driven by the test: no periodic sweep (tests
 * move the ManualClock and call sweep()), the pg-boss worker polling twice a second, and sign-in
 * sessions that outlive the days the tests jump over.
 */
export function startFollowUpApp(options: TestAppOptions = {}): Promise<TestApp> {
  return startMessengerApp({
    ...options,
    env: {
      FOLLOW_UP_SWEEP_SECONDS: '0',
      FOLLOW_UP_POLL_SECONDS: '0.5',
      SESSION_IDLE_MINUTES: String(365 * 24 * 60),
      SESSION_MAX_HOURS: String(365 * 24),
      ...options.env,
    },
  });
}

export const scheduler = (t: TestApp) => t.app.get(FollowUpScheduler);
export const simulator = (t: TestApp) => t.app.get(SimulatorDriver);

/** Moves the app clock forward and runs what became due (as the periodic sweep would). */
export async function advance(t: TestApp, ms: number) {
  t.clock.advance(ms);
  await scheduler(t).sweep();
}

let phoneSeq = 0;
/** A contact who wrote in once (so it exists and is the tenant's), with a unique Egyptian mobile number. */
export async function newContact(t: TestApp, token: string, name?: string) {
  const digits = `2010${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneSeq++ % 100).padStart(2, '0')}`.slice(0, 12);
  const res = await inbound(t, token, { from: `+${digits}`, ...(name ? { name } : {}), body: 'Hello, is this available?' });
  if (res.status !== 200) throw new Error(`inbound failed: ${res.status} ${res.body.error}`);
  // let the inbound's in-process listeners (a reply stops a running sequence) finish first
  await sleep(20);
  return { id: res.body.data.contactId as string, chatId: `${digits}@c.us` };
}

/** Texts the simulated WhatsApp sent to this chat, in order. */
export const sentTo = (t: TestApp, chatId: string) =>
  simulator(t)
    .sent.filter((s) => s.chatId === chatId)
    .map((s) => (s.content.kind === 'text' ? s.content.body : `[${s.content.kind}]`));

export async function createTemplate(t: TestApp, token: string, body: { name: string; messages: { delay: number; message: string }[] }) {
  const res = await t.api.post('/follow-up-templates', body, { token });
  if (res.status !== 201) throw new Error(`template failed: ${res.status} ${res.body.error}`);
  return res.body.data as { _id: string };
}

export async function startRun(t: TestApp, token: string, contactId: string, templateId: string): Promise<FollowUpRun> {
  const res = await t.api.post(`/contacts/${contactId}/follow-up/start`, { templateId }, { token });
  if (res.status !== 200) throw new Error(`start failed: ${res.status} ${res.body.error}`);
  return res.body.data;
}

export async function runsOf(t: TestApp, token: string, contactId: string): Promise<FollowUpRun[]> {
  const res = await t.api.get(`/contacts/${contactId}/follow-ups`, { token });
  expect(res.status).toBe(200);
  return res.body.data.items;
}

export async function latestRun(t: TestApp, token: string, contactId: string): Promise<FollowUpRun> {
  return (await runsOf(t, token, contactId))[0];
}

export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await sleep(50);
    value = await read();
  }
  return value;
}
