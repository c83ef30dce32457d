import { Injectable } from '@nestjs/common';
import type { AuthUser, UsersQuery } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.js';
import type { PresenceRecorder } from '../../platform/realtime/presence-recorder.js';
import { UsersRepository } from './users.repository.js';
import { toUserDto } from './user.mapper.js';

/** Also the PresenceRecorder of the realtime gateway (users.module.ts). */
@Injectable()
export class UsersService implements PresenceRecorder {
  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
  ) {}

  /** Colleagues of the signed-in user (assignment pickers, team screens). */
  async list(actor: TenantActor, query: UsersQuery): Promise<AuthUser[]> {
    const rows = await this.db.tenant(actor.tenantId, (tx) => this.users.list(tx, actor.tenantId, query));
    return rows.map(toUserDto);
  }

  async recordLastSeen(actor: TenantActor, at: Date): Promise<void> {
    await this.db.tenant(actor.tenantId, (tx) => this.users.recordLastSeen(tx, actor.tenantId, actor.userId, at));
  }
}
