import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The installer configuration at the repository root; electron-builder flips these fuses in the packaged binary.
const config = parse(readFileSync(fileURLToPath(new URL('../../../electron-builder.yml', import.meta.url)), 'utf8'));

describe('packaged app hardening (electron-builder.yml)', () => {
  it('flips the Electron fuses: no Node runtime, NODE_OPTIONS or inspector; cookies encrypted; asar checked and required', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the app into an asar archive (what the integrity fuse checks)', () => {
    expect(config.asar).toBe(true);
  });
});
