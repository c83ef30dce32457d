import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Clock } from '../../platform/clock.js';
import type { PlatformTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { AuthRepository } from './auth.repository.js';

/**
 * Slows password guessing: too many failures for one account, or from one address, within the
 * window answer 429 with Retry-After. Successful sign-ins are not counted against an address,
 * because a whole office may share one. Kept in the database so every instance sees the same counts.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly repo: AuthRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async assertAllowed(tx: PlatformTx, accountKey: string, ip: string): Promise<void> {
    const { windowMs, maxPerAccount, maxPerIp } = this.config.loginThrottle;
    const now = this.clock.now();
    const { account, address } = await this.repo.countFailures(tx, accountKey, ip, new Date(now.getTime() - windowMs));
    const blockedBy = account.n >= maxPerAccount ? account : address.n >= maxPerIp ? address : undefined;
    if (!blockedBy?.oldest) return;
    const retryAfterMs = new Date(blockedBy.oldest).getTime() + windowMs - now.getTime();
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    throw ApiError.tooManyRequests(
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      retryAfterMs / 1000,
    );
  }

  recordFailure(tx: PlatformTx, accountKey: string, ip: string) {
    const now = this.clock.now();
    return this.repo.recordFailure(tx, accountKey, ip, now, new Date(now.getTime() - this.config.loginThrottle.windowMs));
  }

  clearAccount(tx: PlatformTx, accountKey: string) {
    return this.repo.clearAccountFailures(tx, accountKey);
  }
}
