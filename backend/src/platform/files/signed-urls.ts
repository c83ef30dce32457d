import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { isValidFileKey } from './file-storage.js';

export const MEDIA_URL_TTL_SECONDS_DEFAULT = 15 * 60;

export type SignedUrl = { url: string; expiresAt: Date };

/**
 * Short-lived URLs for media: an <img> or <audio> tag cannot send a bearer header, so the URL
 * itself carries the permission: the key, an expiry and an HMAC of both (and of the download
 * name), checked by the public files route. Nothing else is accepted there.
 */
@Injectable()
export class SignedUrls {
  private readonly secret: Buffer;
  readonly ttlSeconds: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    // a key of its own, derived from the app secret: a file signature is never a valid token and vice versa
    this.secret = createHmac('sha256', config.jwtSecret).update('crm:signed-file-urls:v1').digest();
    this.ttlSeconds = config.mediaUrlTtlSeconds;
  }

  sign(key: string, options: { fileName?: string | null; ttlSeconds?: number } = {}): SignedUrl {
    if (!isValidFileKey(key)) throw new Error(`invalid file key: ${key}`);
    const exp = Math.floor(this.clock.now().getTime() / 1000) + (options.ttlSeconds ?? this.ttlSeconds);
    const fn = options.fileName ?? '';
    const params = new URLSearchParams({ exp: String(exp), sig: this.signature(key, exp, fn) });
    if (fn) params.set('fn', fn);
    return { url: `/api/files/${Buffer.from(key).toString('base64url')}?${params}`, expiresAt: new Date(exp * 1000) };
  }

  /** The key, when the signature is right and not expired; undefined otherwise. */
  verify(encodedKey: string, exp: string | undefined, sig: string | undefined, fn: string | undefined): string | undefined {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return undefined;
    const key = Buffer.from(encodedKey, 'base64url').toString('utf8');
    if (!isValidFileKey(key)) return undefined;
    const expected = Buffer.from(this.signature(key, Number(exp), fn ?? ''));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    if (Number(exp) * 1000 <= this.clock.now().getTime()) return undefined;
    return key;
  }

  private signature(key: string, exp: number, fn: string): string {
    return createHmac('sha256', this.secret).update(`${key}\n${exp}\n${fn}`).digest('base64url');
  }
}
