import { ScheduledMessageSender } from '../src/modules/scheduled-messages/scheduled-message-sender.js';
import { startFollowUpApp } from './follow-ups.js';
import type { TestApp, TestAppOptions } from './test-app.js';

/** The messenger test app with the scheduled-message sender driven by the test (it moves the ManualClock and calls sweep()). */
export function startScheduledApp(options: TestAppOptions = {}): Promise<TestApp> {
  return startFollowUpApp({ ...options, env: { SCHEDULED_MESSAGE_SWEEP_SECONDS: '0', CAMPAIGN_TICK_SECONDS: '0', ...options.env } });
}

export const sender = (t: TestApp) => t.app.get(ScheduledMessageSender);

/** Moves the app clock forward and sends what became due (as the periodic sweep would). */
export async function advanceScheduled(t: TestApp, ms: number) {
  t.clock.advance(ms);
  await sender(t).sweep();
}
