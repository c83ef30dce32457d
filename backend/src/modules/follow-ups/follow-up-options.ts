import { z } from 'zod';
import { parseEnv, type ConfigEnv, type ConfigSection } from '../../platform/config/config.js';

/** Tunables of the follow-up scheduler, read once from the environment at start-up. */
export const FOLLOW_UP_OPTIONS = Symbol('FOLLOW_UP_OPTIONS');

export type FollowUpOptions = {
  /** How often each instance sweeps for due steps of the tenants it can send for (0 = never; tests call sweep()). */
  sweepIntervalMs: number;
  /** How often the pg-boss worker polls for step jobs. */
  pollingIntervalSeconds: number;
  /** A step left `sending` longer than this (its sender died) is taken over; the message id makes the retry idempotent. */
  sendingLeaseMs: number;
};

const schema = z.object({
  FOLLOW_UP_SWEEP_SECONDS: z.coerce.number().min(0).default(30),
  FOLLOW_UP_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  FOLLOW_UP_SENDING_LEASE_MINUTES: z.coerce.number().min(1).default(10),
});

/** The follow-up scheduler's config section: validated at start-up with the rest (app.config.ts lists it). */
export const followUpConfig: ConfigSection<FollowUpOptions> = { token: FOLLOW_UP_OPTIONS, read: loadFollowUpOptions };

export function loadFollowUpOptions(env: ConfigEnv = {}): FollowUpOptions {
  const e = parseEnv(schema, env);
  return {
    sweepIntervalMs: e.FOLLOW_UP_SWEEP_SECONDS * 1000,
    pollingIntervalSeconds: e.FOLLOW_UP_POLL_SECONDS,
    sendingLeaseMs: e.FOLLOW_UP_SENDING_LEASE_MINUTES * 60_000,
  };
}
