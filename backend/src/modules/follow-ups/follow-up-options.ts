import { z } from 'zod';

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

export function loadFollowUpOptions(env: NodeJS.ProcessEnv = process.env): FollowUpOptions {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  return {
    sweepIntervalMs: parsed.data.FOLLOW_UP_SWEEP_SECONDS * 1000,
    pollingIntervalSeconds: parsed.data.FOLLOW_UP_POLL_SECONDS,
    sendingLeaseMs: parsed.data.FOLLOW_UP_SENDING_LEASE_MINUTES * 60_000,
  };
}
