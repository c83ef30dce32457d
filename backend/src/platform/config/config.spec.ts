import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, configSection, loadConfig, parseEnv, type ConfigSection } from './config.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'crm-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('loadConfig', () => {
  it('starts on embedded defaults: port 3000, PGlite, demo on, simulator', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, demo: true, whatsappDriver: 'simulator' });
  });

  it('turns demo off by default with a DATABASE_URL, and DEMO overrides either way', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@h/db' }).demo).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@h/db', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, DEMO: '0' })).toMatchObject({ demo: false, whatsappDriver: 'wwebjs' });
  });

  it('reads CORS_ORIGINS as a list of origins (none by default)', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).corsOrigins).toEqual([]);
    expect(loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: ' https://crm.example.com/, http://localhost:5173 ' }).corsOrigins).toEqual(['https://crm.example.com', 'http://localhost:5173']);
  });

  it('reads an empty variable as unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000, demo: true });
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe('x'.repeat(40));
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a number'],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ WHATSAPP_DRIVER: 'telegram' }, 'Invalid configuration: WHATSAPP_DRIVER must be one of simulator, wwebjs'],
    [{ JWT_SECRET: 'short' }, 'Invalid configuration: JWT_SECRET must be at least 32 characters'],
    [{ DEMO: 'maybe' }, /^Invalid configuration: DEMO must be one of/],
    [{ CORS_ORIGINS: 'https://ok.example, *' }, /^Invalid configuration: CORS_ORIGINS must be a comma-separated list of origins/],
    [{ CORS_ORIGINS: 'https://crm.example.com/app' }, /^Invalid configuration: CORS_ORIGINS /],
  ])('refuses %o with one clear line', (env, message) => {
    const run = () => loadConfig({ DATA_DIR: tempDir(), ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });
});

describe('module config sections', () => {
  // a module's own variables, declared by the module; platform only runs and keeps them
  const section: ConfigSection<{ everyMs: number }> = {
    token: Symbol('TEST_SECTION'),
    read: (env) => ({ everyMs: parseEnv(z.object({ TEST_EVERY_SECONDS: z.coerce.number().min(1).default(5) }), env).TEST_EVERY_SECONDS * 1000 }),
  };

  it('validates each listed section with the platform variables and keeps its value', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), TEST_EVERY_SECONDS: '2' }, { sections: [section] });
    expect(configSection(config, section)).toEqual({ everyMs: 2000 });
    expect(configSection(config, section)).toBe(configSection(config, section));
  });

  it('refuses a bad section value with one line naming the variable', () => {
    const run = () => loadConfig({ DATA_DIR: tempDir(), TEST_EVERY_SECONDS: 'often' }, { sections: [section] });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow('Invalid configuration: TEST_EVERY_SECONDS must be a number');
  });

  it('reads an unlisted section from the raw variables on first use, empty ones as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), TEST_EVERY_SECONDS: '' });
    expect(configSection(config, section)).toEqual({ everyMs: 5000 });
  });
});

describe('start-up with bad configuration', () => {
  it('prints one line and exits with code 1', () => {
    const main = fileURLToPath(new URL('../../main.ts', import.meta.url));
    const dataDir = tempDir();
    const result = spawnSync(process.execPath, ['--import', '@swc-node/register/esm-register', main], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a number');
    expect(existsSync(join(dataDir, 'pg'))).toBe(false);
  });
});
