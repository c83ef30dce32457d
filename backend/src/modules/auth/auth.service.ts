import { Inject, Injectable } from '@nestjs/common';
import { isSubscriptionExpired, type AuthUser, type LoginRequest, type LoginResponse, type Role, type SuperLoginResponse } from '@crm/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.service.js';
import type { PlatformTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { SuperActor, TenantActor } from '../../platform/auth/actor.js';
import { TokenService } from '../../platform/auth/token.service.js';
import { dummyPasswordHash, verifyPassword } from '../../platform/auth/passwords.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { toUserDto } from '../users/user.mapper.js';
import { AuthRepository, type SessionOrigin } from './auth.repository.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import { LoginThrottle } from './login-throttle.service.js';

// writing last-seen on every request would turn every read into a write
const TOUCH_EVERY_MS = 60_000;

@Injectable()
export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly repo: AuthRepository,
    private readonly users: UsersRepository,
    private readonly tenants: TenantsRepository,
    private readonly throttle: LoginThrottle,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async login(input: LoginRequest, origin: SessionOrigin): Promise<LoginResponse> {
    const user = await this.checkCredentials(`user:${input.email}`, input.password, origin, (tx) => this.users.findByEmail(tx, input.email));

    const now = this.clock.now();
    const sessionId = await this.db.platform(async (tx) => {
      const tenant = await this.tenants.findById(tx, user.tenantId);
      if (!user.isActive) throw ApiError.forbidden(AUTH_MESSAGES.inactiveUser);
      if (!tenant?.isActive) throw ApiError.forbidden(AUTH_MESSAGES.suspendedTenant);
      if (isSubscriptionExpired({ status: tenant.subscriptionStatus, expiresAt: tenant.subscriptionExpiresAt }, now)) {
        throw ApiError.forbidden(AUTH_MESSAGES.expiredSubscription);
      }
      await this.users.markFirstLogin(tx, user.id, now);
      return this.repo.openUserSession(tx, user, origin, now);
    });
    const token = await this.tokens.sign({ subject: user.id, sessionId, audience: 'tenant' });
    return { token, ...toUserDto(user) };
  }

  /** Checks a tenant token and its session; the actor of the request, or a 401 saying why not. */
  async authenticateTenant(token: string): Promise<TenantActor> {
    const claims = await this.tokens.verify(token, 'tenant');
    if (!claims) throw ApiError.unauthorized(AUTH_MESSAGES.signInRequired);
    const now = this.clock.now();
    return this.db.platform(async (tx) => {
      const row = await this.repo.findUserSession(tx, claims.sessionId, claims.subject);
      if (!row || row.logoutAt) throw ApiError.unauthorized(AUTH_MESSAGES.sessionEnded);
      const end = async (reason: string, message: string): Promise<never> => {
        await this.repo.closeUserSession(tx, row.sessionId, reason, now);
        throw ApiError.unauthorized(message);
      };
      if (this.sessionTimedOut(row, now)) await end('expired', AUTH_MESSAGES.sessionExpired);
      if (!row.user.isActive) await end('deactivated', AUTH_MESSAGES.inactiveUser);
      if (!row.tenantActive) await end('suspended', AUTH_MESSAGES.suspendedTenant);
      if (isSubscriptionExpired({ status: row.subscriptionStatus, expiresAt: row.subscriptionExpiresAt }, now)) {
        await end('subscription_expired', AUTH_MESSAGES.expiredSubscription);
      }
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await this.repo.touchUserSession(tx, row.sessionId, row.user.id, now);
      return {
        kind: 'tenant' as const,
        userId: row.user.id,
        tenantId: row.user.tenantId,
        role: row.user.role as Role,
        sessionId: row.sessionId,
        name: row.user.name,
        email: row.user.email,
      };
    });
  }

  async me(actor: TenantActor): Promise<AuthUser> {
    const user = await this.db.tenant(actor.tenantId, (tx) => this.users.findById(tx, actor.tenantId, actor.userId));
    if (!user) throw ApiError.unauthorized(AUTH_MESSAGES.sessionEnded);
    return toUserDto(user);
  }

  async logout(actor: TenantActor): Promise<{ message: string }> {
    await this.db.platform((tx) => this.repo.closeUserSession(tx, actor.sessionId, 'logout', this.clock.now()));
    return { message: 'Signed out.' };
  }

  async superLogin(input: LoginRequest, origin: SessionOrigin): Promise<SuperLoginResponse> {
    const admin = await this.checkCredentials(`super:${input.email}`, input.password, origin, (tx) =>
      this.repo.findPlatformAdminByEmail(tx, input.email),
    );
    const sessionId = await this.db.platform((tx) => this.repo.openPlatformSession(tx, admin.id, origin, this.clock.now()));
    const token = await this.tokens.sign({ subject: admin.id, sessionId, audience: 'platform' });
    return { token, _id: admin.id, name: admin.name, email: admin.email, role: 'super' };
  }

  async authenticateSuper(token: string): Promise<SuperActor> {
    const claims = await this.tokens.verify(token, 'platform');
    if (!claims) throw ApiError.unauthorized(AUTH_MESSAGES.superRequired);
    const now = this.clock.now();
    return this.db.platform(async (tx) => {
      const row = await this.repo.findPlatformSession(tx, claims.sessionId, claims.subject);
      if (!row || row.logoutAt) throw ApiError.unauthorized(AUTH_MESSAGES.sessionEnded);
      if (this.sessionTimedOut(row, now)) {
        await this.repo.closePlatformSession(tx, row.sessionId, 'expired', now);
        throw ApiError.unauthorized(AUTH_MESSAGES.sessionExpired);
      }
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await this.repo.touchPlatformSession(tx, row.sessionId, now);
      return { kind: 'super' as const, adminId: row.admin.id, sessionId: row.sessionId, name: row.admin.name, email: row.admin.email };
    });
  }

  async superLogout(actor: SuperActor): Promise<{ message: string }> {
    await this.db.platform((tx) => this.repo.closePlatformSession(tx, actor.sessionId, 'logout', this.clock.now()));
    return { message: 'Signed out.' };
  }

  /**
   * The account when the password matches; otherwise the failure is counted and a 401 thrown. The
   * throttle is checked first, and its bookkeeping commits even though the attempt is refused. An
   * unknown account costs the same hashing time as a wrong password.
   */
  private async checkCredentials<A extends { passwordHash: string }>(
    accountKey: string,
    password: string,
    origin: SessionOrigin,
    find: (tx: PlatformTx) => Promise<A | undefined>,
  ): Promise<A> {
    const account = await this.db.platform(async (tx) => {
      // held until commit: parallel guesses on one account are checked and counted one at a time
      await this.throttle.lock(tx, accountKey);
      await this.throttle.assertAllowed(tx, accountKey, origin.ip);
      const found = await find(tx);
      const ok = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!found || !ok) {
        await this.throttle.recordFailure(tx, accountKey, origin.ip);
        return undefined;
      }
      await this.throttle.clear(tx, accountKey, origin.ip);
      return found;
    });
    if (!account) throw ApiError.unauthorized(AUTH_MESSAGES.invalidCredentials);
    return account;
  }

  /** Idle for longer than the idle limit, or older than the absolute lifetime. */
  private sessionTimedOut(session: { loginAt: Date; lastSeenAt: Date }, now: Date): boolean {
    const { idleMs, maxAgeMs } = this.config.session;
    return now.getTime() - session.lastSeenAt.getTime() > idleMs || now.getTime() - session.loginAt.getTime() > maxAgeMs;
  }
}
