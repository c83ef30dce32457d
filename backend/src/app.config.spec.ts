import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAppConfig } from './app.config.js';
import { ConfigError, configSection } from './platform/config/config.js';
import { messengerConfig } from './modules/whatsapp/messenger-options.js';
import { followUpConfig } from './modules/follow-ups/follow-up-options.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'crm-app-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

// Modules own their variables (platform never imports a module); the app still validates them all at start-up.
describe('loadAppConfig', () => {
  it('reads the modules’ own variables with their defaults', () => {
    const config = loadAppConfig({ DATA_DIR: tempDir(), UPLOAD_MAX_MB: '2', FOLLOW_UP_SWEEP_SECONDS: '0' });
    expect(configSection(config, messengerConfig)).toMatchObject({ uploadMaxBytes: 2 * 1024 * 1024, simTimeScale: 1 });
    expect(configSection(config, followUpConfig)).toMatchObject({ sweepIntervalMs: 0, pollingIntervalSeconds: 2 });
  });

  it.each([
    [{ UPLOAD_MAX_MB: '-3' }, /^Invalid configuration: UPLOAD_MAX_MB /],
    [{ WHATSAPP_SIM_TIME_SCALE: 'fast' }, 'Invalid configuration: WHATSAPP_SIM_TIME_SCALE must be a number'],
    [{ FOLLOW_UP_POLL_SECONDS: '0.1' }, /^Invalid configuration: FOLLOW_UP_POLL_SECONDS /],
  ])('refuses %o with one clear line', (env, message) => {
    const run = () => loadAppConfig({ DATA_DIR: tempDir(), ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });
});

describe('start-up with a bad module variable', () => {
  it('prints one line naming it and exits with code 1 before touching the database', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const dataDir = tempDir();
    const result = spawnSync(process.execPath, ['--import', '@swc-node/register/esm-register', main], {
      env: { ...process.env, WHATSAPP_SIM_TIME_SCALE: 'fast', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: WHATSAPP_SIM_TIME_SCALE must be a number');
    expect(existsSync(join(dataDir, 'pg'))).toBe(false);
  });
});
