import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { z } from 'zod';
import { envSchema } from './config.schema.js';

/** The backend's resolved configuration: what every module reads instead of process.env. */
export type AppConfig = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  /** Names this deployment's channels and keys in Redis: deployments (or test runs) sharing one Redis never hear each other. */
  redisPrefix: string;
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
  /** Presence: idle after idleMs without input in any window; offline only after graceMs without a socket. */
  presence: { idleMs: number; offlineGraceMs: number };
  loginThrottle: { windowMs: number; maxPerAccountAndIp: number; maxPerAccount: number; maxDelayMs: number; maxPerIp: number };
  rendererDir: string | undefined;
  /** How long a signed media link stays valid. */
  mediaUrlTtlSeconds: number;
  /**
   * The raw variables (empty ones dropped). Platform knows only its own variables; a module reads
   * and validates its own from here through a ConfigSection (platform never imports a module).
   */
  env: ConfigEnv;
  /** The module sections given to loadConfig, already validated, by token (see configSection). */
  sections: ReadonlyMap<symbol, unknown>;
};

export type ConfigEnv = Readonly<Record<string, string>>;

/**
 * A module's own settings: its variables parsed from the raw environment. The module declares it
 * (and provides its value under `token` with configSectionProvider); the app's composition root
 * lists every section for loadConfig, so a bad value stops start-up with one line like platform's own.
 */
export type ConfigSection<T> = { readonly token: symbol; read(env: ConfigEnv): T };

export class ConfigError extends Error {}

export type LoadConfigOptions = {
  persistSecret?: boolean;
  /** Module sections to validate now, with the platform variables. */
  sections?: readonly ConfigSection<unknown>[];
};

/** Parses the environment; throws ConfigError with one readable line naming the bad variable. */
export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): AppConfig {
  // an empty variable (FOO= in an env file) means "not set", not "set to nothing"
  const env: ConfigEnv = Object.fromEntries(Object.entries(rawEnv).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const e = parseEnv(envSchema, env);
  const sections = new Map<symbol, unknown>();
  for (const section of options.sections ?? []) sections.set(section.token, readSection(section, env));
  const dataDir = resolve(e.DATA_DIR);
  const demo = e.DEMO ?? !e.DATABASE_URL;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir, options.persistSecret ?? true),
    whatsappDriver: e.WHATSAPP_DRIVER ?? (demo ? 'simulator' : 'wwebjs'),
    demo,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    presence: { idleMs: e.PRESENCE_IDLE_MINUTES * 60_000, offlineGraceMs: e.PRESENCE_OFFLINE_GRACE_SECONDS * 1000 },
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
    env,
    sections,
  };
}

/** Parses variables with a zod schema; a bad one throws ConfigError with one readable line naming it. */
export function parseEnv<S extends z.ZodType>(schema: S, env: ConfigEnv): z.output<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${describe(issue)}`);
  }
  return parsed.data;
}

/**
 * A module section's value: the one validated by loadConfig, or read now when the caller of
 * loadConfig did not list it (a tool that builds only part of the app).
 */
export function configSection<T>(config: AppConfig, section: ConfigSection<T>): T {
  if (!config.sections.has(section.token)) (config.sections as Map<symbol, unknown>).set(section.token, readSection(section, config.env));
  return config.sections.get(section.token) as T;
}

function readSection<T>(section: ConfigSection<T>, env: ConfigEnv): T {
  try {
    return section.read(env);
  } catch (err) {
    throw err instanceof ConfigError ? err : new ConfigError(`Invalid configuration: ${(err as Error).message}`);
  }
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
