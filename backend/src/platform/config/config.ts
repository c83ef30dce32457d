import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { envSchema } from './config.schema.js';
import { loadMessengerOptions, type MessengerOptions } from '../../modules/whatsapp/messenger-options.js';
import { loadFollowUpOptions, type FollowUpOptions } from '../../modules/follow-ups/follow-up-options.js';

/** The backend's resolved configuration: what every module reads instead of process.env. */
export type AppConfig = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  whatsappDriver: 'simulator' | 'wwebjs';
  demo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Browser origins allowed besides the served web app's own and the desktop app's (CORS_ORIGINS). */
  corsOrigins: string[];
  /** sweepMs: how often each instance re-checks the sessions of its connected sockets (0 = never). */
  session: { idleMs: number; maxAgeMs: number; sweepMs: number };
  loginThrottle: { windowMs: number; maxPerAccountAndIp: number; maxPerAccount: number; maxDelayMs: number; maxPerIp: number };
  rendererDir: string | undefined;
  /** How long a signed media link stays valid. */
  mediaUrlTtlSeconds: number;
  /** WhatsApp tunables (simulator speed, watchdog, pacing, upload limit), validated with the rest. */
  messenger: MessengerOptions;
  /** Follow-up scheduler tunables (sweep and poll intervals, sending lease). */
  followUps: FollowUpOptions;
};

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one readable line naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { persistSecret?: boolean } = {}): AppConfig {
  // an empty variable (FOO= in an env file) means "not set", not "set to nothing"
  env = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${describe(issue)}`);
  }
  const e = parsed.data;
  let messenger: MessengerOptions;
  let followUps: FollowUpOptions;
  try {
    messenger = loadMessengerOptions(env);
    followUps = loadFollowUpOptions(env);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  const dataDir = resolve(e.DATA_DIR);
  const demo = e.DEMO ?? !e.DATABASE_URL;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir, options.persistSecret ?? true),
    whatsappDriver: e.WHATSAPP_DRIVER ?? (demo ? 'simulator' : 'wwebjs'),
    demo,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, maxAgeMs: e.SESSION_MAX_HOURS * 3_600_000, sweepMs: e.SESSION_SWEEP_SECONDS * 1000 },
    loginThrottle: {
      windowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
      maxPerAccountAndIp: e.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
      maxPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxDelayMs: e.LOGIN_MAX_DELAY_SECONDS * 1000,
      maxPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    },
    rendererDir: e.RENDERER_DIR,
    mediaUrlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    messenger,
    followUps,
  };
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value' && 'values' in issue) return `must be one of ${issue.values.join(', ')}`;
  if (issue.code === 'invalid_type') return 'must be a number';
  if (issue.code === 'too_small' || issue.code === 'too_big') return issue.message.replace(/^Too (small|big): expected number to be /, 'must be ');
  return issue.message;
}

/** A secret generated once and kept in DATA_DIR, so tokens survive restarts without any set-up. */
function loadOrCreateSecret(dataDir: string, persist: boolean): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  if (persist) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
  }
  return secret;
}
