import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Clock } from '../../platform/clock.js';
import type { PlatformTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { AuthRepository } from './auth.repository.js';

/**
 * Slows password guessing without handing an attacker a way to lock the owner out (OWASP's
 * authentication guidance). Within the window:
 * - one account from one address: after LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP failures that
 *   address is refused for the account until its oldest failure leaves the window; the owner,
 *   signing in from elsewhere, is not affected;
 * - one account from everywhere: past the higher LOGIN_MAX_FAILURES_PER_ACCOUNT ceiling (a guessing
 *   campaign spread over many addresses) every attempt waits a delay that doubles with each further
 *   failure, capped at LOGIN_MAX_DELAY_SECONDS: guessing slows to a crawl, the owner waits seconds,
 *   never a lockout;
 * - one address across accounts: LOGIN_MAX_FAILURES_PER_IP (password spraying).
 * Successful sign-ins are never counted (a whole office may share one address). Refusals answer 429
 * with Retry-After. Kept in the database so every instance sees the same counts; the caller holds
 * the account's advisory lock, so parallel guesses are counted one by one.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Serialises this account's attempts for the rest of the transaction. */
  lock(tx: PlatformTx, accountKey: string) {
    return this.repo.lockAccountAttempts(tx, accountKey);
  }

  async assertAllowed(tx: PlatformTx, accountKey: string, ip: string): Promise<void> {
    const { windowMs, maxPerAccountAndIp, maxPerAccount, maxDelayMs, maxPerIp } = this.config.loginThrottle;
    const now = this.clock.now().getTime();
    const { pair, account, address } = await this.repo.countFailures(tx, accountKey, ip, new Date(now - windowMs));
    if (pair.n >= maxPerAccountAndIp && pair.oldest) refuse(new Date(pair.oldest).getTime() + windowMs - now);
    if (address.n >= maxPerIp && address.oldest) refuse(new Date(address.oldest).getTime() + windowMs - now);
    if (account.n >= maxPerAccount && account.latest) {
      // 1 s at the ceiling, doubling with every failure past it
      const delayMs = Math.min(maxDelayMs, 1000 * 2 ** Math.min(30, account.n - maxPerAccount));
      const waitMs = new Date(account.latest).getTime() + delayMs - now;
      if (waitMs > 0) refuse(waitMs);
    }
  }

  recordFailure(tx: PlatformTx, accountKey: string, ip: string) {
    const now = this.clock.now();
    return this.repo.recordFailure(tx, accountKey, ip, now, new Date(now.getTime() - this.config.loginThrottle.windowMs));
  }

  /** A good sign-in forgets this address's failures on the account. */
  clear(tx: PlatformTx, accountKey: string, ip: string) {
    return this.repo.clearFailures(tx, accountKey, ip);
  }
}

function refuse(retryAfterMs: number): never {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  throw ApiError.tooManyRequests(`Too many failed sign-in attempts. Please try again in ${wait}.`, seconds).withCode('auth.too_many_attempts', {
    retryAfterSeconds: seconds,
  });
}
