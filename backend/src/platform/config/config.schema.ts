import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** `https://crm.example.com, http://localhost:5173`: origins only (scheme, host, port; no path). */
const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .refine((items) => items.every((item) => /^[a-z][a-z0-9+.-]*:\/\/[^/\s?#]+$/i.test(item.replace(/\/$/, ''))), {
    message: 'must be a comma-separated list of origins such as https://crm.example.com (scheme and host, no path)',
  })
  .transform((items) => items.map((item) => item.replace(/\/$/, '')));

/** Environment variables the backend understands; validated once at start-up. */
export const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'letters, digits, ":", "_" or "-"')
    .default('crm'),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  WHATSAPP_DRIVER: z.enum(['simulator', 'wwebjs']).optional(),
  DEMO: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  SESSION_IDLE_MINUTES: positiveInt(12 * 60),
  SESSION_MAX_HOURS: positiveInt(7 * 24),
  SESSION_SWEEP_SECONDS: z.coerce.number().int().min(0).default(30),
  PRESENCE_IDLE_MINUTES: z.coerce.number().positive().default(5),
  PRESENCE_OFFLINE_GRACE_SECONDS: z.coerce.number().min(0).default(5),
  LOGIN_FAILURE_WINDOW_MINUTES: positiveInt(15),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: positiveInt(10),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(100),
  LOGIN_MAX_DELAY_SECONDS: positiveInt(60),
  LOGIN_MAX_FAILURES_PER_IP: positiveInt(30),
  CORS_ORIGINS: originList.default([]),
  RENDERER_DIR: z.string().optional(),
  MEDIA_URL_TTL_SECONDS: positiveInt(900),
});
export type Env = z.infer<typeof envSchema>;
