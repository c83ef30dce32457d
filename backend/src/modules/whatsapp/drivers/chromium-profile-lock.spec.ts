import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { releaseProfileLock } from './chromium-profile-lock.js';

const CHROMIUM = process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium';
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A company's browser profile as a dead instance on another computer left it. */
function profileLockedElsewhere(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crm-profile-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'Default'));
  writeFileSync(join(dir, 'Default', 'Preferences'), '{}');
  symlinkSync('instance-a.example-4242', join(dir, 'SingletonLock'));
  symlinkSync('1234567890', join(dir, 'SingletonCookie'));
  symlinkSync('/tmp/.org.chromium.Chromium.gone/SingletonSocket', join(dir, 'SingletonSocket'));
  return dir;
}

/** Chromium opening the profile headless, as whatsapp-web.js's puppeteer does; its output. */
function openWithChromium(profile: string): Promise<{ ok: boolean; output: string }> {
  const args = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  return new Promise((resolve) => {
    execFile(CHROMIUM, [...args, `--user-data-dir=${profile}`, '--dump-dom', 'about:blank'], { timeout: 30_000 }, (err, stdout, stderr) =>
      resolve({ ok: !err && stdout.includes('<html>'), output: `${stdout}\n${stderr}` }),
    );
  });
}

describe("a company's browser profile left locked by an instance that died", () => {
  it("loses Chromium's in-use marks and keeps the session's own files", () => {
    const profile = profileLockedElsewhere();
    expect(readlinkSync(join(profile, 'SingletonLock'))).toBe('instance-a.example-4242');
    expect(releaseProfileLock(profile)).toEqual(['SingletonLock', 'SingletonCookie', 'SingletonSocket']);
    for (const name of ['SingletonLock', 'SingletonCookie', 'SingletonSocket']) expect(() => readlinkSync(join(profile, name))).toThrow();
    expect(existsSync(join(profile, 'Default', 'Preferences'))).toBe(true);
    expect(releaseProfileLock(profile)).toEqual([]);
    expect(releaseProfileLock(join(profile, 'never-created'))).toEqual([]);
  });

  it.skipIf(!existsSync(CHROMIUM))(
    'is refused by the real Chromium until the marks are gone, then opens',
    async () => {
      const profile = profileLockedElsewhere();
      const locked = await openWithChromium(profile);
      expect(locked.ok).toBe(false);
      expect(locked.output).toMatch(/in use by another .*on another computer/);
      releaseProfileLock(profile);
      const released = await openWithChromium(profile);
      expect(released.ok, released.output).toBe(true);
    },
    70_000,
  );
});
