import { Inject, Injectable } from '@nestjs/common';
import { jwtVerify, SignJWT } from 'jose';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

export type TokenAudience = 'tenant' | 'platform';
export type TokenClaims = { subject: string; sessionId: string; audience: TokenAudience };

const ISSUER = 'wa-crm';
const AUDIENCE: Record<TokenAudience, string> = { tenant: 'crm:tenant', platform: 'crm:platform' };

/**
 * Signs and checks bearer tokens. A token names a server-side session; it is never trusted on its
 * own (the guard also checks the session is still open). Each audience is refused by the other's routes.
 */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;

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
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE[audience],
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { subject: payload.sub, sessionId: payload.sid, audience };
    } catch {
      return null;
    }
  }
}
