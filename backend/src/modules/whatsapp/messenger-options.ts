import { z } from 'zod';
import { parseEnv, type ConfigEnv, type ConfigSection } from '../../platform/config/config.js';

/**
 * Tunables of the messenger, read once from the environment at start-up (documented in docs/operations.md,
 * "Connecting a real phone"). The object is shared: tests and the benchmark adjust it at run time
 * through `app.get(MESSENGER_OPTIONS)`.
 */
export const MESSENGER_OPTIONS = Symbol('MESSENGER_OPTIONS');

const num = (fallback: number) => z.coerce.number().min(0).default(fallback);

const schema = z.object({
  WHATSAPP_SIM_TIME_SCALE: num(1),
  WHATSAPP_SIM_AUTO_CONNECT_MS: num(4000),
  WHATSAPP_SIM_DELIVERY_LOG: z.enum(['0', '1']).default('0'),
  WHATSAPP_WATCHDOG_SECONDS: num(60),
  WHATSAPP_PING_TIMEOUT_MS: num(20_000),
  WHATSAPP_AUTOMATED_MIN_INTERVAL_MS: num(4000),
  WHATSAPP_AUTOMATED_JITTER_MS: num(4000),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(16),
  PUPPETEER_EXECUTABLE_PATH: z.string().default('/usr/bin/chromium'),
  WHATSAPP_LEASE_SECONDS: z.coerce.number().positive().default(20),
  INSTANCE_ID: z.string().trim().min(1).optional(),
});

export type MessengerOptions = {
  /** Simulator delays (QR → connected, acks 1→2→3) are multiplied by this; tests use 0.01. */
  simTimeScale: number;
  /** The simulator connects by itself this long (scaled) after showing the QR; 0 = only on connect-now. */
  simAutoConnectMs: number;
  /** The simulated phone appends what it receives to DATA_DIR/whatsapp-sim/delivered.log (the durability check). */
  simDeliveryLog: boolean;
  /** How often the watchdog pings connected sessions (0 = never, tests call runOnce). */
  watchdogIntervalMs: number;
  pingTimeoutMs: number;
  /** Consecutive failed pings before a session is declared dead (needs a QR scan). */
  watchdogFailures: number;
  /** Reconnect attempts after a drop, and the wait before each (scaled for the simulator). */
  reconnectDelaysMs: number[];
  /** Automated sends of a tenant are spaced by at least this, plus a random jitter up to the next. */
  automatedMinIntervalMs: number;
  automatedJitterMs: number;
  uploadMaxBytes: number;
  chromiumPath: string;
  /** Inbound batching: at most this many messages per transaction. */
  inboundBatchMax: number;
  /** A session lease lasts this long unrenewed (renewed, and expired ones taken over, every third of it). */
  leaseTtlMs: number;
  /** This backend instance's id for session leases (INSTANCE_ID); unset = see defaultInstanceId. */
  instanceId: string | undefined;
  /** Inbound batches of one tenant written side by side (never two with the same sender). */
  inboundBatchesInFlight: number;
};

/** The messenger's config section: validated at start-up with the rest (app.config.ts lists it). */
export const messengerConfig: ConfigSection<MessengerOptions> = { token: MESSENGER_OPTIONS, read: loadMessengerOptions };

export function loadMessengerOptions(env: ConfigEnv = {}): MessengerOptions {
  const e = parseEnv(schema, env);
  return {
    simTimeScale: e.WHATSAPP_SIM_TIME_SCALE,
    simAutoConnectMs: e.WHATSAPP_SIM_AUTO_CONNECT_MS,
    simDeliveryLog: e.WHATSAPP_SIM_DELIVERY_LOG === '1',
    watchdogIntervalMs: e.WHATSAPP_WATCHDOG_SECONDS * 1000,
    pingTimeoutMs: e.WHATSAPP_PING_TIMEOUT_MS,
    watchdogFailures: 2,
    reconnectDelaysMs: [2_000, 5_000, 15_000, 30_000, 60_000],
    automatedMinIntervalMs: e.WHATSAPP_AUTOMATED_MIN_INTERVAL_MS,
    automatedJitterMs: e.WHATSAPP_AUTOMATED_JITTER_MS,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    chromiumPath: e.PUPPETEER_EXECUTABLE_PATH,
    inboundBatchMax: 400,
    leaseTtlMs: Math.round(e.WHATSAPP_LEASE_SECONDS * 1000),
    instanceId: e.INSTANCE_ID,
    inboundBatchesInFlight: 3,
  };
}
