import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config.js';
import { SecretBox, SecretUnreadableError } from './secret-box.js';
import { loadSecretsKey, SECRETS_KEY_FILE } from './secrets-key.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, in any script, and never stores the plain text', () => {
    for (const plain of ['EAAG-token-123', 'سر التطبيق', '', 'x'.repeat(5000)]) {
      const sealed = box.seal(plain, 'tenant-a:accessToken');
      if (plain) expect(sealed).not.toContain(plain);
      expect(box.open(sealed, 'tenant-a:accessToken')).toBe(plain);
    }
  });

  it('seals the same value differently each time (fresh IV)', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses an altered value', () => {
    const sealed = box.seal('EAAG-token-123');
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    for (const at of [0, 13, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[at] ^= 1;
      expect(() => box.open(`v1:${altered.toString('base64url')}`)).toThrow(SecretUnreadableError);
    }
    expect(() => box.open(sealed.slice(0, 20))).toThrow(SecretUnreadableError);
    expect(() => box.open('v2:' + sealed.slice(3))).toThrow(SecretUnreadableError);
    expect(() => box.open('not sealed')).toThrow(SecretUnreadableError);
  });

  it('refuses a value sealed with another key', () => {
    expect(() => new SecretBox(randomBytes(32)).open(box.seal('EAAG-token-123'))).toThrow(SecretUnreadableError);
  });

  it('refuses a value moved to another owner or field (the context is authenticated)', () => {
    const sealed = box.seal('app-secret', 'tenant-a:appSecret');
    expect(() => box.open(sealed, 'tenant-b:appSecret')).toThrow(SecretUnreadableError);
    expect(() => box.open(sealed, 'tenant-a:accessToken')).toThrow(SecretUnreadableError);
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow();
  });
});

describe('loadSecretsKey', () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = mkdtempSync(join(tmpdir(), 'crm-secrets-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('takes SECRETS_KEY in base64 or hex', () => {
    const key = randomBytes(32);
    expect(loadSecretsKey({ SECRETS_KEY: key.toString('base64') }, dir())).toEqual(key);
    expect(loadSecretsKey({ SECRETS_KEY: key.toString('hex') }, dir())).toEqual(key);
    expect(loadSecretsKey({ SECRETS_KEY: key.toString('base64url') }, dir())).toEqual(key);
  });

  it('refuses a SECRETS_KEY that is not 32 bytes, with one line naming it', () => {
    for (const bad of ['short', randomBytes(16).toString('base64'), randomBytes(31).toString('hex')]) {
      expect(() => loadSecretsKey({ SECRETS_KEY: bad }, dir())).toThrow(ConfigError);
      expect(() => loadSecretsKey({ SECRETS_KEY: bad }, dir())).toThrow(/SECRETS_KEY/);
    }
  });

  it('without SECRETS_KEY generates one key once into DATA_DIR (owner-only) and keeps it', () => {
    const data = dir();
    const first = loadSecretsKey({}, data);
    expect(first).toHaveLength(32);
    expect(loadSecretsKey({}, data)).toEqual(first);
    const file = join(data, SECRETS_KEY_FILE);
    expect(Buffer.from(readFileSync(file, 'utf8'), 'base64')).toEqual(first);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    // a restart reads what was sealed before
    const sealed = new SecretBox(first).seal('EAAG-token');
    expect(new SecretBox(loadSecretsKey({}, data)).open(sealed)).toBe('EAAG-token');
  });
});
