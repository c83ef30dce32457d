import { z } from 'zod';
import { parseEnv, type ConfigEnv, type ConfigSection } from '../../platform/config/config.js';

/** Tunables of the campaign sender, read once from the environment at start-up. */
export const CAMPAIGN_OPTIONS = Symbol('CAMPAIGN_OPTIONS');

export type CampaignOptions = {
  /** How often each instance looks for a campaign message to send (0 = never by itself; tests call tick()). */
  tickMs: number;
  /** A recipient left `sending` longer than this (its sender died) is taken over; its message key makes that idempotent. */
  sendingLeaseMs: number;
};

const schema = z.object({
  CAMPAIGN_TICK_SECONDS: z.coerce.number().min(0).default(1),
  CAMPAIGN_SENDING_LEASE_MINUTES: z.coerce.number().min(0.01).default(10),
});

export const campaignConfig: ConfigSection<CampaignOptions> = { token: CAMPAIGN_OPTIONS, read: loadCampaignOptions };

export function loadCampaignOptions(env: ConfigEnv = {}): CampaignOptions {
  const e = parseEnv(schema, env);
  return { tickMs: e.CAMPAIGN_TICK_SECONDS * 1000, sendingLeaseMs: e.CAMPAIGN_SENDING_LEASE_MINUTES * 60_000 };
}
