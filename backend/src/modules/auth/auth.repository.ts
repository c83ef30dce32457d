import { Injectable } from '@nestjs/common';
import { and, count, eq, gt, inArray, lt, max, min, ne, sql, type SQL } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import type { Database } from '../../platform/db/database.js';
import { isUuid } from '../../platform/db/columns.js';
import { tenants } from '../tenants/tenants.table.js';
import { UsersRepository } from '../users/users.repository.js';
import { users } from '../users/users.table.js';
import { loginFailures, platformAdmins, platformSessions, userSessions } from './auth.table.js';
import { newestFirst } from '../../platform/db/order.js';

export type SessionOrigin = { ip: string; userAgent?: string };
/** A session as the request check reads it (findUserSessionForRequest). */
export type RequestSession = {
  sessionId: string;
  loginAt: Date;
  lastSeenAt: Date;
  logoutAt: Date | null;
  endReason: string | null;
  user: { id: string; tenantId: string; role: string; name: string; email: string; isActive: boolean };
  tenantActive: boolean;
  subscriptionStatus: string;
  subscriptionExpiresAt: Date | null;
};
type SessionCheckRow = {
  session_id: string;
  login_at: Date | string;
  last_seen_at: Date | string;
  logout_at: Date | string | null;
  end_reason: string | null;
  user_id: string;
  tenant_id: string;
  role: string;
  name: string;
  email: string;
  user_active: boolean;
  tenant_active: boolean;
  subscription_status: string;
  subscription_expires_at: Date | string | null;
};
/** Whose sessions: one user's, one company's, or these. */
/** Whose sessions: one user's (but `exceptSessionId`, the one making the change, when given), one company's, or these. */
export type UserSessionScope = { userId: string; exceptSessionId?: string } | { tenantId: string } | { sessionIds: string[] };

/**
 * Sessions and sign-in attempts. All of it runs on the platform path: a request's tenant is only
 * known once its session has been found.
 */
@Injectable()
export class AuthRepository {
  constructor(private readonly usersRepository: UsersRepository) {}

  async openUserSession(tx: PlatformTx, user: { id: string; tenantId: string }, origin: SessionOrigin, at: Date) {
    const [row] = await tx
      .insert(userSessions)
      .values({ tenantId: user.tenantId, userId: user.id, ip: origin.ip, userAgent: origin.userAgent, loginAt: at, lastSeenAt: at })
      .returning({ id: userSessions.id });
    return row.id;
  }

  /**
   * The same check in one round trip, outside a transaction (user_session_check, migration 0024):
   * what every request reads. Undefined for ids that are not uuids (a signed token always has them).
   */
  async findUserSessionForRequest(db: Database, sessionId: string, userId: string): Promise<RequestSession | undefined> {
    if (!isUuid(sessionId) || !isUuid(userId)) return undefined;
    const [r] = await db.definerCall<SessionCheckRow>('user_session_check', [sessionId, userId]);
    return r ? toRequestSession(r) : undefined;
  }

  /**
   * The same check as one statement without parameters, for the transaction that opens a read
   * request (platform/auth/deferred-session-check): its ids inlined, checked uuids. The function was
   * checked to be a definer by the check that admitted the session first.
   */
  sessionCheckSql(sessionId: string, userId: string): string {
    if (!isUuid(sessionId) || !isUuid(userId)) throw new Error('a session check needs uuids');
    return `select * from user_session_check('${sessionId}', '${userId}')`;
  }

  /** A row of that statement, read as the request check does. */
  readSessionCheck(rows: Record<string, unknown>[]): RequestSession | undefined {
    return rows[0] ? toRequestSession(rows[0] as SessionCheckRow) : undefined;
  }

  /** The session with everything the guard must re-check on every request, in one query. */
  async findUserSession(tx: PlatformTx, sessionId: string, userId: string) {
    const [row] = await this.selectUserSessions(tx)
      .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId)))
      .limit(1);
    return row;
  }

  /** The same, for many sessions at once (the realtime sweep over connected sockets). */
  findUserSessions(tx: PlatformTx, sessionIds: string[]) {
    return this.selectUserSessions(tx).where(inArray(userSessions.id, sessionIds));
  }

  private selectUserSessions(tx: PlatformTx) {
    return tx
      .select({
        sessionId: userSessions.id,
        loginAt: userSessions.loginAt,
        lastSeenAt: userSessions.lastSeenAt,
        logoutAt: userSessions.logoutAt,
        endReason: userSessions.endReason,
        user: users,
        tenantActive: tenants.isActive,
        subscriptionStatus: tenants.subscriptionStatus,
        subscriptionExpiresAt: tenants.subscriptionExpiresAt,
      })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .innerJoin(tenants, eq(tenants.id, userSessions.tenantId));
  }

  /** One user's sign-ins, newest first (the team screen's session history). */
  async listUserSessions(tx: PlatformTx | TenantTx, tenantId: string, userId: string, limit: number) {
    return tx
      .select({ id: userSessions.id, loginAt: userSessions.loginAt, logoutAt: userSessions.logoutAt, durationSeconds: userSessions.durationSeconds })
      .from(userSessions)
      .where(and(eq(userSessions.tenantId, tenantId), eq(userSessions.userId, userId)))
      .orderBy(newestFirst(userSessions.loginAt))
      .limit(limit);
  }

  async touchUserSession(tx: PlatformTx, sessionId: string, userId: string, at: Date) {
    await tx.update(userSessions).set({ lastSeenAt: at }).where(eq(userSessions.id, sessionId));
    await this.usersRepository.touchLastSeen(tx, userId, at);
  }

  async closeUserSession(tx: PlatformTx, sessionId: string, reason: string, at: Date) {
    await this.closeUserSessions(tx, eq(userSessions.id, sessionId), reason, at);
  }

  /** Closes the open sessions of one user, of one company, or these ids; their ids. */
  async closeOpenUserSessions(tx: PlatformTx, scope: UserSessionScope, reason: string, at: Date): Promise<string[]> {
    const where =
      'sessionIds' in scope
        ? inArray(userSessions.id, scope.sessionIds)
        : 'userId' in scope
          ? and(eq(userSessions.userId, scope.userId), scope.exceptSessionId ? ne(userSessions.id, scope.exceptSessionId) : undefined)
          : eq(userSessions.tenantId, scope.tenantId);
    return this.closeUserSessions(tx, where, reason, at);
  }

  private async closeUserSessions(tx: PlatformTx, where: SQL | undefined, reason: string, at: Date): Promise<string[]> {
    const rows = await tx
      .update(userSessions)
      .set({
        logoutAt: at,
        endReason: reason,
        durationSeconds: sql`greatest(0, extract(epoch from (${at.toISOString()}::timestamptz - ${userSessions.loginAt})))::int`,
      })
      .where(and(where, sql`${userSessions.logoutAt} is null`))
      .returning({ id: userSessions.id });
    return rows.map((r) => r.id);
  }

  async findPlatformAdminByEmail(tx: PlatformTx, email: string) {
    const [row] = await tx
      .select()
      .from(platformAdmins)
      .where(sql`lower(${platformAdmins.email}) = lower(${email})`)
      .limit(1);
    return row;
  }

  /** Whether the email (any case) is a platform super administrator's: company users may not take it. */
  async isPlatformAdminEmail(tx: PlatformTx, email: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: platformAdmins.id })
      .from(platformAdmins)
      .where(sql`lower(${platformAdmins.email}) = lower(${email})`)
      .limit(1);
    return !!row;
  }

  async insertPlatformAdmin(tx: PlatformTx, admin: { name: string; email: string; passwordHash: string }) {
    const [row] = await tx.insert(platformAdmins).values(admin).returning();
    return row;
  }

  async openPlatformSession(tx: PlatformTx, adminId: string, origin: SessionOrigin, at: Date) {
    const [row] = await tx.insert(platformSessions).values({ adminId, ip: origin.ip, userAgent: origin.userAgent, loginAt: at, lastSeenAt: at }).returning({ id: platformSessions.id });
    return row.id;
  }

  async findPlatformSession(tx: PlatformTx, sessionId: string, adminId: string) {
    const [row] = await this.selectPlatformSessions(tx)
      .where(and(eq(platformSessions.id, sessionId), eq(platformSessions.adminId, adminId)))
      .limit(1);
    return row;
  }

  findPlatformSessions(tx: PlatformTx, sessionIds: string[]) {
    return this.selectPlatformSessions(tx).where(inArray(platformSessions.id, sessionIds));
  }

  private selectPlatformSessions(tx: PlatformTx) {
    return tx
      .select({
        sessionId: platformSessions.id,
        loginAt: platformSessions.loginAt,
        lastSeenAt: platformSessions.lastSeenAt,
        logoutAt: platformSessions.logoutAt,
        endReason: platformSessions.endReason,
        admin: platformAdmins,
      })
      .from(platformSessions)
      .innerJoin(platformAdmins, eq(platformAdmins.id, platformSessions.adminId));
  }

  async touchPlatformSession(tx: PlatformTx, sessionId: string, at: Date) {
    await tx.update(platformSessions).set({ lastSeenAt: at }).where(eq(platformSessions.id, sessionId));
  }

  async closePlatformSession(tx: PlatformTx, sessionId: string, reason: string, at: Date) {
    await tx
      .update(platformSessions)
      .set({ logoutAt: at, endReason: reason })
      .where(and(eq(platformSessions.id, sessionId), sql`${platformSessions.logoutAt} is null`));
  }

  /**
   * Serialises sign-in attempts on one account until the transaction ends, so that parallel
   * guesses are counted one after the other and none slips past the limit (no table needed).
   */
  async lockAccountAttempts(tx: PlatformTx, accountKey: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${accountKey}`}))`);
  }

  /** Failures inside the window: of this account from this address, of the account, and of the address. */
  async countFailures(tx: PlatformTx, accountKey: string, ip: string, since: Date) {
    const [pair] = await tx
      .select({ n: count(), oldest: min(loginFailures.at) })
      .from(loginFailures)
      .where(and(eq(loginFailures.accountKey, accountKey), eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
    const [account] = await tx
      .select({ n: count(), latest: max(loginFailures.at) })
      .from(loginFailures)
      .where(and(eq(loginFailures.accountKey, accountKey), gt(loginFailures.at, since)));
    const [address] = await tx
      .select({ n: count(), oldest: min(loginFailures.at) })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
    return { pair, account, address };
  }

  async recordFailure(tx: PlatformTx, accountKey: string, ip: string, at: Date, pruneBefore: Date) {
    await tx.insert(loginFailures).values({ accountKey, ip, at });
    await tx.delete(loginFailures).where(lt(loginFailures.at, pruneBefore));
  }

  /** After a good sign-in: this address's failures on the account only (others' guesses still count). */
  async clearFailures(tx: PlatformTx, accountKey: string, ip: string) {
    await tx.delete(loginFailures).where(and(eq(loginFailures.accountKey, accountKey), eq(loginFailures.ip, ip)));
  }
}

function toRequestSession(r: SessionCheckRow): RequestSession {
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    sessionId: r.session_id,
    loginAt: date(r.login_at)!,
    lastSeenAt: date(r.last_seen_at)!,
    logoutAt: date(r.logout_at),
    endReason: r.end_reason,
    user: { id: r.user_id, tenantId: r.tenant_id, role: r.role, name: r.name, email: r.email, isActive: r.user_active },
    tenantActive: r.tenant_active,
    subscriptionStatus: r.subscription_status,
    subscriptionExpiresAt: date(r.subscription_expires_at),
  };
}
