import { Inject, Injectable } from '@nestjs/common';
import {
  isSubscriptionExpired,
  subscriptionExpiryDay,
  type CurrentUser,
  type LoginRequest,
  type LoginResponse,
  type Role,
  type SessionEndReason,
  type SuperLoginResponse,
  type UpdatePreferencesRequest,
} from '@crm/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { PlatformTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { Actor, SuperActor, TenantActor } from '../../platform/auth/actor.js';
import { TokenService } from '../../platform/auth/token.service.js';
import { dummyPasswordHash, verifyPassword } from '../../platform/auth/passwords.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { toCurrentUserDto } from '../users/user.mapper.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import type { EndedSession, SessionRef, SocketAuthenticator } from '../../platform/realtime/socket-authenticator.js';
import { SessionCheckRefused, type DeferredSessionCheck } from '../../platform/auth/deferred-session-check.js';
import { AuthRepository, type RequestSession, type SessionOrigin, type UserSessionScope } from './auth.repository.js';
import { AUTH_MESSAGES, SESSION_END_CODES, SESSION_END_MESSAGES } from './auth.messages.js';
import { LoginThrottleService } from './login-throttle.service.js';

// writing last-seen on every request would turn every read into a write
const TOUCH_EVERY_MS = 60_000;
/** Sessions remembered for the read path's deferred check: beyond it the oldest is forgotten. */
const REMEMBERED_SESSIONS = 10_000;

@Injectable()
export class AuthService implements SocketAuthenticator {
  constructor(
    private readonly db: Database,
    private readonly repo: AuthRepository,
    private readonly users: UsersRepository,
    private readonly tenants: TenantsRepository,
    private readonly throttle: LoginThrottleService,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
    private readonly realtime: RealtimeEmitter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Sessions this instance found usable, by id: a read request of one is admitted at once and its
   * check is made in the round trip of its first transaction (platform/auth/deferred-session-check),
   * so an ended session is still refused by the very next request. Only a hint, never the proof.
   */
  private readonly seenUsable = new Map<string, RequestSession>();

  async login(input: LoginRequest, origin: SessionOrigin): Promise<LoginResponse> {
    const user = await this.checkCredentials(`user:${input.email}`, input.password, origin, (tx) => this.users.findByEmail(tx, input.email));

    const now = this.clock.now();
    const { sessionId, companyName } = await this.db.platform(async (tx) => {
      const tenant = await this.tenants.findById(tx, user.tenantId);
      if (!user.isActive) throw ApiError.forbidden(AUTH_MESSAGES.inactiveUser).withCode('auth.user_inactive');
      if (!tenant?.isActive) throw ApiError.forbidden(AUTH_MESSAGES.suspendedTenant).withCode('auth.company_suspended');
      if (isSubscriptionExpired({ status: tenant.subscriptionStatus, expiresAt: tenant.subscriptionExpiresAt }, now)) throw subscriptionExpiredError(tenant.subscriptionExpiresAt, now);
      await this.users.markFirstLogin(tx, user.id, now);
      return { sessionId: await this.repo.openUserSession(tx, user, origin, now), companyName: tenant.name };
    });
    const token = await this.tokens.sign({ subject: user.id, sessionId, audience: 'tenant' });
    return { token, ...toCurrentUserDto(user, companyName) };
  }

  /** Checks a tenant token and its session; the actor of the request, or a 401 saying why not. */
  async authenticateTenant(token: string): Promise<TenantActor> {
    const claims = await this.tokens.verify(token, 'tenant');
    if (!claims) throw ApiError.unauthorized(AUTH_MESSAGES.signInRequired).withCode('auth.sign_in_required');
    const now = this.clock.now();
    // the usual request in one round trip: a session that is open and has nothing to write
    this.seenUsable.delete(claims.sessionId);
    const seen = await this.repo.findUserSessionForRequest(this.db, claims.sessionId, claims.subject);
    if (!seen || seen.logoutAt) throw sessionEndedError(endedReason(seen?.endReason));
    if (this.usableAsSeen(seen, now)) {
      this.remember(seen);
      return tenantActorOf(seen);
    }
    // its minute's last-seen touch, or closing it with its reason: read again where it is written
    const verdict = await this.db.platform(async (tx) => {
      const row = await this.repo.findUserSession(tx, claims.sessionId, claims.subject);
      if (!row || row.logoutAt) return { ok: false, ended: endedReason(row?.endReason), justNow: false } as const;
      const reason = this.userSessionEndReason(row, now);
      if (reason) {
        // committed before the 401: the session history records why it ended
        await this.repo.closeUserSession(tx, row.sessionId, reason, now);
        return { ok: false, ended: reason, justNow: true } as const;
      }
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await this.repo.touchUserSession(tx, row.sessionId, row.user.id, now);
      return { ok: true, actor: tenantActorOf(row) } as const;
    });
    if (verdict.ok) return verdict.actor;
    if (verdict.justNow) this.cutSockets(claims.sessionId, verdict.ended);
    throw sessionEndedError(verdict.ended);
  }

  /**
   * A read request's tenant token: a session this instance saw usable within the minute is admitted
   * without a round trip, and the request's check is deferred to its first transaction (or made
   * before it answers); any other goes through `authenticateTenant`.
   */
  async authenticateTenantRead(token: string): Promise<{ actor: TenantActor; check?: DeferredSessionCheck }> {
    const claims = await this.tokens.verify(token, 'tenant');
    if (!claims) throw ApiError.unauthorized(AUTH_MESSAGES.signInRequired).withCode('auth.sign_in_required');
    const seen = this.seenUsable.get(claims.sessionId);
    if (!seen || seen.user.id !== claims.subject || !this.usableAsSeen(seen, this.clock.now())) return { actor: await this.authenticateTenant(token) };
    const actor = tenantActorOf(seen);
    const accept = (rows: Record<string, unknown>[]) => {
      const now = this.repo.readSessionCheck(rows);
      // the same user, company and role, still open and allowed: anything else is decided afresh
      if (!now || now.logoutAt || this.userSessionEndReason(now, this.clock.now()) || now.user.tenantId !== actor.tenantId || now.user.role !== actor.role) {
        this.seenUsable.delete(claims.sessionId);
        throw new SessionCheckRefused();
      }
    };
    const check: DeferredSessionCheck = {
      tenantId: actor.tenantId,
      taken: false,
      sql: this.repo.sessionCheckSql(claims.sessionId, claims.subject),
      accept,
      alone: async () => accept((await this.db.definerCall('user_session_check', [claims.sessionId, claims.subject])) as Record<string, unknown>[]),
      // the full check says why (and closes a session found timed out or disallowed, as it does)
      refusal: () =>
        this.authenticateTenant(token).then(
          () => ApiError.unauthorized(AUTH_MESSAGES.signInRequired).withCode('auth.sign_in_required'),
          (error: Error) => error,
        ),
    };
    return { actor, check };
  }

  /** A tenant or super token, as the realtime gateway receives it (SocketAuthenticator). */
  async authenticate(token: string): Promise<Actor> {
    if (await this.tokens.verify(token, 'tenant')) return this.authenticateTenant(token);
    if (await this.tokens.verify(token, 'platform')) return this.authenticateSuper(token);
    throw ApiError.unauthorized(AUTH_MESSAGES.signInRequired).withCode('auth.sign_in_required');
  }

  /**
   * Of these sessions (the realtime sweep's connected sockets), those that have ended and why.
   * Sessions found timed out, or whose user or company can no longer sign in, are closed here.
   */
  async endedSessions(sessions: readonly SessionRef[]): Promise<EndedSession[]> {
    const now = this.clock.now();
    const userIds = sessions.filter((s) => s.kind === 'tenant').map((s) => s.sessionId);
    const superIds = sessions.filter((s) => s.kind === 'super').map((s) => s.sessionId);
    const ended = await this.db.platform(async (tx) => {
      const found: { sessionId: string; reason: SessionEndReason }[] = [];
      if (userIds.length) {
        const rows = new Map((await this.repo.findUserSessions(tx, userIds)).map((r) => [r.sessionId, r]));
        for (const id of userIds) {
          const row = rows.get(id);
          if (!row || row.logoutAt) {
            found.push({ sessionId: id, reason: row ? endedReason(row.endReason) : 'deactivated' });
            continue;
          }
          const reason = this.userSessionEndReason(row, now);
          if (!reason) continue;
          await this.repo.closeUserSession(tx, id, reason, now);
          found.push({ sessionId: id, reason });
        }
      }
      if (superIds.length) {
        const rows = new Map((await this.repo.findPlatformSessions(tx, superIds)).map((r) => [r.sessionId, r]));
        for (const id of superIds) {
          const row = rows.get(id);
          if (!row || row.logoutAt) found.push({ sessionId: id, reason: endedReason(row?.endReason) });
          else if (this.sessionTimedOut(row, now)) {
            await this.repo.closePlatformSession(tx, id, 'expired', now);
            found.push({ sessionId: id, reason: 'expired' });
          }
        }
      }
      return found;
    });
    return ended.map((e) => ({ ...e, message: SESSION_END_MESSAGES[e.reason] }));
  }

  /**
   * Ends sessions now, for a reason the user did not choose: one user's (deactivated, role or
   * password changed), one company's (suspended), or given ids. Their sockets, on every instance,
   * get `force_logout` with the reason and are disconnected. Call it after the write that caused it
   * has committed (the session checks read that write too, so nothing slips through meanwhile).
   */
  async endSessions(scope: UserSessionScope, reason: Exclude<SessionEndReason, 'logout'>): Promise<number> {
    const ids = await this.db.platform((tx) => this.repo.closeOpenUserSessions(tx, scope, reason, this.clock.now()));
    for (const id of ids) this.cutSockets(id, reason);
    return ids.length;
  }

  /**
   * Closes sessions inside the caller's transaction (for a change that removes their rows with it:
   * a deleted user or company). Call the returned function after the commit: it cuts their sockets,
   * which get `force_logout` with the reason.
   */
  async closeSessionsIn(tx: PlatformTx, scope: UserSessionScope, reason: Exclude<SessionEndReason, 'logout'>): Promise<() => void> {
    const ids = await this.repo.closeOpenUserSessions(tx, scope, reason, this.clock.now());
    return () => {
      for (const id of ids) this.cutSockets(id, reason);
    };
  }

  async me(actor: TenantActor): Promise<CurrentUser> {
    const [user, companyName] = await this.db.tenant(
      actor.tenantId,
      async (tx) => [await this.users.findById(tx, actor.tenantId, actor.userId), await this.tenants.nameOf(tx, actor.tenantId)] as const,
    );
    if (!user) throw ApiError.unauthorized(AUTH_MESSAGES.sessionEnded).withCode('auth.session_ended');
    return toCurrentUserDto(user, companyName ?? '');
  }

  /** Every user, whatever the role, sets only their own language and digits. */
  async updatePreferences(actor: TenantActor, change: UpdatePreferencesRequest): Promise<CurrentUser> {
    const [user, companyName] = await this.db.tenant(
      actor.tenantId,
      async (tx) => [await this.users.updatePreferences(tx, actor.tenantId, actor.userId, change, this.clock.now()), await this.tenants.nameOf(tx, actor.tenantId)] as const,
    );
    if (!user) throw ApiError.unauthorized(AUTH_MESSAGES.sessionEnded).withCode('auth.session_ended');
    return toCurrentUserDto(user, companyName ?? '');
  }

  async logout(actor: TenantActor): Promise<{ message: string }> {
    this.seenUsable.delete(actor.sessionId);
    await this.db.platform((tx) => this.repo.closeUserSession(tx, actor.sessionId, 'logout', this.clock.now()));
    // the user asked: their sockets of this session just close (no force_logout)
    this.realtime.endSession(actor.sessionId);
    return { message: 'Signed out.' };
  }

  async superLogin(input: LoginRequest, origin: SessionOrigin): Promise<SuperLoginResponse> {
    const admin = await this.checkCredentials(`super:${input.email}`, input.password, origin, (tx) => this.repo.findPlatformAdminByEmail(tx, input.email));
    const sessionId = await this.db.platform((tx) => this.repo.openPlatformSession(tx, admin.id, origin, this.clock.now()));
    const token = await this.tokens.sign({ subject: admin.id, sessionId, audience: 'platform' });
    return { token, _id: admin.id, name: admin.name, email: admin.email, role: 'super' };
  }

  async authenticateSuper(token: string): Promise<SuperActor> {
    const claims = await this.tokens.verify(token, 'platform');
    if (!claims) throw ApiError.unauthorized(AUTH_MESSAGES.superRequired).withCode('auth.super_required');
    const now = this.clock.now();
    const verdict = await this.db.platform(async (tx) => {
      const row = await this.repo.findPlatformSession(tx, claims.sessionId, claims.subject);
      if (!row || row.logoutAt) return { ok: false, ended: endedReason(row?.endReason), justNow: false } as const;
      if (this.sessionTimedOut(row, now)) {
        await this.repo.closePlatformSession(tx, row.sessionId, 'expired', now);
        return { ok: false, ended: 'expired', justNow: true } as const;
      }
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await this.repo.touchPlatformSession(tx, row.sessionId, now);
      const actor: SuperActor = { kind: 'super', adminId: row.admin.id, sessionId: row.sessionId, name: row.admin.name, email: row.admin.email };
      return { ok: true, actor } as const;
    });
    if (verdict.ok) return verdict.actor;
    if (verdict.justNow) this.cutSockets(claims.sessionId, verdict.ended);
    throw sessionEndedError(verdict.ended);
  }

  async superLogout(actor: SuperActor): Promise<{ message: string }> {
    await this.db.platform((tx) => this.repo.closePlatformSession(tx, actor.sessionId, 'logout', this.clock.now()));
    this.realtime.endSession(actor.sessionId);
    return { message: 'Signed out.' };
  }

  /**
   * The account when the password matches; otherwise the failure is counted and a 401 thrown. The
   * throttle is checked first, and its bookkeeping commits even though the attempt is refused. An
   * unknown account costs the same hashing time as a wrong password.
   */
  private async checkCredentials<A extends { passwordHash: string }>(accountKey: string, password: string, origin: SessionOrigin, find: (tx: PlatformTx) => Promise<A | undefined>): Promise<A> {
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
    if (!account) throw ApiError.unauthorized(AUTH_MESSAGES.invalidCredentials).withCode('auth.invalid_credentials');
    return account;
  }

  /** Why an open session can no longer be used (timed out, user deactivated, company suspended or expired), if it cannot. */
  private userSessionEndReason(
    row: { loginAt: Date; lastSeenAt: Date; user: { isActive: boolean }; tenantActive: boolean; subscriptionStatus: string; subscriptionExpiresAt: Date | null },
    now: Date,
  ): Exclude<SessionEndReason, 'logout'> | undefined {
    if (this.sessionTimedOut(row, now)) return 'expired';
    if (!row.user.isActive) return 'deactivated';
    if (!row.tenantActive) return 'suspended';
    if (isSubscriptionExpired({ status: row.subscriptionStatus, expiresAt: row.subscriptionExpiresAt }, now)) return 'subscription_expired';
    return undefined;
  }

  private cutSockets(sessionId: string, reason: SessionEndReason) {
    this.realtime.endSession(sessionId, reason === 'logout' ? undefined : { reason, message: SESSION_END_MESSAGES[reason] });
  }

  /** Open, allowed, and touched within the minute: nothing to write for it now. */
  private usableAsSeen(seen: RequestSession, now: Date): boolean {
    return !seen.logoutAt && !this.userSessionEndReason(seen, now) && now.getTime() - seen.lastSeenAt.getTime() <= TOUCH_EVERY_MS;
  }

  private remember(seen: RequestSession) {
    this.seenUsable.delete(seen.sessionId);
    if (this.seenUsable.size >= REMEMBERED_SESSIONS) this.seenUsable.delete(this.seenUsable.keys().next().value!);
    this.seenUsable.set(seen.sessionId, seen);
  }

  /** Idle for longer than the idle limit, or older than the absolute lifetime. */
  private sessionTimedOut(session: { loginAt: Date; lastSeenAt: Date }, now: Date): boolean {
    const { idleMs, maxAgeMs } = this.config.session;
    return now.getTime() - session.lastSeenAt.getTime() > idleMs || now.getTime() - session.loginAt.getTime() > maxAgeMs;
  }
}

const END_REASONS = new Set<string>(Object.keys(SESSION_END_MESSAGES));

/** The recorded end reason of a closed session, as a known reason ('logout' when unknown). */
function endedReason(recorded: string | null | undefined): SessionEndReason {
  return recorded && END_REASONS.has(recorded) ? (recorded as SessionEndReason) : 'logout';
}

/** Sign-in refused for an expired subscription: naming the day it ran out when it has one in the past. */
function subscriptionExpiredError(expiresAt: Date | null, now: Date): ApiError {
  if (!expiresAt || expiresAt > now) return ApiError.forbidden(AUTH_MESSAGES.expiredSubscription).withCode('auth.subscription_expired');
  const date = subscriptionExpiryDay(expiresAt);
  return ApiError.forbidden(AUTH_MESSAGES.expiredSubscriptionOn(date)).withCode('auth.subscription_expired_on', { date });
}

function tenantActorOf(row: { sessionId: string; user: { id: string; tenantId: string; role: string; name: string; email: string } }): TenantActor {
  return { kind: 'tenant', userId: row.user.id, tenantId: row.user.tenantId, role: row.user.role as Role, sessionId: row.sessionId, name: row.user.name, email: row.user.email };
}

function sessionEndedError(reason: SessionEndReason): ApiError {
  return ApiError.unauthorized(SESSION_END_MESSAGES[reason]).withCode(SESSION_END_CODES[reason], { reason });
}
