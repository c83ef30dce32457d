import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import type { AppConfig } from '../config/config.js';
import { isValidFileKey, keyBelongsToTenant } from './file-storage.js';
import { SignedUrls } from './signed-urls.js';

const tenant = '0190a0c4-1111-7000-8000-000000000001';
const key = `${tenant}/uploads/0190a0c4-2222-7000-8000-000000000002.jpg`;
const make = (clock: ManualClock, secret = 's'.repeat(40)) => new SignedUrls({ jwtSecret: secret } as AppConfig, clock);
const parts = (url: string) => {
  const u = new URL(url, 'http://x');
  return [u.pathname.split('/').pop()!, u.searchParams.get('exp') ?? undefined, u.searchParams.get('sig') ?? undefined, u.searchParams.get('fn') ?? undefined] as const;
};

describe('signed media URLs', () => {
  it('open the file they were made for until they expire', () => {
    const clock = new ManualClock(new Date('2026-01-01T10:00:00Z'));
    const urls = make(clock);
    const { url, expiresAt } = urls.sign(key, { fileName: 'photo.jpg', ttlSeconds: 60 });
    expect(expiresAt.toISOString()).toBe('2026-01-01T10:01:00.000Z');
    expect(urls.verify(...parts(url))).toBe(key);
    clock.advance(59_000);
    expect(urls.verify(...parts(url))).toBe(key);
    clock.advance(1_000);
    expect(urls.verify(...parts(url))).toBeUndefined();
  });

  it('refuse a changed key, expiry, name or signature, and another secret', () => {
    const clock = new ManualClock(new Date('2026-01-01T10:00:00Z'));
    const urls = make(clock);
    const [k, exp, sig, fn] = parts(urls.sign(key, { fileName: 'a.jpg' }).url);
    const other = Buffer.from(key.replace('0002.jpg', '0003.jpg')).toString('base64url');
    expect(urls.verify(other, exp, sig, fn)).toBeUndefined();
    expect(urls.verify(k, String(Number(exp) + 3600), sig, fn)).toBeUndefined();
    expect(urls.verify(k, exp, sig, 'b.jpg')).toBeUndefined();
    expect(
      urls.verify(
        k,
        exp,
        sig!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
        fn,
      ),
    ).toBeUndefined();
    expect(urls.verify(k, exp, undefined, fn)).toBeUndefined();
    expect(make(clock, 't'.repeat(40)).verify(k, exp, sig, fn)).toBeUndefined();
  });

  it('keys are tenant folders with no way out', () => {
    expect(isValidFileKey(key)).toBe(true);
    expect(keyBelongsToTenant(key, tenant)).toBe(true);
    expect(keyBelongsToTenant(key, '0190a0c4-1111-7000-8000-000000000009')).toBe(false);
    for (const bad of [`${tenant}/../x.jpg`, `/etc/passwd`, `${tenant}/a/b`, `${tenant}/a.jpg/..`, 'x/y.jpg']) expect(isValidFileKey(bad), bad).toBe(false);
  });
});
