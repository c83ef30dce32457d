import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type ConfigEnv } from '../config/config.js';

export const SECRETS_KEY_FILE = 'secrets-key';

/**
 * The key that seals secrets at rest: SECRETS_KEY (32 bytes, base64 or hex), else one generated
 * once into DATA_DIR/secrets-key (shared by the instances, like the files). Losing it makes every
 * stored secret unreadable: back it up with the database, or set SECRETS_KEY.
 */
export function loadSecretsKey(env: ConfigEnv, dataDir: string): Buffer {
  const given = env.SECRETS_KEY;
  if (given !== undefined) return parseKey(given);
  const file = join(dataDir, SECRETS_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  try {
    // exclusive: two instances starting together on one DATA_DIR must end up with the same key
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readKeyFile(file) ?? failKey(`${file} is empty`);
}

function readKeyFile(file: string): Buffer | undefined {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text ? parseKey(text, file) : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function parseKey(text: string, where = 'SECRETS_KEY'): Buffer {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
    if (bytes.length === 32) return bytes;
  }
  return failKey(`${where} must be 32 bytes, base64 (44 characters) or hex (64 characters)`);
}

function failKey(message: string): never {
  throw new ConfigError(`Invalid configuration: ${message}`);
}
