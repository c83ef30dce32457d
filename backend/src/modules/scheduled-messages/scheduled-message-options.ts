import { z } from 'zod';
import { parseEnv, type ConfigEnv, type ConfigSection } from '../../platform/config/config.js';

/** Tunables of the scheduled-message sender, read once from the environment at start-up. */
export const SCHEDULED_MESSAGE_OPTIONS = Symbol('SCHEDULED_MESSAGE_OPTIONS');

export type ScheduledMessageOptions = {
  /** How often each instance looks for due scheduled messages (0 = never by itself; tests call sweep()). */
  sweepMs: number;
  /** A message left `sending` longer than this (its sender died) is taken over; its message key makes that idempotent. */
  sendingLeaseMs: number;
};

const schema = z.object({
  SCHEDULED_MESSAGE_SWEEP_SECONDS: z.coerce.number().min(0).default(15),
  SCHEDULED_MESSAGE_SENDING_LEASE_MINUTES: z.coerce.number().min(0.01).default(10),
});

export const scheduledMessageConfig: ConfigSection<ScheduledMessageOptions> = { token: SCHEDULED_MESSAGE_OPTIONS, read: loadScheduledMessageOptions };

export function loadScheduledMessageOptions(env: ConfigEnv = {}): ScheduledMessageOptions {
  const e = parseEnv(schema, env);
  return { sweepMs: e.SCHEDULED_MESSAGE_SWEEP_SECONDS * 1000, sendingLeaseMs: e.SCHEDULED_MESSAGE_SENDING_LEASE_MINUTES * 60_000 };
}
