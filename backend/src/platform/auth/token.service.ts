import { Inject, Injectable } from '@nestjs/common';
import { jwtVerify, SignJWT } from 'jose';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

export type TokenAudience = 'tenant' | 'platform';
export type TokenClaims = { subject: string; sessionId: string; audience: TokenAudience };

const ISSUER = 'wa-crm';
/**
 * How long a token's verified signature is remembered. Remembering it decides nothing about the
 * session: the guard still checks the session named by the token on every request, so a sign-out,
 * deactivation or suspension cuts it as before; this only spares the HMAC, one per request.
 */
const VERIFIED_FOR_MS = 60_000;
/** Tokens remembered at most; beyond, the oldest is forgotten (it is verified again when next seen). */
const REMEMBERED_TOKENS = 10_000;
const AUDIENCE: Record<TokenAudience, string> = { tenant: 'crm:tenant', platform: 'crm:platform' };

/**
 * Signs and checks bearer tokens. A token names a server-side session; it is never trusted on its
 * own (the guard also checks the session is still open). Each audience is refused by the other's routes.
 */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;
  /** Tokens whose signature and claims were verified, by audience and token, until `until` (ms). */
  private readonly verified = new Map<string, TokenClaims & { until: number }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.key = new TextEncoder().encode(config.jwtSecret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.subject)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE[claims.audience])
      .setIssuedAt()
      .setExpirationTime(Math.floor((Date.now() + this.config.session.maxAgeMs) / 1000))
      .sign(this.key);
  }

  /** The claims, or null when the token is malformed, expired, forged or for the other audience. */
  async verify(token: string, audience: TokenAudience): Promise<TokenClaims | null> {
    const key = `${audience} ${token}`;
    const now = Date.now();
    const known = this.verified.get(key);
    if (known && now < known.until) return { subject: known.subject, sessionId: known.sessionId, audience };
    if (known) this.verified.delete(key);
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE[audience],
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const claims = { subject: payload.sub, sessionId: payload.sid, audience };
      // never beyond the token's own expiry (refused tokens are not remembered: they cost a forger nothing)
      this.remember(key, { ...claims, until: Math.min(now + VERIFIED_FOR_MS, (payload.exp ?? 0) * 1000) });
      return claims;
    } catch {
      return null;
    }
  }

  private remember(key: string, entry: TokenClaims & { until: number }) {
    if (this.verified.size >= REMEMBERED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(key, entry);
  }
}
