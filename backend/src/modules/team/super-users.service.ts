import { Injectable } from '@nestjs/common';
import type { CreateSuperUserRequest, ListResult, SuperUser, SuperUsersQuery, UpdateSuperUserRequest, UserSession } from '@crm/common';
import type { SuperActor } from '../../platform/auth/actor.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { PlatformTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { AuthRepository } from '../auth/auth.repository.js';
import { AuthService } from '../auth/auth.service.js';
import { SuperAuditService } from '../super-audit/super-audit.service.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { UsersRepository, type UserChange } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import { PresenceService } from './presence.service.js';
import { toTeamUserDto, toUserSessionDto } from './team-user.mapper.js';
import { SESSION_HISTORY_LIMIT } from './team-users.service.js';
import { TEAM_MANAGERS, dropUndefined, emailTaken, lastActiveAdmin, losesActiveAdmin, refuseReservedEmail, rethrowEmailTaken, sessionEndReason, userNotFound } from './user-change-rules.js';

/** A new user's company that does not exist: the form's field is wrong (400), the code says why. */
const unknownCompany = () => ApiError.badRequest('Company not found.', 'tenantId').withCode('tenant.not_found');

/** The fields of a user the audit log shows before and after a change (never the hash). */
const AUDITED = ['name', 'email', 'role', 'isActive'] as const;

/**
 * The super administrator's Manage Users: the users of every company, on the platform path. The
 * rules are Team Users' (user-change-rules.ts): unique emails, a company keeps an active admin,
 * deactivating or a new role or password ends the user's sessions. Every change is audited in its
 * own transaction.
 */
@Injectable()
export class SuperUsersService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly tenants: TenantsRepository,
    private readonly sessions: AuthRepository,
    private readonly auth: AuthService,
    private readonly audit: SuperAuditService,
    private readonly presence: PresenceService,
    private readonly clock: Clock,
  ) {}

  async list(query: SuperUsersQuery): Promise<ListResult<SuperUser>> {
    const { rows, total } = await this.db.platform((tx) => this.users.pageAcrossTenants(tx, { q: query.q, tenantId: query.tenantId, limit: query.limit, offset: (query.page - 1) * query.limit }));
    return { items: await this.withPresence(rows), total };
  }

  async create(actor: SuperActor, input: CreateSuperUserRequest): Promise<SuperUser> {
    const passwordHash = await hashPassword(input.password);
    const { row, tenant } = await this.db
      .platform(async (tx) => {
        const tenant = await this.tenants.findById(tx, input.tenantId);
        if (!tenant) throw unknownCompany();
        if (await this.users.emailExists(tx, input.email)) throw emailTaken();
        await refuseReservedEmail(tx, this.sessions, input.email);
        const row = await this.users.insert(tx, { tenantId: tenant.id, name: input.name, email: input.email, role: input.role, passwordHash, isActive: true });
        await this.audit.record(tx, {
          actor,
          action: 'user.created',
          tenant,
          targetUser: row,
          after: { name: row.name, email: row.email, role: row.role, isActive: row.isActive },
        });
        return { row, tenant };
      })
      .catch(rethrowEmailTaken);
    return { ...toTeamUserDto(row, undefined), tenant: { _id: tenant.id, name: tenant.name } };
  }

  async update(actor: SuperActor, id: string, input: UpdateSuperUserRequest): Promise<SuperUser> {
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    const { before, after, tenant } = await this.db
      .platform(async (tx) => {
        const { user: before, tenant } = await this.lockUser(tx, id);
        await refuseReservedEmail(tx, this.sessions, input.email);
        if (losesActiveAdmin(before, input) && (await this.users.countActiveWithRoles(tx, before.tenantId, TEAM_MANAGERS)) <= 1) throw lastActiveAdmin();
        const change: UserChange = { name: input.name, email: input.email, role: input.role, isActive: input.isActive, passwordHash };
        const after = await this.users.update(tx, before.tenantId, id, dropUndefined(change), this.clock.now());
        if (!after) throw userNotFound();
        const changed = AUDITED.filter((field) => before[field] !== after[field]);
        if (changed.length || passwordHash) {
          await this.audit.record(tx, {
            actor,
            action: 'user.updated',
            tenant,
            targetUser: after,
            before: Object.fromEntries(changed.map((f) => [f, before[f]])),
            // the audit service keeps only "passwordChanged: true" of a password
            after: { ...Object.fromEntries(changed.map((f) => [f, after[f]])), ...(passwordHash ? { password: input.password } : {}) },
          });
        }
        return { before, after, tenant };
      })
      .catch(rethrowEmailTaken);

    // after the commit, as Team Users does: the session checks already read the change
    const reason = sessionEndReason(before, after, passwordHash !== undefined);
    if (reason) await this.auth.endSessions({ userId: after.id }, reason);
    const presence = await this.presence.ofCompany(after.tenantId, [after.id]);
    return { ...toTeamUserDto(after, presence.get(after.id)), tenant: { _id: tenant.id, name: tenant.name } };
  }

  /**
   * Deletes the user for good. Their sessions end (sockets get force_logout) and their history goes
   * with them; what they worked on stays with the company, unassigned: the foreign keys of leads,
   * tasks, messages, templates and expenses to users are ON DELETE SET NULL, so an admin finds those
   * leads under "unassigned" and reassigns them. The last active admin of a company cannot be
   * deleted (the same rule as deactivating).
   */
  async remove(actor: SuperActor, id: string): Promise<{ message: string }> {
    const cutSockets = await this.db.platform(async (tx) => {
      const { user, tenant } = await this.lockUser(tx, id);
      if (losesActiveAdmin(user, null) && (await this.users.countActiveWithRoles(tx, user.tenantId, TEAM_MANAGERS)) <= 1) throw lastActiveAdmin();
      const cut = await this.auth.closeSessionsIn(tx, { userId: user.id }, 'account_deleted');
      if (!(await this.users.remove(tx, user.tenantId, user.id))) throw userNotFound();
      await this.audit.record(tx, {
        actor,
        action: 'user.deleted',
        tenant,
        targetUser: user,
        before: { name: user.name, email: user.email, role: user.role, isActive: user.isActive },
      });
      return cut;
    });
    cutSockets();
    return { message: 'User deleted.' };
  }

  async listSessions(id: string): Promise<UserSession[]> {
    const rows = await this.db.platform(async (tx) => {
      const user = await this.users.findAnyById(tx, id);
      if (!user) throw userNotFound();
      return this.sessions.listUserSessions(tx, user.tenantId, id, SESSION_HISTORY_LIMIT);
    });
    return rows.map(toUserSessionDto);
  }

  /** The user and their company, with the company's admin changes held until the transaction ends. */
  private async lockUser(tx: PlatformTx, id: string) {
    const found = await this.users.findAnyById(tx, id);
    if (!found) throw userNotFound();
    // the same lock Team Users takes: two changes cannot both remove "the other" last admin
    await this.users.lockAdminChanges(tx, found.tenantId);
    const user = await this.users.findAnyById(tx, id, { forUpdate: true });
    const tenant = user && (await this.tenants.findById(tx, user.tenantId));
    if (!user || !tenant) throw userNotFound();
    return { user, tenant };
  }

  private async withPresence(rows: { user: UserRow; tenant: { id: string; name: string } }[]): Promise<SuperUser[]> {
    const byCompany = new Map<string, Awaited<ReturnType<PresenceService['ofCompany']>>>();
    for (const tenantId of new Set(rows.map((r) => r.tenant.id))) {
      const userIds = rows.filter((r) => r.tenant.id === tenantId).map((r) => r.user.id);
      byCompany.set(tenantId, await this.presence.ofCompany(tenantId, userIds));
    }
    return rows.map(({ user, tenant }) => ({ ...toTeamUserDto(user, byCompany.get(tenant.id)?.get(user.id)), tenant: { _id: tenant.id, name: tenant.name } }));
  }
}
