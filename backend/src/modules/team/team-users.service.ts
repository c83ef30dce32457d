import { Injectable } from '@nestjs/common';
import type { CreateUserRequest, TeamUser, UpdateUserRequest, UserSession } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { ApiError } from '../../platform/http/api-error.js';
import { AuthRepository } from '../auth/auth.repository.js';
import { AuthService } from '../auth/auth.service.js';
import { UsersRepository, type UserChange } from '../users/users.repository.js';
import { toTeamUserDto, toUserSessionDto } from './team-user.mapper.js';
import { PresenceService } from './presence.service.js';
import { TEAM_MANAGERS, dropUndefined, lastActiveAdmin, losesActiveAdmin, refuseReservedEmail, rethrowEmailTaken, sessionEndReason, userNotFound as notFound } from './user-change-rules.js';

/** How many sign-ins of one user the session history returns (newest first). */
export const SESSION_HISTORY_LIMIT = 200;

/**
 * The admin's Team Users: the company's users, adding one, changing one, their sign-ins. It lives
 * apart from the users module because it needs the auth module (ending sessions), which itself
 * needs the users module.
 */
@Injectable()
export class TeamUsersService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly sessions: AuthRepository,
    private readonly auth: AuthService,
    private readonly presence: PresenceService,
    private readonly clock: Clock,
  ) {}

  async list(actor: TenantActor): Promise<TeamUser[]> {
    const rows = await this.db.tenant(actor.tenantId, (tx) => this.users.list(tx, actor.tenantId, {}));
    const presence = await this.presence.ofCompany(
      actor.tenantId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toTeamUserDto(row, presence.get(row.id)));
  }

  async create(actor: TenantActor, input: CreateUserRequest): Promise<TeamUser> {
    await this.refuseReservedEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    const row = await this.db
      .tenant(actor.tenantId, (tx) => this.users.insert(tx, { tenantId: actor.tenantId, name: input.name, email: input.email, role: input.role, passwordHash, isActive: true }))
      .catch(rethrowEmailTaken);
    return toTeamUserDto(row, undefined);
  }

  /**
   * Name, email, role, active flag and (when given) a new password. Deactivating, changing the role
   * or the password ends the user's sessions at once (their sockets get force_logout); an admin's
   * own new password ends only their other sessions. An admin can neither lock themselves out nor
   * leave the company without an active admin.
   */
  async update(actor: TenantActor, id: string, input: UpdateUserRequest): Promise<TeamUser> {
    await this.refuseReservedEmail(input.email);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    const { before, after } = await this.db
      .tenant(actor.tenantId, async (tx) => {
        await this.users.lockAdminChanges(tx, actor.tenantId);
        const before = await this.users.findById(tx, actor.tenantId, id);
        if (!before) throw notFound();
        const losesAdmin = losesActiveAdmin(before, input);
        if (losesAdmin && before.id === actor.userId) {
          throw ApiError.forbidden('You cannot deactivate your own account or remove your own admin role.').withCode('user.cannot_lock_out_self');
        }
        if (losesAdmin && (await this.users.countActiveWithRoles(tx, actor.tenantId, TEAM_MANAGERS)) <= 1) {
          throw lastActiveAdmin();
        }
        const change: UserChange = { name: input.name, email: input.email, role: input.role, isActive: input.isActive, passwordHash };
        const after = await this.users.update(tx, actor.tenantId, id, dropUndefined(change), this.clock.now());
        if (!after) throw notFound();
        return { before, after };
      })
      .catch(rethrowEmailTaken);

    // after the commit: the session checks already read the change, this also cuts the live sockets
    const reason = sessionEndReason(before, after, passwordHash !== undefined);
    // An admin who changes their own password signs out everywhere else (a device left signed in
    // somewhere is why one changes it) but keeps the session they are working in.
    const exceptSessionId = reason === 'password_changed' && after.id === actor.userId ? actor.sessionId : undefined;
    if (reason) await this.auth.endSessions({ userId: after.id, exceptSessionId }, reason);
    const presence = await this.presence.ofCompany(actor.tenantId, [after.id]);
    return toTeamUserDto(after, presence.get(after.id));
  }

  /** The super administrator's email is not for company users: checked on the platform path, where platform_admins is readable. */
  private async refuseReservedEmail(email: string | undefined): Promise<void> {
    if (email !== undefined) await this.db.platform((tx) => refuseReservedEmail(tx, this.sessions, email));
  }

  async listSessions(actor: TenantActor, id: string): Promise<UserSession[]> {
    const rows = await this.db.tenant(actor.tenantId, async (tx) => {
      if (!(await this.users.findById(tx, actor.tenantId, id))) throw notFound();
      return this.sessions.listUserSessions(tx, actor.tenantId, id, SESSION_HISTORY_LIMIT);
    });
    return rows.map(toUserSessionDto);
  }
}
