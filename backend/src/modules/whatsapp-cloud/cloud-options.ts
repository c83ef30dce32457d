import { z } from 'zod';
import type { ThroughputOptions } from './cloud-throughput.js';
import { parseEnv, type ConfigEnv, type ConfigSection } from '../../platform/config/config.js';

export const WHATSAPP_CLOUD_OPTIONS = Symbol('WHATSAPP_CLOUD_OPTIONS');

export type WhatsAppCloudOptions = {
  /** Meta's Graph API with its version, no trailing slash; tests, staging and proxies point it elsewhere. */
  graphUrl: string;
  /** How the outside world reaches this server (for the webhook URL admins paste into Meta); null: the address the admin's request came to. */
  publicUrl: string | null;
  /** How long one Graph API call may take. */
  graphTimeoutMs: number;
  /** Sends per second per phone number, and what a 130429 (throughput reached) answer does (CloudThroughput). */
  throughput: ThroughputOptions;
  /** How often a failed inbound media download is tried again (with back-off) before it is given up. */
  mediaRetries: number;
  /** The first wait before downloading a media again, in seconds (doubled each time). */
  mediaRetryDelaySeconds: number;
  /** How often every company's templates are synced from Meta. */
  templatesSyncMs: number;
};

const url = z
  .string()
  .regex(/^https?:\/\/[^\s?#]+$/i, 'must be an http(s) URL without query')
  .transform((value) => value.replace(/\/+$/, ''));

const schema = z.object({
  WHATSAPP_CLOUD_API_URL: url.default('https://graph.facebook.com/v23.0'),
  PUBLIC_URL: url.optional(),
  WHATSAPP_CLOUD_TIMEOUT_SECONDS: z.coerce.number().positive().default(15),
  WHATSAPP_CLOUD_RATE_PER_SECOND: z.coerce.number().positive().default(80),
  WHATSAPP_CLOUD_THROUGHPUT_RETRIES: z.coerce.number().int().min(0).default(3),
  WHATSAPP_CLOUD_THROUGHPUT_BACKOFF_MS: z.coerce.number().int().min(0).default(1000),
  WHATSAPP_CLOUD_MEDIA_RETRIES: z.coerce.number().int().min(0).default(12),
  WHATSAPP_CLOUD_MEDIA_RETRY_SECONDS: z.coerce.number().int().min(1).default(30),
  WHATSAPP_TEMPLATES_SYNC_HOURS: z.coerce.number().positive().default(6),
});

export function loadWhatsAppCloudOptions(env: ConfigEnv): WhatsAppCloudOptions {
  const e = parseEnv(schema, env);
  return {
    graphUrl: e.WHATSAPP_CLOUD_API_URL,
    publicUrl: e.PUBLIC_URL ?? null,
    graphTimeoutMs: e.WHATSAPP_CLOUD_TIMEOUT_SECONDS * 1000,
    throughput: { ratePerSecond: e.WHATSAPP_CLOUD_RATE_PER_SECOND, retries: e.WHATSAPP_CLOUD_THROUGHPUT_RETRIES, backoffMs: e.WHATSAPP_CLOUD_THROUGHPUT_BACKOFF_MS },
    mediaRetries: e.WHATSAPP_CLOUD_MEDIA_RETRIES,
    mediaRetryDelaySeconds: e.WHATSAPP_CLOUD_MEDIA_RETRY_SECONDS,
    templatesSyncMs: e.WHATSAPP_TEMPLATES_SYNC_HOURS * 3_600_000,
  };
}

export const whatsAppCloudConfig: ConfigSection<WhatsAppCloudOptions> = { token: WHATSAPP_CLOUD_OPTIONS, read: loadWhatsAppCloudOptions };
